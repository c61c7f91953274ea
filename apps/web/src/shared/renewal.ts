// issue 17: where a patient asks to renew the prescription written for one of their orders (no
// refills left, or expired): the renewal feature's page. Shared so the order details and refills
// pages can link to it.
export const renewPrescriptionPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/renew-prescription`;
export const RENEW_PRESCRIPTION_ROUTE = '/orders/:id/renew-prescription';
