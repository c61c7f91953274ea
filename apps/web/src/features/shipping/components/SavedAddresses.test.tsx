import { ADDRESS_GROUPS, MESSAGES } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import type { SavedAddress } from '../api/shipping.api';
import { SavedAddresses, type SavedAddressesProps } from './SavedAddresses';

// Typing into MUI forms in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const address = (id: string, over: Partial<SavedAddress> = {}): SavedAddress => ({
  id,
  fullName: 'Jane Doe',
  line1: '12 Oak Street',
  line2: null,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '5125550134',
  lastUsedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const home = address('a1', { lastUsedAt: '2026-11-20T12:00:00.000Z' });
const work = address('a2', { line1: '500 Congress Ave', zip: '78702' });
const mom = address('a3', { fullName: 'Mary Doe', line1: '9 Elm Rd', city: 'Denver', state: 'CO', zip: '80202' });

function Picker(props: Partial<SavedAddressesProps> & { onUseSpy?: (a: SavedAddress) => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  return <SavedAddresses selectedId={selected} onSelect={(a) => setSelected(a.id)} onUse={props.onUseSpy} shipsTo={props.shipsTo} />;
}

describe('SavedAddresses', () => {
  it('groups the addresses under MOST RECENT ADDRESS and OTHER SAVED ADDRESSES', async () => {
    // SPEC §9 "Address groups: MOST RECENT ADDRESS, OTHER SAVED ADDRESSES"
    fakeApi([['GET', '/api/addresses', () => ({ body: { mostRecent: home, otherSaved: [work, mom] } })]]);
    const { container } = renderWithStore(<Picker />);
    const recent = await screen.findByRole('radiogroup', { name: ADDRESS_GROUPS.mostRecent });
    expect(screen.getByRole('heading', { name: 'MOST RECENT ADDRESS' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'OTHER SAVED ADDRESSES' })).toBeInTheDocument();
    expect(within(recent).getAllByRole('radio')).toHaveLength(1);
    expect(within(recent).getByText('12 Oak Street, Austin, TX 78701')).toBeInTheDocument();
    const others = screen.getByRole('radiogroup', { name: ADDRESS_GROUPS.otherSaved });
    expect(within(others).getAllByRole('radio')).toHaveLength(2);
    expect(within(others).getByText('9 Elm Rd, Denver, CO 80202')).toBeInTheDocument();
    expect(within(others).getAllByText('(512) 555-0134')).toHaveLength(2);
    await expectNoAxeViolations(container);
  });

  it('ships to the picked address: marks it used and hands it over', async () => {
    const used = { ...work, lastUsedAt: '2026-11-21T09:00:00.000Z' };
    const { calls } = fakeApi([
      ['GET', '/api/addresses', () => ({ body: { mostRecent: home, otherSaved: [work] } })],
      ['POST', '/api/addresses/a2/use', () => ({ body: used })],
    ]);
    const onUse = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Picker onUseSpy={onUse} />);
    const button = await screen.findByRole('button', { name: 'Ship to this address' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /500 Congress Ave/ }));
    expect(screen.getByRole('radio', { name: /500 Congress Ave/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /12 Oak Street/ })).not.toBeChecked();
    await user.click(button);
    await waitFor(() => expect(onUse).toHaveBeenCalledWith(used));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/addresses/a2/use']);
  });

  it('edits an address in place and sends the change', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/addresses', () => ({ body: { mostRecent: home, otherSaved: [] } })],
      ['PATCH', '/api/addresses/a1', (c) => ({ body: { ...home, ...(c.body as object) } })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Picker />);
    await user.click(await screen.findByRole('button', { name: /^Edit Jane Doe/ }));
    const form = screen.getByRole('form', { name: 'Edit address of Jane Doe' });
    const city = within(form).getByLabelText(/^city/i);
    expect(city).toHaveValue('Austin');
    await user.clear(city);
    await user.type(city, 'Round Rock');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ city: 'Round Rock', phone: '5125550134', state: 'TX' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit address of Jane Doe' })).not.toBeInTheDocument());
    // The form that held focus is gone: focus is back on the address's Edit.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Edit Jane Doe/ })).toHaveFocus());
  });

  it('adds a new address and selects it', async () => {
    const created = address('a9', { line1: '1 New Way', zip: '78703' });
    let list = { mostRecent: home, otherSaved: [] as SavedAddress[] };
    const { calls } = fakeApi([
      ['GET', '/api/addresses', () => ({ body: list })],
      ['POST', '/api/addresses', () => {
        list = { mostRecent: created, otherSaved: [home] };
        return { status: 201, body: created };
      }],
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Picker />);
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText(/full name/i), 'Jane Doe');
    await user.type(within(form).getByLabelText(/street address/i), '1 New Way');
    await user.type(within(form).getByLabelText(/^city/i), 'Austin');
    await user.selectOptions(within(form).getByLabelText(/^state/i), 'TX');
    await user.type(within(form).getByLabelText(/zip code/i), '78703');
    await user.type(within(form).getByLabelText(/phone number/i), '512 555 0134');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('radio', { name: /1 New Way/ })).toBeChecked();
    // …and focused, so the keyboard carries on from the address just added.
    await waitFor(() => expect(screen.getByRole('radio', { name: /1 New Way/ })).toHaveFocus());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ line1: '1 New Way', phone: '5125550134' });
  });

  it('puts focus back on Add a new address when the new address is cancelled', async () => {
    fakeApi([['GET', '/api/addresses', () => ({ body: { mostRecent: home, otherSaved: [] } })]]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Picker />);
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    await user.click(within(screen.getByRole('form', { name: 'New address' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a new address' })).toHaveFocus());
  });

  it('says plainly when the picked address is in a state the products cannot ship to', async () => {
    // issue 5 "state restrictions of the products (clear message, no silent failure)"
    fakeApi([['GET', '/api/addresses', () => ({ body: { mostRecent: home, otherSaved: [mom] } })]]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Picker shipsTo={['TX']} />);
    await user.click(await screen.findByRole('radio', { name: /9 Elm Rd/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.SHIPPING_STATE_UNAVAILABLE);
    expect(screen.getByRole('button', { name: 'Ship to this address' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /12 Oak Street/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ship to this address' })).toBeEnabled();
  });

  it('shows loading, then the empty state with the new-address form', async () => {
    fakeApi([['GET', '/api/addresses', () => ({ body: { mostRecent: null, otherSaved: [] } })]]);
    renderWithStore(<Picker />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your saved addresses…');
    expect(await screen.findByRole('heading', { name: 'No saved addresses yet' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New address' })).toBeInTheDocument();
  });

  it('shows the error with a retry that loads again', async () => {
    let fail = true;
    fakeApi([['GET', '/api/addresses', () => (fail ? { status: 503 } : { body: { mostRecent: home, otherSaved: [] } })]]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Picker />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.CONNECTION_ERROR);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'MOST RECENT ADDRESS' })).toBeInTheDocument();
  });

  it("shows the server's message when using an address fails", async () => {
    fakeApi([
      ['GET', '/api/addresses', () => ({ body: { mostRecent: home, otherSaved: [] } })],
      ['POST', '/api/addresses/a1/use', () => problem(404, 'NOT_FOUND', MESSAGES.NOT_FOUND)],
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Picker />);
    await user.click(await screen.findByRole('radio', { name: /12 Oak Street/ }));
    await user.click(screen.getByRole('button', { name: 'Ship to this address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.NOT_FOUND);
  });
});
