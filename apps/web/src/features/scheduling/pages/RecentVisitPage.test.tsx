// /my-account/visit (SPEC §7 reschedule doctor for recent order): the visit in the zone stored with it
// (issue 13 #15); a paid order's cancelled visit booked again, or the order cancelled (issue 13 #12).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { PRIVACY_NOTICE_KEY } from '@/components/PrivacyNotice';
import { makeTestConfig } from '@/test/config';
import { createTestQueryClient } from '@/test/render';
import { fakeApi, type FakeRoute } from '@/test/fakeApi';
import { detectZone, OKAFOR, PETROV, SLOT_DAYS } from '../test-fixtures';
import { MISSED_BY_DOCTOR_TEXT, MISSED_TEXT } from '../components/RebookVisit';
import { ORDER_CANCELLED_TEXT, REBOOK_TEXT } from './ReschedulingPage';

const visit = {
  id: 'a1',
  orderId: 'o1',
  status: 'booked',
  visitType: 1,
  startsAt: '2027-02-02T18:00:00.000Z',
  endsAt: '2027-02-02T18:30:00.000Z',
  doctor: PETROV,
  invitee: { name: 'Jordan Rivers', email: 'jordan@example.com', number: '5552013344' },
  patientTimeZone: 'America/Chicago',
};
const paid = { id: 'o1', state: 'paid', visitBooked: true };

beforeEach(() => {
  detectZone('UTC');
  window.localStorage.setItem(PRIVACY_NOTICE_KEY, '1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function api(extra: FakeRoute[]) {
  return fakeApi([
    ...extra,
    ['GET', '/api/storefront', () => ({ body: makeTestConfig({ name: 'Acme Health' }) })],
    ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })],
    ['GET', `/api/doctors/${PETROV.id}/slots`, () => ({ body: { timeZone: 'America/Chicago', doctor: PETROV, days: SLOT_DAYS } })],
    ['GET', `/api/doctors/${OKAFOR.id}/slots`, () => ({ body: { timeZone: 'America/Chicago', doctor: OKAFOR, days: SLOT_DAYS.slice(1) } })],
    // The doctors licensed in the order's state (FL: both).
    ['GET', '/api/orders/o1/doctors', () => ({ body: { state: 'FL', doctors: [OKAFOR, PETROV] } })],
    ['GET', '/api/doctors', (call) => ({ body: call.query.get('state') === 'FL' ? [OKAFOR, PETROV] : [] })],
  ]).calls;
}

