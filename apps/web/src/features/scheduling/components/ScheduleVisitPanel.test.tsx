// Issue 6 schedule-visit: choose a doctor or first available, pick a time in the patient's zone,
// the SPEC §3 Schedule invitee with SPEC §5 messages, SCHEDULE (SPEC §4), and one clear "that time
// was just taken" message when another patient was faster.
import { MESSAGES } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '@/test/render';
import { fakeApi, problem } from '@/test/fakeApi';
import { detectZone, OKAFOR, PETROV, SLOT_DAYS } from '../test-fixtures';
import { ScheduleVisitPanel } from './ScheduleVisitPanel';

beforeEach(() => {
  detectZone('America/Chicago');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const booked = {
  appointment: {
    id: 'a1',
    orderId: null,
    status: 'booked',
    visitType: 1,
    startsAt: '2027-02-02T15:30:00.000Z',
    endsAt: '2027-02-02T16:00:00.000Z',
    doctor: PETROV,
    invitee: { name: 'Jordan Rivers', email: 'jordan@example.com', number: '5552013344' },
    patientTimeZone: 'America/Chicago',
  },
  reschedulePath: '/reschedulings/abc?hide_gdpr_banner=1',
};

async function fillInvitee(user: ReturnType<typeof userEvent.setup>, values = { name: 'Jordan Rivers', email: 'jordan@example.com', number: '(555) 201-3344' }) {
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), values.name);
  await user.type(screen.getByRole('textbox', { name: 'Email' }), values.email);
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), values.number);
}

