import { MESSAGES, PAYMENT_MESSAGES } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import type { SavedCard } from '../api/payment.api';
import { card, master, now, visa } from '../test-fixtures';
import { SavedCards } from './SavedCards';

afterEach(() => {
  vi.unstubAllGlobals();
});

const old = card('c3', { brand: 'amex', last4: '0005', label: 'American Express ending in 0005', expMonth: 1, expYear: 2026, expired: true });

const sandboxConfig: FakeRoute = ['GET', '/api/payments/config', () => ({ body: { gateway: 'sandbox', publishableKey: null } })];

/** A fake server holding the patient's cards, so the list changes as the server's would. */
function cardServer(initial: SavedCard[], extra: FakeRoute[] = []) {
  let cards = [...initial];
  return fakeApi([
    ['GET', '/api/payment-methods', () => ({ body: { cards } })],
    [
      'POST',
      /^\/api\/payment-methods\/[^/]+\/current$/,
      (c) => {
        const id = c.path.split('/')[3]!;
        cards = cards.map((x) => ({ ...x, isCurrent: x.id === id }));
        cards.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
        return { body: cards.find((x) => x.id === id) };
      },
    ],
    [
      'DELETE',
      /^\/api\/payment-methods\/[^/]+$/,
      (c) => {
        cards = cards.filter((x) => x.id !== c.path.split('/')[3]);
        return { status: 204 };
      },
    ],
    ...extra,
  ]);
}

function Picker({ onPick }: { onPick?: (c: SavedCard) => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <SavedCards
      heading="Your cards"
      selectedId={selected}
      now={now}
      onSelect={(c) => {
        setSelected(c.id);
        onPick?.(c);
      }}
    />
  );
}

