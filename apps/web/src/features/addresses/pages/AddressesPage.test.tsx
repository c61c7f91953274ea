// issue 17 "Addresses page: list, add, edit, remove, make default": the account's address book over
// a fake server that keeps the patient's addresses (SPEC §9 groups; the most recent is the default).
import { MESSAGES } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem, type FakeCall, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import type { SavedAddress } from '../api/addresses.api';
import { AddressesPage } from './AddressesPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn: FakeRoute = ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })];
const home: SavedAddress = { id: 'a1', fullName: 'Kim Lee', line1: '12 Oak St', line2: null, city: 'Austin', state: 'TX', zip: '78701', phone: '5125550134', lastUsedAt: '2026-03-02T00:00:00Z', createdAt: '2026-01-01T00:00:00Z' };
const work: SavedAddress = { id: 'a2', fullName: 'Kim Lee', line1: '500 Main St', line2: 'Suite 3', city: 'Dallas', state: 'TX', zip: '75201', phone: '2145550100', lastUsedAt: '2026-03-01T00:00:00Z', createdAt: '2026-01-02T00:00:00Z' };

function addressServer(initial: SavedAddress[], opts: { failRemove?: boolean } = {}) {
  let book = [...initial];
  let tick = 10;
  const idOf = (c: FakeCall) => c.path.split('/')[3]!;
  const groups = () => {
    const sorted = [...book].sort((x, y) => (y.lastUsedAt ?? '').localeCompare(x.lastUsedAt ?? ''));
    return { mostRecent: sorted[0] ?? null, otherSaved: sorted.slice(1) };
  };
  return fakeApi([
    signedIn,
    ['GET', '/api/addresses', () => ({ body: groups() })],
    ['POST', '/api/addresses', (c) => {
      // As the server does: a new address is the most recent (ordered by last use, else last change).
      const created = { ...(c.body as SavedAddress), id: `n${tick}`, line2: null, lastUsedAt: '2026-05-01T00:00:00Z', createdAt: '2026-03-03T00:00:00Z' };
      book.push(created);
      return { status: 201, body: created };
    }],
    ['POST', /^\/api\/addresses\/[^/]+\/use$/, (c) => {
      book = book.map((a) => (a.id === idOf(c) ? { ...a, lastUsedAt: `2026-04-${tick++}T00:00:00Z` } : a));
      return { body: book.find((a) => a.id === idOf(c)) };
    }],
    ['PATCH', /^\/api\/addresses\/[^/]+$/, (c) => {
      book = book.map((a) => (a.id === idOf(c) ? { ...a, ...(c.body as Partial<SavedAddress>) } : a));
      return { body: book.find((a) => a.id === idOf(c)) };
    }],
    ['DELETE', /^\/api\/addresses\/[^/]+$/, (c) => {
      if (opts.failRemove) return problem(500, 'INTERNAL', 'x');
      book = book.filter((a) => a.id !== idOf(c));
      return { status: 204 };
    }],
  ]);
}

function SignInPrompt({ title }: { title: string }) {
  return <h1>{title}: please log in</h1>;
}
const renderPage = () => renderWithStore(<AddressesPage SignInRequired={SignInPrompt} />, { path: '/my-account/addresses' });
const group = (name: string) => screen.getByRole('region', { name });
/** Keyboard focus is on the message saying what happened (not left on the page's body). */
const expectFocusOnMessage = (text: string) =>
  waitFor(() => {
    expect(document.activeElement).toBe(screen.getByText(text, { exact: false }).closest('[tabindex="-1"]'));
    expect(document.activeElement).not.toBe(document.body);
  });

describe('AddressesPage (issue 17)', () => {
  it('lists the most recent address as the default and the others below (SPEC §9 groups)', async () => {
    addressServer([home, work]);
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Addresses' })).toBeInTheDocument();
    const recent = await screen.findByRole('region', { name: 'MOST RECENT ADDRESS' });
    expect(within(recent).getByText('12 Oak St, Austin, TX 78701')).toBeInTheDocument();
    expect(within(recent).getByText('Default')).toBeInTheDocument();
    // issue 17 walk: the intro explains the default by its place, not as "most recent".
    expect(screen.getByText(/Your default address is the one at the top: checkout offers it first/)).toBeInTheDocument();
    expect(screen.queryByText(/Your most recent address is your default/)).not.toBeInTheDocument();
    expect(within(group('OTHER SAVED ADDRESSES')).getByText(/500 Main St/)).toBeInTheDocument();
    expect(within(group('OTHER SAVED ADDRESSES')).queryByText('Default')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('makes another address the default: it moves to the top, and focus goes to the message (issue 17 walk)', async () => {
    const { calls } = addressServer([home, work]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Make default: 500 Main St/ }));
    await waitFor(() => expect(within(group('MOST RECENT ADDRESS')).getByText(/500 Main St/)).toBeInTheDocument());
    expect(within(group('OTHER SAVED ADDRESSES')).getByText(/12 Oak St/)).toBeInTheDocument();
    expect(screen.getByText('Your default address was changed. Checkout will offer it first.')).toBeInTheDocument();
    expect(within(group('MOST RECENT ADDRESS')).getByText('Default')).toBeInTheDocument();
    await expectFocusOnMessage('Your default address was changed.');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/addresses/a2/use')).toBe(true);
  });

  it('adds an address with the domain’s field messages, and edits one', async () => {
    const { calls } = addressServer([home]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByRole('textbox', { name: /Full name/ }), 'Kim');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText(MESSAGES.FULL_NAME_INVALID)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(form).getByRole('textbox', { name: /Full name/ }), ' Lee');
    await user.type(within(form).getByRole('textbox', { name: /Street address/ }), '9 Elm Rd');
    await user.type(within(form).getByRole('textbox', { name: /City/ }), 'Houston');
    await user.selectOptions(within(form).getByRole('combobox', { name: /State/ }), 'TX');
    await user.type(within(form).getByRole('textbox', { name: /ZIP code/ }), '77002');
    await user.type(within(form).getByRole('textbox', { name: /Phone number/ }), '7135550199');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(group('MOST RECENT ADDRESS')).findByText('9 Elm Rd, Houston, TX 77002')).toBeInTheDocument();
    await expectFocusOnMessage('The address was saved.');

    await user.click(screen.getByRole('button', { name: 'Edit: 12 Oak St, Austin, TX 78701' }));
    const edit = screen.getByRole('form', { name: 'Edit the address of Kim Lee' });
    const street = within(edit).getByRole('textbox', { name: /Street address/ });
    await user.clear(street);
    await user.type(street, '14 Oak St');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await within(group('OTHER SAVED ADDRESSES')).findByText('14 Oak St, Austin, TX 78701')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ line1: '14 Oak St' });
    await expectFocusOnMessage('Your changes were saved.');
  });

  it('asks before removing an address, says when removing fails, and shows the empty state once none are left', async () => {
    addressServer([home], { failRemove: true });
    const user = userEvent.setup();
    const first = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove: 12 Oak St, Austin, TX 78701' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR, { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(within(group('MOST RECENT ADDRESS')).getByText('12 Oak St, Austin, TX 78701')).toBeInTheDocument());
    first.unmount();
    vi.unstubAllGlobals();

    addressServer([home]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove: 12 Oak St, Austin, TX 78701' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('12 Oak St, Austin, TX 78701')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove: 12 Oak St, Austin, TX 78701' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('heading', { name: 'No saved addresses yet' })).toBeInTheDocument();
    await expectFocusOnMessage('The address was removed.');
  });
});
