// issue 7 "Saved cards: list, add, update (expiry, billing address), remove, set current": the
// account's Saved cards page over a fake server that keeps the patient's cards.
import { MESSAGES, PAYMENT_MESSAGES } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem, type FakeCall, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import type { SavedCard } from '../api/payment.api';
import { master, now, visa } from '../test-fixtures';
import { SavedCardsPage } from './SavedCardsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});


const signedIn: FakeRoute = ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })];
const idOf = (c: FakeCall) => c.path.split('/')[3]!;

/** The patient's cards as the server keeps them; `patch` decides a PATCH's answer (default: saves it). */
function cardServer(
  initial: SavedCard[],
  patch?: (call: FakeCall) => { status: number; body: unknown } | null,
) {
  let cards = [...initial];
  return fakeApi([
    signedIn,
    ['GET', '/api/payments/config', () => ({ body: { gateway: 'sandbox', publishableKey: null } })],
    ['GET', '/api/payment-methods', () => ({ body: { cards } })],
    [
      'PATCH',
      /^\/api\/payment-methods\/[^/]+$/,
      (c) => {
        const refused = patch?.(c);
        if (refused) return refused;
        const change = c.body as Partial<Pick<SavedCard, 'expMonth' | 'expYear' | 'billingAddress'>>;
        cards = cards.map((x) => (x.id === idOf(c) ? { ...x, ...change } : x));
        return { body: cards.find((x) => x.id === idOf(c)) };
      },
    ],
    [
      'POST',
      /^\/api\/payment-methods\/[^/]+\/current$/,
      (c) => {
        cards = cards.map((x) => ({ ...x, isCurrent: x.id === idOf(c) }));
        return { body: cards.find((x) => x.id === idOf(c)) };
      },
    ],
    [
      'DELETE',
      /^\/api\/payment-methods\/[^/]+$/,
      (c) => {
        cards = cards.filter((x) => x.id !== idOf(c));
        return { status: 204 };
      },
    ],
  ]);
}

function SignInPrompt({ title }: { title: string }) {
  return <h1>{title}: please log in</h1>;
}

const renderPage = () => renderWithStore(<SavedCardsPage SignInRequired={SignInPrompt} now={now} />, { path: '/my-account/cards' });

