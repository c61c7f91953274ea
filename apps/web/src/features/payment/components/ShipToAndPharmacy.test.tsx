// The order summary's ship-to address and pharmacy (issue 13 #11): both shown as the order has
// them, each with a link to change it that leads back to the summary once saved.
import { Stage } from '@store/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { makeCart } from '@/test/storeFixtures';
import { ShipToAndPharmacy } from './ShipToAndPharmacy';

afterEach(() => vi.unstubAllGlobals());

const address = { fullName: 'Jamie Rivera', line1: '500 Congress Ave', line2: null, city: 'Austin', state: 'TX' as const, zip: '78701', phone: '5125550134' };

describe('ShipToAndPharmacy', () => {
  it('shows the ship-to address and the pharmacy, each with a way to change it', async () => {
    fakeApi([
      [
        'GET',
        '/api/pharmacies/ph1',
        () => ({ body: { id: 'ph1', name: 'Main Street Pharmacy', phone: '5125550100', pharmacyAddress: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } } }),
      ],
    ]);
    const order = { ...makeCart({ checkoutStages: Stage.Shipping | Stage.Pharmacy | Stage.Payment, shippingAddress: address }), pharmacyId: 'ph1' };
    const { container } = renderWithStore(<ShipToAndPharmacy order={order} />);
    const shipTo = screen.getByRole('region', { name: 'Ship to' });
    expect(shipTo).toHaveTextContent('Jamie Rivera');
    expect(shipTo).toHaveTextContent('500 Congress Ave, Austin, TX 78701');
    expect(within(shipTo).getByRole('link', { name: 'Change shipping address' })).toHaveAttribute(
      'href',
      '/checkout/shipping-details?edit=1&return=summary',
    );
    const pharmacy = screen.getByRole('region', { name: 'Pharmacy' });
    expect(await within(pharmacy).findByText('Main Street Pharmacy')).toBeInTheDocument();
    expect(pharmacy).toHaveTextContent('1 Main St, Austin, TX 78701');
    expect(within(pharmacy).getByRole('link', { name: 'Change pharmacy' })).toHaveAttribute('href', '/checkout/pharmacy-options?return=summary');
    await expectNoAxeViolations(container);
  });

  it('shows nothing for an order that neither ships nor needs a pharmacy', () => {
    fakeApi([]);
    const { container } = renderWithStore(<ShipToAndPharmacy order={makeCart({ checkoutStages: Stage.Payment })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
