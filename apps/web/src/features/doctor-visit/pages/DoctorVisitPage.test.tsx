// issue 16: the doctor's visit page — who and when (the doctor's zone named), the order; a video
// visit joined once its window opens; a phone visit's number and "Mark visit done"; the private
// note; "Decide on this order" after the visit; loading, not-yours and error states.
import { formatVisitRange, type DoctorVisit } from '@store/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMediaDevices, unstubMediaDevices } from '@/shared/visit-call/test-fakes';
import { fakeApi, problem } from '@/test/fakeApi';
import { expectNoAxeViolations } from '@/test/axe';
import { renderWithStore } from '@/test/render';
import { DoctorVisitPage } from './DoctorVisitPage';

afterEach(() => {
  vi.unstubAllGlobals();
  unstubMediaDevices();
});

function visit(over: Partial<DoctorVisit> = {}): DoctorVisit {
  return {
    appointmentId: 'ap-1',
    orderId: 'o-1',
    orderNumber: 'EV-1001',
    visitType: 1,
    status: 'booked',
    phase: 'scheduled',
    serverNow: '2030-06-03T12:00:00.000Z',
    startsAt: '2030-06-03T14:00:00.000Z',
    endsAt: '2030-06-03T14:30:00.000Z',
    opensAt: '2030-06-03T13:55:00.000Z',
    closesAt: '2030-06-03T14:45:00.000Z',
    patient: { name: 'Jordan Lee', phone: '5550102000', timeZone: 'America/Chicago' },
    doctorTimeZone: 'America/New_York',
    patientJoinedAt: null,
    admittedAt: null,
    endedAt: null,
    outcome: null,
    note: '',
    ...over,
  };
}

/** The note's saved state beside its button. */
const noteState = () =>
  within(screen.getByRole('form', { name: 'Visit note' })).getByRole('status');

function renderPage() {
  return renderWithStore(
    <Routes>
      <Route path="/doctor/visits/:appointmentId" element={<DoctorVisitPage />} />
      <Route path="/doctor/orders/:id" element={<p>Review page</p>} />
    </Routes>,
    { path: '/doctor/visits/ap-1' },
  );
}

