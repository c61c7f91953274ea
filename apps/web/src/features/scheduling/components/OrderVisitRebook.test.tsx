// issue 16 "missed visit (after the window, with rebook)"; "a doctor who does not come → the patient
// is offered another doctor or time first"; SPEC §4 SCHEDULE. The visit screen's booking of a new
// time for the order's missed visit, like the account's: the doctors licensed in the order's state,
// the same doctor chosen when the patient missed it, nobody chosen when the doctor did not come;
// booked for the same order with the missed visit's contact; or the order cancelled.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { ORDER_CANCELLED_TEXT } from '../pages/ReschedulingPage';
import { detectZone, OKAFOR, PETROV, SLOT_DAYS } from '../test-fixtures';
import { OrderVisitRebook } from './OrderVisitRebook';

beforeEach(() => {
  detectZone('UTC');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const invitee = { name: 'Jordan Rivers', email: 'jordan@example.com', number: '5552013344' };
const missed = {
  id: 'a1',
  orderId: 'o1',
  status: 'missed',
  visitType: 1,
  startsAt: '2027-02-01T18:00:00.000Z',
  endsAt: '2027-02-01T18:30:00.000Z',
  doctor: PETROV,
  invitee,
  patientTimeZone: 'America/Chicago',
};
const booked = (doctor: typeof PETROV | typeof OKAFOR) => ({
  appointment: {
    ...missed,
    id: 'a2',
    status: 'booked',
    doctor,
    startsAt: '2027-02-02T15:00:00.000Z',
    endsAt: '2027-02-02T15:30:00.000Z',
  },
  reschedulePath: '/reschedulings/new?hide_gdpr_banner=1',
  progress: {},
});

function api(extra: FakeRoute[] = []) {
  return fakeApi([
    [
      'GET',
      '/api/orders/o1/appointment',
      () => ({ body: { appointment: missed, doctorId: PETROV.id, visitType: 1 } }),
    ],
    ['GET', '/api/orders/o1/doctors', () => ({ body: { state: 'FL', doctors: [OKAFOR, PETROV] } })],
    [
      'GET',
      '/api/doctors',
      (call) => ({ body: call.query.get('state') === 'FL' ? [OKAFOR, PETROV] : [] }),
    ],
    [
      'GET',
      `/api/doctors/${PETROV.id}/slots`,
      () => ({ body: { timeZone: 'America/Chicago', doctor: PETROV, days: SLOT_DAYS } }),
    ],
    [
      'GET',
      `/api/doctors/${OKAFOR.id}/slots`,
      () => ({ body: { timeZone: 'America/Chicago', doctor: OKAFOR, days: SLOT_DAYS } }),
    ],
    [
      'POST',
      '/api/session/guest',
      () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } }),
    ],
    ...extra,
  ]).calls;
}

describe('OrderVisitRebook', { timeout: 20_000 }, () => {
  it('the patient missed it: the same doctor chosen, their times in the visit’s zone, SCHEDULE books them for the order', async () => {
    const calls = api([
      ['POST', '/api/orders/o1/appointment', () => ({ status: 201, body: booked(PETROV) })],
    ]);
    const onBooked = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithStore(<OrderVisitRebook orderId="o1" doctorMissed={false} onBooked={onBooked} />);
    expect(await screen.findByRole('radio', { name: /Dr\. Elena Petrov, MD/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Dr\. Amara Okafor, MD/ })).not.toBeChecked();
    const schedule = screen.getByRole('button', { name: 'SCHEDULE' });
    expect(schedule).toBeDisabled();
    // In Chicago (the visit's zone), though the browser says UTC: 15:00 UTC is 9:00 AM.
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await user.click(schedule);
    await vi.waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(
      calls.find((c) => c.method === 'POST' && c.path === '/api/orders/o1/appointment')?.body,
    ).toEqual({
      doctorId: PETROV.id,
      startsAt: '2027-02-02T15:00:00.000Z',
      invitee,
      timeZone: 'America/Chicago',
    });
  });

  it('the doctor missed it: nobody is chosen for the patient; the doctor they choose is booked', async () => {
    const calls = api([
      ['POST', '/api/orders/o1/appointment', () => ({ status: 201, body: booked(OKAFOR) })],
    ]);
    const onBooked = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithStore(<OrderVisitRebook orderId="o1" doctorMissed onBooked={onBooked} />);
    expect(await screen.findByText('Doctors licensed in Florida')).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(screen.getByText('Choose a doctor above to see their open times.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SCHEDULE' })).toBeDisabled();
    expect(calls.some((c) => c.path.endsWith('/slots'))).toBe(false);
    await user.click(screen.getByRole('radio', { name: /Dr\. Amara Okafor, MD/ }));
    await user.click(await screen.findByRole('button', { name: '9:30 AM' }));
    await user.click(screen.getByRole('button', { name: 'SCHEDULE' }));
    await vi.waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(
      calls.find((c) => c.method === 'POST' && c.path === '/api/orders/o1/appointment')?.body,
    ).toEqual({
      doctorId: OKAFOR.id,
      startsAt: '2027-02-02T15:30:00.000Z',
      invitee,
      timeZone: 'America/Chicago',
    });
  });

  it('or the order is cancelled (the hold released)', async () => {
    const calls = api([
      [
        'POST',
        '/api/account/orders/o1/cancel',
        () => ({ body: { order: { id: 'o1', state: 'cancelled', visitBooked: false } } }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<OrderVisitRebook orderId="o1" doctorMissed={false} onBooked={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel my order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel my order' }));
    expect(await screen.findByText(ORDER_CANCELLED_TEXT)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/account/orders/o1/cancel')).toHaveLength(1);
  });
});
