// issue 15 "Queue": the doctor's queue shows each order's storefront, products, state, waiting time,
// due time (overdue highlighted) and who holds it; filters carry counts; claiming opens the order;
// a taken order cannot be claimed; loading, empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import type { TodayVisit } from '@store/domain';
import { queue, queueItem } from '../fixtures';
import { formatWhen } from '../reviewFormat';
import { ReviewQueuePage } from './ReviewQueuePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderQueue() {
  return renderWithStore(
    <Routes>
      <Route path="/doctor" element={<ReviewQueuePage />} />
      <Route path="/doctor/orders/:id" element={<p>Review page</p>} />
    </Routes>,
    { path: '/doctor' },
  );
}

describe('ReviewQueuePage', () => {
  it('lists the orders with who holds each; an overdue one is marked; a taken one has no Claim', async () => {
    fakeApi([
      [
        'GET',
        '/api/doctor/queue',
        () => ({
          body: queue(
            [
              queueItem({ orderId: 'o-late', orderNumber: 'EV-1', dueAt: new Date(Date.now() - 3_600_000).toISOString() }),
              queueItem({ orderId: 'o-taken', orderNumber: 'EV-2', claim: { doctorId: 'd-2', byMe: false, claimedAt: '2026-11-26T10:00:00Z', leaseExpiresAt: '2026-11-26T10:15:00Z' } }),
              queueItem({ orderId: 'o-mine', orderNumber: 'EV-3', newAnswer: true, claim: { doctorId: 'd-1', byMe: true, claimedAt: '2026-11-26T10:00:00Z', leaseExpiresAt: '2026-11-26T10:15:00Z' } }),
            ],
            { todayVisits: [{ appointmentId: 'a-1', orderId: 'o-9', orderNumber: 'EV-9', patientFirstName: 'Robin', startsAt: '2026-11-26T16:00:00.000Z', endsAt: '2026-11-26T16:20:00.000Z', visitType: 1, status: 'booked' }] },
          ),
        }),
      ],
    ]);
    renderQueue();
    const table = await screen.findByRole('table', { name: 'Orders to review' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('EV-1');
    expect(rows[0]).toHaveTextContent('Overdue');
    expect(rows[0]).toHaveAttribute('data-overdue', 'true');
    expect(rows[0]).toHaveTextContent('Free');
    expect(rows[0]).toHaveTextContent('Evergreen');
    expect(rows[0]).toHaveTextContent('Metformin ER Weight Support');
    expect(rows[1]).toHaveTextContent('Taken by another doctor');
    expect(within(rows[1]!).queryByRole('button', { name: /claim/i })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Taken')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Yours');
    expect(rows[2]).toHaveTextContent('New answer');
    expect(screen.getByText(/Robin/)).toBeInTheDocument();
    // issue 15 "the decision after a visit": the visit's order opens for review from today's visits.
    expect(screen.getByRole('link', { name: 'Open order EV-9 to decide after the visit' })).toHaveAttribute('href', '/doctor/orders/o-9');
  });

  it('claims an order and opens its review page', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/doctor/queue', () => ({ body: queue([queueItem()]) })],
      ['POST', '/api/doctor/orders/order-1/claim', () => ({ body: { doctorId: 'd-1', byMe: true, claimedAt: 'x', leaseExpiresAt: 'y' } })],
    ]);
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Claim order EV-1001' }));
    expect(await screen.findByText('Review page')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/doctor/orders/order-1/claim')).toBe(true);
  });

  it('shows a refused claim (another doctor was quicker) and stays on the queue', async () => {
    fakeApi([
      ['GET', '/api/doctor/queue', () => ({ body: queue([queueItem()]) })],
      ['POST', '/api/doctor/orders/order-1/claim', () => ({ status: 409, body: { status: 409, code: 'REVIEW_TAKEN', detail: 'Another doctor is reviewing this order.' } })],
    ]);
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Claim order EV-1001' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another doctor is reviewing this order.');
    expect(screen.queryByText('Review page')).not.toBeInTheDocument();
  });

  it('filters by storefront with its count, asking the server again', async () => {
    const { calls } = fakeApi([['GET', '/api/doctor/queue', () => ({ body: queue([queueItem()]) })]]);
    const user = userEvent.setup();
    renderQueue();
    const storefront = await screen.findByRole('combobox', { name: 'Storefront' });
    // No filter reads "All", not a blank box.
    expect(storefront).toHaveTextContent('All');
    await user.click(storefront);
    await user.click(screen.getByRole('option', { name: 'Lumen (1)' }));
    await waitFor(() => expect(calls.some((c) => c.query.get('storefrontId') === 'sf-2')).toBe(true));
  });

  // issue 15: a started visit that did not happen is marked missed from today's visits.
  const visit = (over: Partial<TodayVisit>): TodayVisit => ({
    appointmentId: 'a-1',
    orderId: 'o-1',
    orderNumber: 'EV-9',
    patientFirstName: 'Robin',
    startsAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    endsAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    visitType: 1,
    status: 'booked',
    ...over,
  });
  const at = (startsAt: string) => formatWhen(startsAt, 'America/Chicago', { timeOnly: true });

  it('offers "Mark missed" only for a booked visit whose start has passed, and marks it', async () => {
    const started = visit({});
    const later = visit({ appointmentId: 'a-2', startsAt: new Date(Date.now() + 2 * 3_600_000).toISOString() });
    const done = visit({ appointmentId: 'a-3', startsAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), status: 'missed' });
    const { calls } = fakeApi([
      ['GET', '/api/doctor/queue', () => ({ body: queue([], { todayVisits: [done, started, later] }) })],
      ['POST', '/api/doctor/visits/a-1/missed', () => ({ body: { status: 'visit_missed', orderId: 'o-1' } })],
    ]);
    const user = userEvent.setup();
    renderQueue();
    const today = await screen.findByRole('region', { name: 'Today’s visits' });
    expect(within(today).getAllByRole('button', { name: /missed/ })).toHaveLength(1);
    await user.click(within(today).getByRole('button', { name: `Mark the visit at ${at(started.startsAt)} missed` }));
    await waitFor(() => expect(within(today).queryByRole('button', { name: /missed/ })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/doctor/visits/a-1/missed']);
    expect(within(today).getAllByText(/· Missed$/)).toHaveLength(2);
  });

  it('shows why a visit could not be marked missed', async () => {
    const started = visit({});
    fakeApi([
      ['GET', '/api/doctor/queue', () => ({ body: queue([], { todayVisits: [started] }) })],
      ['POST', '/api/doctor/visits/a-1/missed', () => ({ status: 409, body: { status: 409, code: 'VISIT_NOT_STARTED', detail: 'This visit has not started yet.' } })],
    ]);
    const user = userEvent.setup();
    renderQueue();
    await user.click(await screen.findByRole('button', { name: `Mark the visit at ${at(started.startsAt)} missed` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This visit has not started yet.');
  });

  // issue 16 "the doctor joins from the portal's today's visits": each visit opens its page; an open video visit says Join.
  it('links each of today’s visits to its page: "Join visit" while a video visit is open, "Open visit" otherwise', async () => {
    const open = visit({ startsAt: new Date(Date.now() - 2 * 60_000).toISOString(), endsAt: new Date(Date.now() + 18 * 60_000).toISOString() });
    const later = visit({ appointmentId: 'a-2', startsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(), endsAt: new Date(Date.now() + 2.5 * 3_600_000).toISOString() });
    const phone = visit({ appointmentId: 'a-3', visitType: 2, startsAt: open.startsAt, endsAt: open.endsAt });
    fakeApi([['GET', '/api/doctor/queue', () => ({ body: queue([], { todayVisits: [open, later, phone] }) })]]);
    renderQueue();
    const today = await screen.findByRole('region', { name: 'Today’s visits' });
    expect(within(today).getByRole('link', { name: `Join visit at ${at(open.startsAt)} with Robin` })).toHaveAttribute('href', '/doctor/visits/a-1');
    expect(within(today).getByRole('link', { name: `Open visit at ${at(later.startsAt)} with Robin` })).toHaveAttribute('href', '/doctor/visits/a-2');
    expect(within(today).getByRole('link', { name: `Open visit at ${at(phone.startsAt)} with Robin` })).toHaveAttribute('href', '/doctor/visits/a-3');
    expect(within(today).getAllByRole('link', { name: /^Join visit/ })).toHaveLength(1);
  });

  // issue 16: the store's clock decides, not the device's (a device 2 hours behind still sees Join visit).
  it('follows the store’s time for "Join visit" and "Mark missed"', async () => {
    const storeNow = Date.now() + 2 * 3_600_000;
    const open = visit({ startsAt: new Date(storeNow - 2 * 60_000).toISOString(), endsAt: new Date(storeNow + 18 * 60_000).toISOString() });
    fakeApi([['GET', '/api/doctor/queue', () => ({ body: queue([], { todayVisits: [open], serverNow: new Date(storeNow).toISOString() }) })]]);
    renderQueue();
    const today = await screen.findByRole('region', { name: 'Today’s visits' });
    // Times are in the doctor's zone, named once; statuses read as words.
    expect(within(today).getByText(/^Times in C[SD]T$/)).toBeInTheDocument();
    expect(within(today).getByText(/· Booked$/)).toBeInTheDocument();
    expect(within(today).getByRole('link', { name: `Join visit at ${at(open.startsAt)} with Robin` })).toBeInTheDocument();
    expect(within(today).getByRole('button', { name: `Mark the visit at ${at(open.startsAt)} missed` })).toBeInTheDocument();
  });

  it('says when there is nothing to review, and shows a failure with a retry', async () => {
    fakeApi([['GET', '/api/doctor/queue', () => ({ body: queue([]) })]]);
    const { unmount } = renderQueue();
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
    unmount();
    fakeApi([['GET', '/api/doctor/queue', () => 'network']]);
    renderQueue();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