describe('SavedCards', () => {
  it('lists brand, last four and expiry, marks the current card and picks it first', async () => {
    cardServer([visa, master, old]);
    const onPick = vi.fn();
    const { container } = renderWithStore(<Picker onPick={onPick} />);
    const group = await screen.findByRole('radiogroup', { name: 'Your cards' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    // The current card is picked by an effect once the list is in: wait for it.
    await waitFor(() => expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked());
    expect(onPick).toHaveBeenCalledWith(visa);
    expect(within(screen.getByTestId('card-c1')).getByText('Current')).toBeInTheDocument();
    expect(screen.getByText('Expires 03/31')).toBeInTheDocument();
    // An expired card is shown but cannot be picked.
    expect(screen.getByRole('radio', { name: /American Express ending in 0005/ })).toBeDisabled();
    expect(within(screen.getByTestId('card-c3')).getByText(PAYMENT_MESSAGES.CARD_EXPIRED)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('picks another card and makes it current', async () => {
    const { calls } = cardServer([visa, master]);
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderWithStore(<Picker onPick={onPick} />);
    await user.click(await screen.findByRole('radio', { name: /Mastercard ending in 4444/ }));
    expect(screen.getByRole('radio', { name: /Mastercard ending in 4444/ })).toBeChecked();
    expect(onPick).toHaveBeenLastCalledWith(master);

    await user.click(screen.getByRole('button', { name: 'Make Mastercard ending in 4444 current' }));
    await waitFor(() => expect(within(screen.getByTestId('card-c2')).getByText('Current')).toBeInTheDocument());
    expect(within(screen.getByTestId('card-c1')).queryByText('Current')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/payment-methods/c2/current']);
  });

  it('removes a card only after confirming', async () => {
    const { calls } = cardServer([visa, master]);
    const user = userEvent.setup();
    renderWithStore(<SavedCards now={now} />);
    await user.click(await screen.findByRole('button', { name: 'Remove Mastercard ending in 4444' }));
    expect(screen.getByText('Remove Mastercard ending in 4444?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Mastercard ending in 4444' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(screen.queryByText('Mastercard ending in 4444')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/payment-methods/c2']);
    expect(screen.getByText('Visa ending in 4242')).toBeInTheDocument();
  });

  it('adds a card through the card form, saves its token and picks it', async () => {
    const added = card('c9', { brand: 'discover', last4: '1117', label: 'Discover ending in 1117' });
    const { calls } = cardServer(
      [visa],
      [
        sandboxConfig,
        [
          'POST',
          '/api/payments/sandbox/tokens',
          () => ({ status: 201, body: { token: 'pm_sbx_9', card: { brand: 'discover', last4: '1117', expMonth: 12, expYear: 2030 } } }),
        ],
        ['POST', '/api/payment-methods', () => ({ status: 201, body: added })],
      ],
    );
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderWithStore(<Picker onPick={onPick} />);
    await user.click(await screen.findByRole('button', { name: 'Add a new card' }));
    await user.type(await screen.findByLabelText(/Card number/), '6011111111111117');
    await user.type(screen.getByLabelText(/Expiry/), '1230');
    await user.type(screen.getByLabelText(/Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onPick).toHaveBeenLastCalledWith(added));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/payment-methods')?.body).toEqual({ token: 'pm_sbx_9' });
    expect(screen.queryByRole('form', { name: 'New card' })).not.toBeInTheDocument();
  });

  it('with no cards, says so and offers the card form straight away', async () => {
    cardServer([], [sandboxConfig]);
    const { container } = renderWithStore(<SavedCards heading="Your cards" now={now} />);
    expect(await screen.findByRole('heading', { name: 'No saved cards yet' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'New card' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows a loading state, then the error with a retry', async () => {
    let fail = true;
    fakeApi([['GET', '/api/payment-methods', () => (fail ? { status: 500, body: {} } : { body: { cards: [visa] } })]]);
    const user = userEvent.setup();
    renderWithStore(<SavedCards now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your saved cards…');
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Visa ending in 4242')).toBeInTheDocument();
  });

  it("shows the server's refusal when an action fails", async () => {
    fakeApi([
      ['GET', '/api/payment-methods', () => ({ body: { cards: [visa, master] } })],
      ['POST', '/api/payment-methods/c2/current', () => problem(404, 'NOT_FOUND', MESSAGES.NOT_FOUND)],
    ]);
    const user = userEvent.setup();
    renderWithStore(<SavedCards now={now} />);
    await user.click(await screen.findByRole('button', { name: 'Make Mastercard ending in 4444 current' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.NOT_FOUND);
  });

  it('inside the checkout only offers the choice of a card: the current one picked, no Remove, Make current or card form', async () => {
    // issue 7 "Checkout: ... payment with saved cards": in the checkout the patient chooses the card to
    // pay with; managing the cards (remove, make current, add through the card form) is the account's
    // (mode "manage", the tests above). A new card is added in the checkout by paying with it.
    const { calls } = cardServer([visa, master, old], [sandboxConfig]);
    const onSelect = vi.fn();
    function Checkout() {
      const [selected, setSelected] = useState<string | null>(null);
      return (
        <SavedCards
          mode="choose"
          heading="Pay with a saved card"
          headingLevel="h3"
          selectedId={selected}
          onSelect={(c) => {
            setSelected(c.id);
            onSelect(c);
          }}
          now={now}
        />
      );
    }
    const user = userEvent.setup();
    const { container } = renderWithStore(<Checkout />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Pay with a saved card' })).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Pay with a saved card' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked());
    expect(within(screen.getByTestId('card-c1')).getByText('Current')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /American Express ending in 0005/ })).toBeDisabled();
    // Choosing only: not a single button in the list.
    expect(within(container).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Remove Mastercard ending in 4444' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Mastercard ending in 4444 current' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a new card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New card' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Mastercard ending in 4444/ }));
    expect(screen.getByRole('radio', { name: /Mastercard ending in 4444/ })).toBeChecked();
    expect(onSelect).toHaveBeenLastCalledWith(master);
    // Choosing a card for this payment does not change the account's current card.
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(within(screen.getByTestId('card-c1')).getByText('Current')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