function renderPage() {
  const router = createMemoryRouter(routes, { initialEntries: ['/my-account/visit'] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('RecentVisitPage', { timeout: 20_000 }, () => {
  it('shows the visit in the zone stored with it, named, though the browser says UTC (issue 13 #15)', async () => {
    api([['GET', '/api/account/visit', () => ({ body: { appointment: visit, order: paid } })]]);
    renderPage();
    expect(await screen.findByText('Tuesday, February 2, 2027, 12:00 – 12:30 PM CST')).toBeInTheDocument();
    expect(screen.queryByText(/UTC/)).not.toBeInTheDocument();
  });

  it('books a new time for a paid order whose visit was cancelled (issue 13 #12)', async () => {
    let current: unknown = { appointment: { ...visit, status: 'cancelled' }, order: { ...paid, visitBooked: false } };
    const requests = api([
      ['GET', '/api/account/visit', () => ({ body: current })],
      ['POST', '/api/orders/o1/appointment', () => {
        const appointment = { ...visit, id: 'a2', startsAt: '2027-02-03T18:00:00.000Z', endsAt: '2027-02-03T18:30:00.000Z' };
        current = { appointment, order: paid };
        return { status: 201, body: { appointment, reschedulePath: '/reschedulings/x?hide_gdpr_banner=1' } };
      }],
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText(REBOOK_TEXT)).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: /Wednesday, February 3/ }));
    await user.click(screen.getByRole('button', { name: '12:00 PM' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText(/Your new visit is booked/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({
      doctorId: PETROV.id,
      startsAt: '2027-02-03T18:00:00.000Z',
      timeZone: 'America/Chicago',
      invitee: visit.invitee,
    });
  });

  it('books a new time for a paid order whose visit the doctor marked missed (issue 15)', async () => {
    let current: unknown = { appointment: { ...visit, status: 'missed' }, order: { ...paid, visitBooked: false } };
    const requests = api([
      ['GET', '/api/account/visit', () => ({ body: current })],
      ['POST', '/api/orders/o1/appointment', () => {
        const appointment = { ...visit, id: 'a2', startsAt: '2027-02-03T18:00:00.000Z', endsAt: '2027-02-03T18:30:00.000Z' };
        current = { appointment, order: paid };
        return { status: 201, body: { appointment, reschedulePath: '/reschedulings/x?hide_gdpr_banner=1' } };
      }],
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText(MISSED_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Missed visit')).toBeInTheDocument();
    // issue 16: the same doctor is chosen for a patient who missed it; another may be.
    expect(await screen.findByRole('radio', { name: /Dr. Elena Petrov, MD/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Dr. Amara Okafor, MD/ })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Move my visit' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: /Wednesday, February 3/ }));
    await user.click(screen.getByRole('button', { name: '12:00 PM' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText(/Your new visit is booked/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/orders/o1/appointment', body: { doctorId: PETROV.id, startsAt: '2027-02-03T18:00:00.000Z' } });
  });

  it('offers another doctor or time when the doctor did not come, and books the doctor chosen (issue 16)', async () => {
    let current: unknown = { appointment: { ...visit, status: 'missed' }, order: { ...paid, visitBooked: false }, missedBy: 'doctor' };
    const requests = api([
      ['GET', '/api/account/visit', () => ({ body: current })],
      ['POST', '/api/orders/o1/appointment', () => {
        const appointment = { ...visit, id: 'a2', doctor: OKAFOR, startsAt: '2027-02-03T18:00:00.000Z', endsAt: '2027-02-03T18:30:00.000Z' };
        current = { appointment, order: paid, missedBy: null };
        return { status: 201, body: { appointment, reschedulePath: '/reschedulings/x?hide_gdpr_banner=1' } };
      }],
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText(MISSED_BY_DOCTOR_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(MISSED_TEXT)).not.toBeInTheDocument();
    // Nobody is chosen for the patient: no times until a doctor is.
    expect(await screen.findByText('Doctors licensed in Florida')).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(screen.getByText('Choose a doctor above to see their open times.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book this time' })).toBeDisabled();
    expect(requests.some((r) => r.path.endsWith('/slots'))).toBe(false);

    await user.click(screen.getByRole('radio', { name: /Dr. Amara Okafor, MD/ }));
    await user.click(await screen.findByRole('tab', { name: /Wednesday, February 3/ }));
    await user.click(screen.getByRole('button', { name: '12:00 PM' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText(/Your new visit is booked/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/orders/o1/appointment',
      body: { doctorId: OKAFOR.id, startsAt: '2027-02-03T18:00:00.000Z', timeZone: 'America/Chicago', invitee: visit.invitee },
    });
    expect(await screen.findByText('Dr. Amara Okafor, MD')).toBeInTheDocument();
  });

  it('cancels a paid order after a confirmation and says the hold was released (issue 13 #12)', async () => {
    const requests = api([
      ['GET', '/api/account/visit', () => ({ body: { appointment: visit, order: paid } })],
      ['POST', '/api/account/orders/o1/cancel', () => ({ body: { order: { ...paid, state: 'cancelled', visitBooked: false } } })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel my order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel my order' }));
    expect(await screen.findByText(ORDER_CANCELLED_TEXT)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/account/orders/o1/cancel')).toHaveLength(1);
  });

  it('a video visit about to start: START ONLINE VISIT leads to its screen (issue 16 "connect to your visit now")', async () => {
    const startsAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const endsAt = new Date(Date.now() + 40 * 60_000).toISOString();
    api([['GET', '/api/account/visit', () => ({ body: { appointment: { ...visit, startsAt, endsAt }, order: paid } })]]);
    renderPage();
    expect(await screen.findByRole('link', { name: 'START ONLINE VISIT' })).toHaveAttribute('href', '/checkout/patient-visit?id=o1');
  });
});