describe('ScheduleVisitPanel', { timeout: 20_000 }, () => {
  it('books first available, and after "just taken" lets the patient pick again', async () => {
    let attempts = 0;
    const { calls: requests } = fakeApi([
      ['GET', '/api/doctors', () => ({ body: [OKAFOR, PETROV] })],
      ['GET', '/api/slots', () => ({ body: { timeZone: 'America/Chicago', doctorCount: 2, days: SLOT_DAYS } })],
      ['POST', '/api/session/guest', () => ({ body: { kind: 'guest', userId: null, role: null } })],
      ['POST', '/api/appointments', () =>
        ++attempts === 1
          ? problem(409, 'SLOT_TAKEN', MESSAGES.SLOT_TAKEN)
          : { status: 201, body: booked }],
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<ScheduleVisitPanel state="NY" visitType={1} />);

    expect(await screen.findByRole('radio', { name: /First available/ })).toBeChecked();
    expect(screen.getByText('Doctors licensed in New York')).toBeInTheDocument();
    const schedule = screen.getByRole('button', { name: 'SCHEDULE' });
    expect(schedule).toBeDisabled(); // no time yet

    // Times in the patient's detected zone (Chicago): 15:00 UTC is 9:00 AM.
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await fillInvitee(user);
    expect(schedule).toBeEnabled();
    await user.click(schedule);

    expect(await screen.findByRole('alert')).toHaveTextContent('That time was just taken. Please choose another time.');
    expect(screen.getByRole('button', { name: '9:00 AM' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'SCHEDULE' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '9:30 AM' }));
    await user.click(screen.getByRole('button', { name: 'SCHEDULE' }));
    expect(await screen.findByText('Your visit is scheduled')).toBeInTheDocument();
    expect(screen.getByText(/Dr. Elena Petrov, MD · Tuesday, February 2, 2027, 9:30 – 10:00 AM CST/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reschedule or cancel' })).toHaveAttribute('href', '/reschedulings/abc?hide_gdpr_banner=1');

    const posts = requests.filter((r) => r.method === 'POST' && r.path === '/api/appointments');
    expect(posts[1]!.body).toEqual({
      doctorId: 'first-available',
      startsAt: '2027-02-02T15:30:00.000Z',
      invitee: { name: 'Jordan Rivers', email: 'jordan@example.com', number: '5552013344' },
      timeZone: 'America/Chicago',
      state: 'NY',
      visitType: 1,
    });
    expect(requests.find((r) => r.path === '/api/slots')!.query.get('state')).toBe('NY');
  });

  it.each([
    // SPEC §5 FullName, email and PhoneNumber
    ['Full name', 'Jordan', MESSAGES.FULL_NAME_INVALID],
    ['Email', 'jordan@', MESSAGES.EMAIL_INVALID],
    ['Phone number', '555-2013', MESSAGES.PHONE_NUMBER_FORMAT],
  ])('shows the %s message beside the field and books nothing', async (field, value, message) => {
    const { calls: requests } = fakeApi([
      ['GET', '/api/doctors', () => ({ body: [OKAFOR] })],
      ['GET', '/api/slots', () => ({ body: { timeZone: 'America/Chicago', doctorCount: 1, days: SLOT_DAYS } })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<ScheduleVisitPanel state="NY" />);
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    const good = { name: 'Jordan Rivers', email: 'jordan@example.com', number: '5552013344' };
    const key = field === 'Full name' ? 'name' : field === 'Email' ? 'email' : 'number';
    await fillInvitee(user, { ...good, [key]: value });
    await user.click(screen.getByRole('button', { name: 'SCHEDULE' }));
    const input = screen.getByRole('textbox', { name: field });
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.path === '/api/appointments')).toBe(false);
  });

  it("opens a doctor's bio and selects the doctor from it", async () => {
    const { calls: requests } = fakeApi([
      ['GET', '/api/doctors', () => ({ body: [OKAFOR, PETROV] })],
      ['GET', `/api/doctors/${OKAFOR.id}`, () => ({ body: { ...OKAFOR, bio: 'Dr. Okafor is a board-certified internist.' } })],
      ['GET', '/api/slots', () => ({ body: { timeZone: 'America/Chicago', doctorCount: 2, days: SLOT_DAYS } })],
      ['GET', `/api/doctors/${OKAFOR.id}/slots`, () => ({ body: { timeZone: 'America/Chicago', doctor: OKAFOR, days: SLOT_DAYS.slice(1) } })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<ScheduleVisitPanel state="NY" />);
    await user.click(await screen.findByRole('button', { name: 'View bio of Dr. Amara Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dr. Amara Okafor, MD' });
    expect(await within(dialog).findByText('Dr. Okafor is a board-certified internist.')).toBeInTheDocument();
    expect(within(dialog).getByText('Licensed in Florida, Georgia, New York, Pennsylvania')).toBeInTheDocument();
    // issue 16: the real average and count.
    expect(within(dialog).getByText('4.5 · 12 ratings')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Select doctor' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: /Dr. Amara Okafor, MD/ })).toBeChecked();
    expect(await screen.findByRole('tab', { name: /Wednesday, February 3/ })).toBeInTheDocument();
    expect(requests.some((r) => r.path === `/api/doctors/${OKAFOR.id}/slots`)).toBe(true);
  });

  it("shows each doctor's real rating, or that nobody has rated them yet (issue 16)", async () => {
    fakeApi([
      ['GET', '/api/doctors', () => ({ body: [OKAFOR, PETROV, { ...OKAFOR, id: 'd-one', name: 'Dr. Una Single', averageRating: 5, ratingCount: 1 }] })],
      ['GET', `/api/doctors/${PETROV.id}`, () => ({ body: { ...PETROV, bio: 'Dr. Petrov sees patients in the evening.' } })],
      ['GET', '/api/slots', () => ({ body: { timeZone: 'America/Chicago', doctorCount: 3, days: SLOT_DAYS } })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<ScheduleVisitPanel state="NY" />);
    expect(await screen.findByRole('radio', { name: /Dr. Amara Okafor, MD.*4\.5 · 12 ratings/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Dr. Elena Petrov, MD.*No ratings yet/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Dr. Una Single, MD.*5\.0 · 1 rating$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View bio of Dr. Elena Petrov' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dr. Elena Petrov, MD' });
    expect(await within(dialog).findByText('No ratings yet')).toBeInTheDocument();
  });

  it('says so when no doctor is licensed in the state', async () => {
    fakeApi([['GET', '/api/doctors', () => ({ body: [] })]]);
    renderWithStore(<ScheduleVisitPanel state="OH" />);
    expect(await screen.findByRole('heading', { name: 'No doctors are licensed in Ohio yet' })).toBeInTheDocument();
  });

  it('says so when a doctor has no open times, and offers first available', async () => {
    fakeApi([
      ['GET', '/api/doctors', () => ({ body: [OKAFOR] })],
      ['GET', '/api/slots', () => ({ body: { timeZone: 'America/Chicago', doctorCount: 1, days: SLOT_DAYS } })],
      ['GET', `/api/doctors/${OKAFOR.id}/slots`, () => ({ body: { timeZone: 'America/Chicago', doctor: OKAFOR, days: [] } })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<ScheduleVisitPanel state="NY" />);
    await user.click(await screen.findByRole('radio', { name: /Dr. Amara Okafor/ }));
    expect(await screen.findByRole('heading', { name: 'No open times in the next three weeks' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show first available' }));
    expect(screen.getByRole('radio', { name: /First available/ })).toBeChecked();
    expect(await screen.findByRole('button', { name: '9:00 AM' })).toBeInTheDocument();
  });

  it('shows the connection message and a retry when the doctors cannot load', async () => {
    fakeApi([
      ['GET', '/api/doctors', () => ({ status: 500, body: {} })],
      ['GET', '/api/slots', () => ({ body: { timeZone: 'America/Chicago', doctorCount: 1, days: SLOT_DAYS } })],
    ]);
    renderWithStore(<ScheduleVisitPanel state="NY" />);
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
