// /checkout/shipping-details for a signed-in patient (issue 5; SPEC §9 address groups): Continue
// says what it needs; an address typed under "Add a new address" and not saved is saved and shipped
// to, or its fields say what is missing — never silently dropped (issue 13 #11); come from the
// summary, the saved change leads back to it.
import { Stage, type CheckoutProgressView } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutContext } from '@/shared/checkout';
import { fakeApi } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { makeCart } from '@/test/storeFixtures';
import type { SavedAddress } from '../api/shipping.api';
import { FINISH_NEW_ADDRESS, ShippingDetailsPage } from './ShippingDetailsPage';

// Typing into MUI forms in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const METHODS = [{ id: 'm1', carrier: 'USPS', name: 'Standard', costCents: 500, minDays: 3, maxDays: 5, freeAboveCents: null }];
const home: SavedAddress = {
  id: 'a1',
  fullName: 'Jane Doe',
  line1: '12 Oak Street',
  line2: null,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '5125550134',
  lastUsedAt: '2026-11-20T12:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const shippingDone = { orderId: 'o1', loggedIn: true, completedStages: Stage.Shipping, requiredStages: Stage.Shipping | Stage.Payment, firstPendingStage: Stage.Payment } as CheckoutProgressView;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(path = '/checkout/shipping-details') {
  const progress = { orderId: 'o1', loggedIn: true, completedStages: 0, requiredStages: Stage.Shipping | Stage.Payment, firstPendingStage: Stage.Shipping } as CheckoutProgressView;
  const order = makeCart({ shipping: { state: 'TX', methodId: 'm1', carrier: 'USPS', methodName: 'Standard', costCents: 500, allowedMethodIds: null } });
  const continueCheckout = vi.fn(async () => undefined);
  renderWithStore(
    <CheckoutContext.Provider value={{ order, progress, refresh: async () => shippingDone, continueCheckout }}>
      <Routes>
        <Route path="/checkout/shipping-details" element={<ShippingDetailsPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </CheckoutContext.Provider>,
    { path },
  );
  return { continueCheckout };
}

async function typeNewAddress(form: HTMLElement, fields: { fullName?: string; line1?: string; city?: string; state?: string; zip?: string; phone?: string }) {
  const user = userEvent.setup();
  if (fields.fullName) await user.type(within(form).getByLabelText(/^Full name/), fields.fullName);
  if (fields.line1) await user.type(within(form).getByLabelText(/^Street address/), fields.line1);
  if (fields.city) await user.type(within(form).getByLabelText(/^City/), fields.city);
  if (fields.state) await user.selectOptions(within(form).getByLabelText(/^State/), fields.state);
  if (fields.zip) await user.type(within(form).getByLabelText(/^ZIP code/), fields.zip);
  if (fields.phone) await user.type(within(form).getByLabelText(/^Phone number/), fields.phone);
}

describe('ShippingDetailsPage, signed in', () => {
  it('with no address chosen, the page says what Continue waits for, and Continue asks for the new address', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/shipping-methods', () => ({ body: METHODS })],
      ['GET', '/api/addresses', () => ({ body: { mostRecent: null, otherSaved: [] } })],
    ]);
    renderPage();
    expect(await screen.findByText('No saved addresses yet')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveAccessibleDescription('Choose one of your addresses, or add a new one, to continue.');
    // Pressed with nothing typed: the new address's fields say what is missing, and nothing is sent.
    await userEvent.click(next);
    expect(await screen.findByText(FINISH_NEW_ADDRESS)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New address' });
    expect(within(form).getByLabelText(/^Full name/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('Continue saves an address typed under "Add a new address" and ships there (issue 13 #11)', async () => {
    const created: SavedAddress = { ...home, id: 'a9', fullName: 'Jamie Rivera', line1: '500 Congress Ave', zip: '78702', phone: '5125550199', lastUsedAt: null };
    const { calls } = fakeApi([
      ['GET', '/api/shipping-methods', () => ({ body: METHODS })],
      ['GET', '/api/addresses', () => ({ body: { mostRecent: home, otherSaved: [] } })],
      ['POST', '/api/addresses', () => ({ status: 201, body: created })],
      ['PUT', '/api/orders/o1/shipping-address', () => ({ body: makeCart() })],
    ]);
    const { continueCheckout } = renderPage();
    // The old address is picked to start with (the pick lands a render after the list: wait for it).
    await waitFor(() => expect(screen.getByRole('radio', { name: /12 Oak Street/ })).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await typeNewAddress(form, { fullName: 'Jamie Rivera', line1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78702', phone: '5125550199' });
    // Continue without pressing "Save address": the typed address is saved and the order ships there.
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ fullName: 'Jamie Rivera', line1: '500 Congress Ave', zip: '78702' });
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ savedAddressId: 'a9' });
    await waitFor(() => expect(continueCheckout).not.toHaveBeenCalled());
  });

  it('a half-typed new address is not dropped: Continue says what is missing and ships nowhere (issue 13 #11)', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/shipping-methods', () => ({ body: METHODS })],
      ['GET', '/api/addresses', () => ({ body: { mostRecent: home, otherSaved: [] } })],
    ]);
    renderPage();
    await screen.findByRole('radio', { name: /12 Oak Street/ });
    await userEvent.click(screen.getByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await typeNewAddress(form, { fullName: 'Jamie Rivera', line1: '500 Congress Ave' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(FINISH_NEW_ADDRESS)).toBeInTheDocument();
    expect(within(form).getByLabelText(/^City/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^Street address/)).toHaveValue('500 Congress Ave');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('come from the summary, the saved address leads back to it (issue 13 #11)', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/shipping-methods', () => ({ body: METHODS })],
      ['GET', '/api/addresses', () => ({ body: { mostRecent: home, otherSaved: [] } })],
      ['PUT', '/api/orders/o1/shipping-address', () => ({ body: makeCart() })],
    ]);
    const { continueCheckout } = renderPage('/checkout/shipping-details?edit=1&return=summary');
    await screen.findByRole('radio', { name: /12 Oak Street/ });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/checkout/summary');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ savedAddressId: 'a1' });
    expect(continueCheckout).not.toHaveBeenCalled();
  });
});
