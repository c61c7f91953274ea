// Issue 6: the reschedule link /reschedulings/{token}?hide_gdpr_banner=1 opens our own page that
// moves or cancels the visit; the cookie/privacy notice is hidden when that flag is present.
import { MESSAGES } from '@store/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { PRIVACY_NOTICE_KEY } from '@/components/PrivacyNotice';
import { makeTestConfig } from '@/test/config';
import { createTestQueryClient } from '@/test/render';
import { fakeApi, problem, type FakeRoute } from '@/test/fakeApi';
import { detectZone, PETROV, SLOT_DAYS } from '../test-fixtures';
import { CHOOSE_AGAIN_TEXT, ORDER_CANCELLED_TEXT, REBOOK_TEXT } from './ReschedulingPage';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';
const config = makeTestConfig({ name: 'Acme Health' });
const visit = {
  id: 'a1',
  orderId: null,
  status: 'booked',
  visitType: 2,
  startsAt: '2027-02-02T18:00:00.000Z',
  endsAt: '2027-02-02T18:30:00.000Z',
  doctor: PETROV,
  invitee: { name: 'Jordan Rivers', email: 'jordan@example.com', number: '5552013344' },
  patientTimeZone: 'America/New_York',
  order: null,
};
const NEW_TOKEN = 'tok_newnewnewnewnewnewnewnewnewnewnewnewnewne';
const paidOrder = { id: 'o1', state: 'paid', visitBooked: false };

