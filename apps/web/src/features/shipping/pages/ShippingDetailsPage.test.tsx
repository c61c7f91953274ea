// /checkout/shipping-details for a signed-in patient (issue 5; SPEC §9 address groups): Continue
// waits for an address, and the page says so instead of showing a greyed button alone.
import { Stage, type CheckoutProgressView } from '@store/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutContext } from '@/lib/checkout';
import { mockApi } from '@/test/mockApi';
import { renderWithStore } from '@/test/render';
import { makeCart } from '@/test/storeFixtures';
import { ShippingDetailsPage } from './ShippingDetailsPage';

afterEach(() => vi.unstubAllGlobals());

describe('ShippingDetailsPage, signed in', () => {
  it('with no address chosen, Continue is disabled and the page says what it waits for', async () => {
    mockApi([
      ['GET', '/api/shipping-methods', () => ({ body: [{ id: 'm1', carrier: 'USPS', name: 'Standard', costCents: 500, minDays: 3, maxDays: 5, freeAboveCents: null }] })],
      ['GET', '/api/addresses', () => ({ body: { mostRecent: null, otherSaved: [] } })],
    ]);
    const progress = { orderId: 'o1', loggedIn: true, completedStages: 0, requiredStages: Stage.Shipping | Stage.Payment, firstPendingStage: Stage.Shipping } as CheckoutProgressView;
    const order = makeCart({ shipping: { state: 'TX', methodId: 'm1', carrier: 'USPS', methodName: 'Standard', costCents: 500 } });
    renderWithStore(
      <CheckoutContext.Provider value={{ order, progress, refresh: async () => progress, continueCheckout: async () => undefined }}>
        <ShippingDetailsPage />
      </CheckoutContext.Provider>,
    );
    expect(await screen.findByText('No saved addresses yet')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Choose one of your addresses, or save a new one, to continue.');
  });
});
