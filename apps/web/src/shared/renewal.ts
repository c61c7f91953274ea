// issue 17: where a patient asks to renew a prescription with no refills left or expired (the
// renewal feature's page). Shared so the order details and refills pages can link to it.
export const renewPrescriptionPath = (prescriptionId: string) => `/prescriptions/${encodeURIComponent(prescriptionId)}/renew`;
export const RENEW_PRESCRIPTION_ROUTE = '/prescriptions/:id/renew';