describe('DoctorVisitPage', () => {
  it('shows the patient, the window in the doctor’s zone (and the patient’s), the type and the order', async () => {
    fakeApi([['GET', '/api/doctor/visits/ap-1', () => ({ body: visit() })]]);
    const { container } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Opening the visit…');
    expect(
      await screen.findByRole('heading', { name: 'Visit with Jordan Lee', level: 1 }),
    ).toBeInTheDocument();
    const when = formatVisitRange(
      '2030-06-03T14:00:00.000Z',
      '2030-06-03T14:30:00.000Z',
      'America/New_York',
    );
    expect(when).toContain('10:00 – 10:30 AM EDT');
    expect(screen.getByText(when)).toBeInTheDocument();
    expect(
      screen.getByText(
        formatVisitRange('2030-06-03T14:00:00.000Z', '2030-06-03T14:30:00.000Z', 'America/Chicago'),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Video visit')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'EV-1001' })).toHaveAttribute(
      'href',
      '/doctor/orders/o-1',
    );
    // Before the window: when it opens, no call yet.
    expect(screen.getByText(/Opens at Jun 3, 9:55 AM EDT\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('another doctor’s visit (404) reads "Not in your visits"', async () => {
    fakeApi([['GET', '/api/doctor/visits/ap-1', () => problem(404, 'NOT_FOUND', 'Not found.')]]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Not in your visits' })).toBeInTheDocument();
  });

  it('a failure shows the error with a retry that loads it', async () => {
    let fail = true;
    fakeApi([
      ['GET', '/api/doctor/visits/ap-1', () => (fail ? { status: 503 } : { body: visit() })],
    ]);
    const user = userEvent.setup();
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await user.click(retry);
    expect(
      await screen.findByRole('heading', { name: 'Visit with Jordan Lee' }),
    ).toBeInTheDocument();
  });

  it('an open video visit starts with the camera check and Join', async () => {
    stubMediaDevices();
    fakeApi([['GET', '/api/doctor/visits/ap-1', () => ({ body: visit({ phase: 'open' }) })]]);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(await screen.findByText('Your camera and microphone are working.')).toBeInTheDocument();
  });

  it('a completed video visit says so and leads to the decision', async () => {
    fakeApi([
      [
        'GET',
        '/api/doctor/visits/ap-1',
        () => ({
          body: visit({
            status: 'completed',
            phase: 'closed',
            outcome: 'completed',
            endedAt: '2030-06-03T14:24:00.000Z',
          }),
        }),
      ],
    ]);
    renderPage();
    expect(
      await screen.findByText('The visit is done. Ended at Jun 3, 10:24 AM EDT.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Decide on this order' })).toHaveAttribute(
      'href',
      '/doctor/orders/o-1',
    );
  });

  it('a missed visit says who missed it, with no decision link', async () => {
    fakeApi([
      [
        'GET',
        '/api/doctor/visits/ap-1',
        () => ({
          body: visit({ status: 'missed', phase: 'closed', outcome: 'missed_by_patient' }),
        }),
      ],
    ]);
    renderPage();
    expect(await screen.findByText('Missed: the patient did not join.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Decide on this order' })).not.toBeInTheDocument();
  });

  // issue 16 "Phone visits (type 2): the doctor sees the number and the window, calls, marks it done."
  it('a phone visit shows the number to call and is marked done', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/doctor/visits/ap-1', () => ({ body: visit({ visitType: 2, phase: 'open' }) })],
      [
        'POST',
        '/api/doctor/visits/ap-1/complete',
        () => ({
          body: visit({
            visitType: 2,
            status: 'completed',
            phase: 'open',
            outcome: 'completed',
            endedAt: '2030-06-03T14:20:00.000Z',
          }),
        }),
      ],
    ]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Phone visit')).toBeInTheDocument();
    const call = screen.getByText(/^Call/);
    expect(call).toHaveTextContent(
      'Call (555) 010-2000 between Jun 3, 10:00 AM EDT and Jun 3, 10:30 AM EDT.',
    );
    expect(screen.getAllByRole('link', { name: '(555) 010-2000' })[0]).toHaveAttribute(
      'href',
      'tel:+15550102000',
    );
    // Asked first: it cannot be undone.
    await user.click(screen.getByRole('button', { name: 'Mark visit done' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Mark the visit done?' })).getByRole('button', { name: 'Mark visit done' }));
    expect(await screen.findByRole('link', { name: 'Decide on this order' })).toHaveAttribute(
      'href',
      '/doctor/orders/o-1',
    );
    expect(
      screen.getByText('The visit is done. Ended at Jun 3, 10:20 AM EDT.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark visit done' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/doctor/visits/ap-1/complete',
    ]);
  });

  it('writes the number checkout stored as ten digits the way people read it, and dials it', async () => {
    // issue 16 "the doctor sees the number"; walk-through: "Call 4155550134 between …" was hard to read. A US number dials with +1.
    fakeApi([
      [
        'GET',
        '/api/doctor/visits/ap-1',
        () => ({
          body: visit({
            visitType: 2,
            phase: 'open',
            patient: { name: 'Maya Chen', phone: '4155550134', timeZone: 'America/Los_Angeles' },
          }),
        }),
      ],
    ]);
    renderPage();
    expect(await screen.findByText(/^Call/)).toHaveTextContent(/^Call \(415\) 555-0134 between/);
    for (const link of screen.getAllByRole('link', { name: '(415) 555-0134' }))
      expect(link).toHaveAttribute('href', 'tel:+14155550134');
    expect(screen.queryByText('4155550134')).not.toBeInTheDocument();
  });

  it('says why a phone visit could not be marked done', async () => {
    fakeApi([
      ['GET', '/api/doctor/visits/ap-1', () => ({ body: visit({ visitType: 2 }) })],
      [
        'POST',
        '/api/doctor/visits/ap-1/complete',
        () => problem(409, 'VISIT_NOT_OPEN', 'This visit has not started yet.'),
      ],
    ]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mark visit done' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Mark the visit done?' })).getByRole('button', { name: 'Mark visit done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This visit has not started yet.');
    expect(screen.getByRole('button', { name: 'Mark visit done' })).toBeEnabled();
  });

  // issue 16 "the doctor writes a private visit note"
  it('saves the private note and shows it saved', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/doctor/visits/ap-1', () => ({ body: visit() })],
      [
        'PUT',
        '/api/doctor/visits/ap-1/note',
        (c) => ({ body: visit({ note: (c.body as { text: string }).text }) }),
      ],
    ]);
    const user = userEvent.setup();
    renderPage();
    const note = await screen.findByRole('textbox', { name: 'Visit note' });
    await user.type(note, 'Discussed dosing.  ');
    expect(noteState()).toHaveTextContent('Not saved yet');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ text: 'Discussed dosing.' }),
    );
    await waitFor(() => expect(noteState()).toHaveTextContent(/^Saved$/));
    await user.type(note, ' More.');
    expect(noteState()).toHaveTextContent('Not saved yet');
  });

  it('a failed save keeps the words typed and says why', async () => {
    fakeApi([
      ['GET', '/api/doctor/visits/ap-1', () => ({ body: visit({ note: 'Earlier note.' }) })],
      ['PUT', '/api/doctor/visits/ap-1/note', () => 'network'],
    ]);
    const user = userEvent.setup();
    renderPage();
    const note = await screen.findByRole('textbox', { name: 'Visit note' });
    expect(note).toHaveValue('Earlier note.');
    expect(noteState()).toHaveTextContent(/^Saved$/);
    await user.type(note, ' Follow up in 3 months.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/connection/i);
    expect(note).toHaveValue('Earlier note. Follow up in 3 months.');
    expect(noteState()).toHaveTextContent('Not saved yet');
  });

  it('refuses a note over the limit with the schema’s message, sending nothing', async () => {
    const { calls } = fakeApi([
      ['GET', '/api/doctor/visits/ap-1', () => ({ body: visit({ note: 'x'.repeat(10_001) }) })],
    ]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Keep the note under 10000 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
