// issue 20: operationIds a client generator can use, derived from method and path.
import { describe, expect, it } from 'vitest';
import { deriveOperationId, singular } from './operation-id.ts';

describe('deriveOperationId', () => {
  it.each([
    ['GET', '/api/orders/{orderId}', 'getOrder'],
    ['GET', '/api/orders/:id', 'getOrder'],
    ['GET', '/api/orders', 'listOrders'],
    ['GET', '/api/account/orders/{id}', 'getAccountOrder'],
    ['GET', '/api/storefront', 'getStorefront'],
    ['GET', '/api/tax-settings', 'getTaxSettings'],
    ['GET', '/api/orders/{id}/receipt.pdf', 'getOrderReceiptPdf'],
    ['GET', '/api/reschedulings/{token}/invite.ics', 'getReschedulingInviteIcs'],
    ['POST', '/api/addresses', 'createAddress'],
    ['POST', '/api/pharmacies', 'createPharmacy'],
    ['POST', '/api/orders/{id}/pay', 'payOrder'],
    ['POST', '/api/reschedulings/{token}/cancel-order', 'cancelReschedulingOrder'],
    ['POST', '/api/doctor/questionnaires/{versionId}/sign-off', 'signOffDoctorQuestionnaire'],
    ['POST', '/api/account/sessions/revoke-all', 'revokeAllAccountSessions'],
    ['PUT', '/api/orders/{id}/items', 'setOrderItems'],
    ['PUT', '/api/admin/doctors/{doctorId}', 'updateAdminDoctor'],
    ['PATCH', '/api/addresses/{id}', 'updateAddress'],
    ['DELETE', '/api/doctor/orders/{id}/claim', 'deleteDoctorOrderClaim'],
    ['DELETE', '/api/orders/{id}/items/{productId}', 'deleteOrderItem'],
  ])('%s %s → %s', (method, url, expected) => {
    expect(deriveOperationId(method, url)).toBe(expected);
  });

  it('makes the noun before an id singular', () => {
    expect(['addresses', 'pharmacies', 'orders', 'settings', 'staff'].map(singular)).toEqual([
      'address',
      'pharmacy',
      'order',
      'settings',
      'staff',
    ]);
  });
});