describe('SavedCardsPage', () => {
  it('lists the signed-in patient’s cards with brand, last four, expiry and the current one', async () => {
    cardServer([visa, master]);
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved cards' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your cards' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByTestId('card-c1')).getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(within(screen.getByTestId('card-c1')).getByText('Current')).toBeInTheDocument();
    expect(within(screen.getByTestId('card-c2')).getByText('Expires 03/31')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a new card' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my account' })).toHaveAttribute('href', '/my-account');
    expect(document.title).toMatch(/^Saved cards \| /);
    await expectNoAxeViolations(container);
  });

  it('asks someone not signed in to log in, and fetches no cards', async () => {
    const { calls } = fakeApi([['GET', '/api/session', () => ({ body: { kind: 'guest', userId: null, role: null } })]]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved cards: please log in' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/session']);
  });

  it('shows the empty state, and the error state with a retry', async () => {
    cardServer([]);
    const empty = renderPage();
    expect(await screen.findByRole('heading', { name: 'No saved cards yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New card' })).toBeInTheDocument(); // manage mode offers the card form
    await expectNoAxeViolations(empty.container); // headings in order: h1, h2, h3
    empty.unmount();
    vi.unstubAllGlobals();

    let fail = true;
    fakeApi([
      signedIn,
      ['GET', '/api/payment-methods', () => (fail ? problem(500, 'INTERNAL', 'x') : { body: { cards: [visa] } })],
    ]);
    const user = userEvent.setup();
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Visa ending in 4242')).toBeInTheDocument();
  });

  it('edits a card’s expiry: month and year sent together, the list shows the new date', async () => {
    const { calls } = cardServer([visa, master]);
    const user = userEvent.setup();
    const { container } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Mastercard ending in 4444' }));
    const form = screen.getByRole('form', { name: 'Edit Mastercard ending in 4444' });
    expect(within(form).getByLabelText('Month (MM)')).toHaveFocus();
    await expectNoAxeViolations(container);
    const save = within(form).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled(); // nothing changed yet
    await user.clear(within(form).getByLabelText('Month (MM)'));
    await user.type(within(form).getByLabelText('Month (MM)'), '11');
    await user.clear(within(form).getByLabelText('Year (YYYY)'));
    await user.type(within(form).getByLabelText('Year (YYYY)'), '2033');
    await user.click(save);
    await waitFor(() => expect(within(screen.getByTestId('card-c2')).getByText('Expires 11/33')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/payment-methods/c2', { expMonth: 11, expYear: 2033 }],
    ]);
    expect(within(form).getByRole('status')).toHaveTextContent('Card updated.');
    expect(within(form).getByRole('button', { name: /Save changes/ })).toHaveAttribute('data-status', 'done');
    // Save changes waits for the next change: focus has gone on to Close.
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Close' })).toHaveFocus());
    await user.click(within(form).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('form', { name: 'Edit Mastercard ending in 4444' })).not.toBeInTheDocument();
    // Keyboard users are put back where they opened the form.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Mastercard ending in 4444' })).toHaveFocus());
  });

  it('closes the edit form on Escape, keeping nothing typed, with focus back on Edit', async () => {
    cardServer([visa]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Visa ending in 4242' }));
    await user.type(screen.getByLabelText('City'), 'Denver');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit Visa ending in 4242' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Visa ending in 4242' })).toHaveFocus());
  });

  it('shows the server’s expiry message beside the fields; the card and what was typed stay', async () => {
    // What PATCH /api/payment-methods/:id answers for an expiry in the past (payments.routes.ts).
    const { calls } = cardServer([visa, master], () =>
      problem(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, [{ field: 'expiry', message: PAYMENT_MESSAGES.CARD_EXPIRED }]),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Visa ending in 4242' }));
    const month = screen.getByLabelText('Month (MM)');
    const year = screen.getByLabelText('Year (YYYY)');
    await user.clear(month);
    await user.type(month, '02');
    await user.clear(year);
    await user.type(year, '2027');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const message = await screen.findByText(PAYMENT_MESSAGES.CARD_EXPIRED);
    expect(month).toHaveAttribute('aria-invalid', 'true');
    expect(month).toHaveAttribute('aria-describedby', message.id);
    expect(year).toHaveAttribute('aria-describedby', message.id);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // beside the field, not repeated above
    expect(month).toHaveValue('02');
    expect(year).toHaveValue('2027');
    expect(within(screen.getByTestId('card-c1')).getByText('Expires 12/30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveAttribute('data-status', 'idle');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('refuses an expiry that is not a month and a four-digit year without asking the server', async () => {
    const { calls } = cardServer([visa]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Visa ending in 4242' }));
    await user.clear(screen.getByLabelText('Month (MM)'));
    await user.type(screen.getByLabelText('Month (MM)'), '13');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.CARD_EXPIRY_PARTS_INVALID)).toBeInTheDocument();
    // Worded for these two fields, and the patient is taken to them.
    await waitFor(() => expect(screen.getByLabelText('Month (MM)')).toHaveFocus());
    expect(screen.getByLabelText('Month (MM)')).toHaveValue('13');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('adds a billing address to a card, sending only the address, and shows it in the list', async () => {
    // issue 7 "Saved cards: … update (expiry, billing address)".
    const { calls } = cardServer([visa, master]);
    const user = userEvent.setup();
    const { container } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Mastercard ending in 4444' }));
    const form = screen.getByRole('form', { name: 'Edit Mastercard ending in 4444' });
    const billing = within(form).getByRole('group', { name: 'Billing address' });
    await user.type(within(billing).getByLabelText('Street address'), '9 Elm Rd');
    await user.type(within(billing).getByLabelText('City'), 'Denver');
    await user.selectOptions(within(billing).getByLabelText('State'), 'CO');
    await user.type(within(billing).getByLabelText('ZIP code'), '80202');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('card-c2')).getByText('Billing address: 9 Elm Rd, Denver, CO 80202')).toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/payment-methods/c2', { billingAddress: { line1: '9 Elm Rd', city: 'Denver', state: 'CO', zip: '80202' } }],
    ]);
    await expectNoAxeViolations(container);
  });

  it('refuses a billing address with no street or city, with the messages beside the fields, and sends nothing', async () => {
    const { calls } = cardServer([visa]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Visa ending in 4242' }));
    await user.type(screen.getByLabelText('ZIP code'), '80202');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.BILLING_LINE1_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.BILLING_CITY_REQUIRED)).toBeInTheDocument();
    expect(screen.getByLabelText('Street address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('ZIP code')).toHaveValue('80202');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('makes another card current', async () => {
    const { calls } = cardServer([visa, master]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Make Mastercard ending in 4444 current' }));
    await waitFor(() => expect(within(screen.getByTestId('card-c2')).getByText('Current')).toBeInTheDocument());
    expect(within(screen.getByTestId('card-c1')).queryByText('Current')).not.toBeInTheDocument();
    // The pressed button is gone with the change: focus moves to the card's Edit, and the change is announced.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Mastercard ending in 4444' })).toHaveFocus());
    expect(screen.getByText('Mastercard ending in 4444 is now your current card.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/payment-methods/c2/current']);
  });

  it('removes a card after confirming', async () => {
    const { calls } = cardServer([visa, master]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Visa ending in 4242' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(screen.queryByText('Visa ending in 4242')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/payment-methods/c1']);
    expect(screen.getByText('Mastercard ending in 4444')).toBeInTheDocument();
    // Focus was on the removed card: it goes to the list's heading, and the removal is announced.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your cards' })).toHaveFocus());
    expect(screen.getByText('Visa ending in 4242 removed.')).toBeInTheDocument();
  });

  it('asks before removing with focus on Keep it; Keep it or Escape keeps the card, with focus back on its Remove', async () => {
    const { calls } = cardServer([visa, master]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Visa ending in 4242' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Visa ending in 4242' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Yes, remove' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Visa ending in 4242' })).toHaveFocus());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('puts focus at the new card form when Add a new card is pressed, and back on the button on Cancel', async () => {
    cardServer([visa]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add a new card' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'New card' })).toHaveFocus());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a new card' })).toHaveFocus());
  });
});
