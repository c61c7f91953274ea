// /checkout/schedule-visit (SPEC §2; issue 6) for a guest: the name and phone given for shipping
// start the visit's contact fields (nothing the patient already typed is asked again from blank).
import type { CheckoutProgressView } from '@store/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutContext } from '@/shared/checkout';
import { renderWithStore } from '@/test/render';
import { makeCart } from '@/test/storeFixtures';
import { fakeApi } from '@/test/fakeApi';
import { OKAFOR, SLOT_DAYS } from '../test-fixtures';
import { ScheduleVisitCheckoutPage } from './ScheduleVisitCheckoutPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScheduleVisitCheckoutPage', () => {
  it('starts a guest’s full name and phone from the shipping address; the email is theirs to give', async () => {
    fakeApi([
      ['GET', '/api/session', () => ({ body: { kind: 'guest', userId: null, role: null } })],
      ['GET', '/api/orders/o1/appointment', () => ({ body: { appointment: null, visitType: 1 } })],
      ['GET', '/api/doctors', () => ({ body: [OKAFOR] })],
      ['GET', '/api/slots', () => ({ body: { timeZone: 'America/New_York', doctorCount: 1, days: SLOT_DAYS } })],
    ]);
    const order = makeCart({
      shipping: { state: 'NY', methodId: 'm1', carrier: 'USPS', methodName: 'Standard', costCents: 500, allowedMethodIds: null },
      shippingAddress: { fullName: 'Jordan Rivers', line1: '350 5th Ave', line2: null, city: 'New York', state: 'NY', zip: '10118', phone: '2125550123' },
    });
    const progress = { orderId: 'o1', loggedIn: false, visitType: 1 } as CheckoutProgressView;
    renderWithStore(
      <CheckoutContext.Provider value={{ order, progress, refresh: async () => progress, continueCheckout: async () => undefined }}>
        <ScheduleVisitCheckoutPage />
      </CheckoutContext.Provider>,
    );
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Jordan Rivers');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('2125550123');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });
});