beforeEach(() => {
  detectZone('America/New_York');
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function api(extra: FakeRoute[] = []) {
  return fakeApi([
    ...extra,
    ['GET', '/api/storefront', () => ({ body: config })],
    ['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })],
    ['GET', `/api/reschedulings/${TOKEN}`, () => ({ body: visit })],
    ['GET', `/api/reschedulings/${TOKEN}/slots`, () => ({ body: { timeZone: 'America/New_York', doctor: PETROV, days: SLOT_DAYS } })],
  ]).calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const link = `/reschedulings/${TOKEN}?hide_gdpr_banner=1`;

describe('ReschedulingPage', { timeout: 20_000 }, () => {
  it('shows the visit in the patient’s zone and hides the privacy notice for hide_gdpr_banner=1', async () => {
    api();
    renderAt(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reschedule your visit' })).toBeInTheDocument();
    expect(await screen.findByTestId('visit-time')).toHaveTextContent('Tuesday, February 2, 2027, 1:00 – 1:30 PM EST');
    expect(screen.getByText('Phone visit with Dr. Elena Petrov, MD')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Privacy notice' })).not.toBeInTheDocument();
    expect(document.title).toBe('Reschedule your visit | Acme Health');
  });

  it('shows the dismissible privacy notice elsewhere, and remembers the dismissal', async () => {
    api();
    const user = userEvent.setup({ delay: null });
    renderAt(`/reschedulings/${TOKEN}`);
    const notice = await screen.findByRole('region', { name: 'Privacy notice' });
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('region', { name: 'Privacy notice' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(PRIVACY_NOTICE_KEY)).toBe('1');
  });

  it('moves the visit to a new time picked by keyboard', async () => {
    const moved = { ...visit, startsAt: '2027-02-03T18:00:00.000Z', endsAt: '2027-02-03T18:30:00.000Z' };
    const requests = api([['POST', `/api/reschedulings/${TOKEN}`, () => ({ body: moved })]]);
    const user = userEvent.setup({ delay: null });
    renderAt(link);
    const move = await screen.findByRole('button', { name: 'Move my visit' });
    expect(move).toBeDisabled();

    const tuesday = await screen.findByRole('tab', { name: /Tuesday, February 2/ });
    tuesday.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Wednesday, February 3/ })).toHaveAttribute('aria-selected', 'true');
    await user.tab();
    expect(screen.getByRole('button', { name: '1:00 PM' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(move).toBeEnabled();
    await user.click(move);

    expect(await screen.findByText(/Your visit was moved. We sent an updated calendar invite to jordan@example.com./)).toBeInTheDocument();
    expect(screen.getByTestId('visit-time')).toHaveTextContent('Wednesday, February 3, 2027, 1:00 – 1:30 PM EST');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ startsAt: '2027-02-03T18:00:00.000Z', timeZone: 'America/New_York' });
  });

  it('says when the new time was just taken', async () => {
    api([['POST', `/api/reschedulings/${TOKEN}`, () => problem(409, 'SLOT_TAKEN', MESSAGES.SLOT_TAKEN)]]);
    const user = userEvent.setup({ delay: null });
    renderAt(link);
    await user.click(await screen.findByRole('button', { name: '10:30 AM' }));
    await user.click(screen.getByRole('button', { name: 'Move my visit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That time was just taken. Please choose another time.');
    expect(screen.getByRole('button', { name: 'Move my visit' })).toBeDisabled();
  });

  it('cancels the visit after a confirmation', async () => {
    const requests = api([['DELETE', `/api/reschedulings/${TOKEN}`, () => ({ body: { ...visit, status: 'cancelled' } })]]);
    const user = userEvent.setup({ delay: null });
    renderAt(link);
    await user.click(await screen.findByRole('button', { name: 'Cancel visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this visit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel visit' }));
    expect(await screen.findByText('This visit was cancelled.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('explains an expired or unknown link', async () => {
    api([['GET', `/api/reschedulings/${TOKEN}`, () => problem(404, 'NOT_FOUND', MESSAGES.NOT_FOUND)]]);
    renderAt(link);
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
  });

  it('shows the connection message with a retry when the server fails', async () => {
    api([['GET', `/api/reschedulings/${TOKEN}`, () => ({ status: 503, body: {} })]]);
    renderAt(link);
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the time in the zone stored with the visit, named, even when the browser says UTC (issue 13 #15)', async () => {
    detectZone('UTC');
    api([['GET', `/api/reschedulings/${TOKEN}`, () => ({ body: { ...visit, patientTimeZone: 'America/Chicago' } })]]);
    renderAt(link);
    expect(await screen.findByTestId('visit-time')).toHaveTextContent('Tuesday, February 2, 2027, 12:00 – 12:30 PM CST');
    expect(await screen.findByRole('combobox', { name: /time zone/i })).toHaveTextContent('Central Time');
  });

  it('before payment, a cancelled visit sends the patient back to checkout to choose a new time (issue 13 #12)', async () => {
    api([['GET', `/api/reschedulings/${TOKEN}`, () => ({ body: { ...visit, status: 'cancelled', order: { id: 'o1', state: 'unpaid', visitBooked: false } } })]]);
    renderAt(link);
    expect(await screen.findByText(CHOOSE_AGAIN_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a new time' })).toHaveAttribute('href', '/checkout/schedule-visit');
  });

  it('after payment, cancelling says the order stays open, then books a new time for it (issue 13 #12)', async () => {
    const cancelled = { ...visit, status: 'cancelled', order: paidOrder };
    let current: unknown = { ...visit, order: { ...paidOrder, visitBooked: true } };
    const rebooked = { ...visit, id: 'a2', startsAt: '2027-02-03T18:00:00.000Z', endsAt: '2027-02-03T18:30:00.000Z', order: { ...paidOrder, visitBooked: true } };
    const requests = api([
      ['GET', `/api/reschedulings/${TOKEN}`, () => ({ body: current })],
      ['DELETE', `/api/reschedulings/${TOKEN}`, () => {
        current = cancelled;
        return { body: cancelled };
      }],
      ['POST', `/api/reschedulings/${TOKEN}/rebook`, () => ({ status: 201, body: { appointment: rebooked, reschedulePath: `/reschedulings/${NEW_TOKEN}?hide_gdpr_banner=1` } })],
      ['GET', `/api/reschedulings/${NEW_TOKEN}`, () => ({ body: rebooked })],
      ['GET', `/api/reschedulings/${NEW_TOKEN}/slots`, () => ({ body: { timeZone: 'America/New_York', doctor: PETROV, days: SLOT_DAYS } })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(link);
    await user.click(await screen.findByRole('button', { name: 'Cancel visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this visit?' });
    expect(dialog).toHaveTextContent('Your order stays open and your card is not charged.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel visit' }));
    expect(await screen.findByText(REBOOK_TEXT)).toBeInTheDocument();

    await user.click(await screen.findByRole('tab', { name: /Wednesday, February 3/ }));
    await user.click(screen.getByRole('button', { name: '1:00 PM' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText(/Your new visit is booked. We sent the details and a calendar invite to jordan@example.com./)).toBeInTheDocument();
    expect(screen.getByTestId('visit-time')).toHaveTextContent('Wednesday, February 3, 2027, 1:00 – 1:30 PM EST');
    expect(requests.find((r) => r.path.endsWith('/rebook'))!.body).toEqual({ startsAt: '2027-02-03T18:00:00.000Z', timeZone: 'America/New_York' });
  });

  it('after payment, the patient may cancel the order instead and is told the hold was released (issue 13 #12)', async () => {
    const requests = api([
      ['GET', `/api/reschedulings/${TOKEN}`, () => ({ body: { ...visit, status: 'cancelled', order: paidOrder } })],
      ['POST', `/api/reschedulings/${TOKEN}/cancel-order`, () => ({ body: { ...visit, status: 'cancelled', order: { ...paidOrder, state: 'cancelled' } } })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(link);
    await user.click(await screen.findByRole('button', { name: 'Cancel my order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel my order' }));
    expect(await screen.findByText(ORDER_CANCELLED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book this time' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path.endsWith('/cancel-order'))).toHaveLength(1);
  });
});
