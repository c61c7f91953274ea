// SPEC §2 /checkout/patient-visit: "missed-visit and visit-about-to-start welcome screens, start
// visit, connect to your visit now, go to my account"; §4 labels START ONLINE VISIT, START VISIT,
// SCHEDULE; §7 "patient visit details" / POST welcome-back for schedule visit, missed visit, visit
// about to start (issue 16). Every screen state of the page: scheduled, about to start, open (the
// call mocked), the minute it opens, phone, missed (SCHEDULE), missed by the doctor, past the
// rebook window, completed → ended-visit, 404, signed out, loading, connection error with Retry.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, notFound, type FakeAnswer, type FakeRoute } from '@/test/fakeApi';
import { createTestQueryClient, renderWithStore } from '@/test/render';
import { ORDER_CANCELLED_TEXT, REBOOK_PASSED_TEXT } from '../components/MissedVisit';
import { PREPARE_PHONE, PREPARE_VIDEO } from '../components/ScheduledVisit';
import { NOT_FOUND_TITLE } from '../components/VisitStates';
import { DOCTOR, FakeRebook, HOURS, MINUTES, ORDER_ID, visitAt } from '../test-fixtures';
import { PatientVisitPage, REBOOKED_TEXT } from './PatientVisitPage';

// The call itself is the shared visit-call's JoinVisit (tested there): here, a check that holds
// START VISIT while `notYet` is set and counts how often it started (each start asks for the camera
// again), then a call that says what it got; leaving goes back to the check.
const checkStarts = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/shared/visit-call', async () => {
  const { useEffect, useState } = await import('react');
  function JoinVisit(props: {
    appointmentId: string;
    role: string;
    phone?: string;
    notYet?: string;
    focusOnMount?: boolean;
    onEnded: (by: string) => void;
  }) {
    const [inCall, setInCall] = useState(false);
    const [left, setLeft] = useState(false);
    useEffect(() => {
      checkStarts.count += 1;
    }, []);
    if (inCall)
      return (
        <div data-testid="visit-call">
          <p>{`Call ${props.appointmentId} as ${props.role}, phone ${props.phone}`}</p>
          <button type="button" onClick={() => props.onEnded('doctor')}>
            Doctor ends
          </button>
          <button
            type="button"
            onClick={() => {
              setInCall(false);
              setLeft(true);
            }}
          >
            Leave
          </button>
        </div>
      );
    return (
      <div data-testid="device-check" data-focus-on-mount={String(Boolean(props.focusOnMount))}>
        {left ? <p>You left the visit.</p> : null}
        {props.notYet ? <p>{props.notYet}</p> : null}
        <button type="button" disabled={Boolean(props.notYet)} onClick={() => setInCall(true)}>
          START VISIT
        </button>
      </div>
    );
  }
  return { JoinVisit };
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const signedIn: FakeRoute = [
  'GET',
  '/api/session',
  () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } }),
];
const at = `/checkout/patient-visit?id=${ORDER_ID}`;

function api(visit: () => FakeAnswer, extra: FakeRoute[] = []) {
  return fakeApi([signedIn, ['GET', `/api/orders/${ORDER_ID}/visit`, visit], ...extra]);
}

/** Shows where the login drawer would send the patient back to. */
function DrawerTarget() {
  const { isOpen, redirectTo } = useLoginDrawer();
  return isOpen ? <p data-testid="drawer">{`Login drawer, back to ${redirectTo}`}</p> : null;
}

function renderPage(path = at, queryClient = createTestQueryClient()) {
  return renderWithStore(
    <>
      <Routes>
        <Route path="/checkout/patient-visit" element={<PatientVisitPage Rebook={FakeRebook} />} />
        <Route path="/checkout/ended-visit" element={<h1>Ended visit page</h1>} />
      </Routes>
      <DrawerTarget />
    </>,
    { path, queryClient },
  );
}

describe('PatientVisitPage', () => {
  it('welcomes the patient back to a scheduled video visit: the doctor, the time in their zone named, what to prepare, the ways on', async () => {
    // SPEC §2 "welcome-back screen" for a scheduled visit; the time in the patient's zone, named.
    const visit = visitAt(26 * HOURS);
    api(() => ({ body: visit }));
    const { container } = renderPage();
    expect(screen.getByText('Loading your visit…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your video visit is scheduled.')).toBeInTheDocument();
    expect(screen.getByTestId('visit-doctor')).toHaveTextContent('Dr. Ana Ruiz, MD');
    expect(container.querySelector(`img[src="${DOCTOR.photoUrl}"]`)).not.toBeNull();
    expect(screen.getByTestId('visit-time')).toHaveTextContent(/ (CST|CDT)$/);
    expect(screen.getByRole('heading', { level: 2, name: 'What to prepare' })).toBeInTheDocument();
    for (const item of PREPARE_VIDEO) expect(screen.getByText(item)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reschedule your visit' })).toHaveAttribute(
      'href',
      '/my-account/visit',
    );
    expect(screen.getByRole('link', { name: 'Go to my account' })).toHaveAttribute(
      'href',
      '/my-account',
    );
    // Nothing to join yet.
    expect(screen.queryByRole('button', { name: 'START ONLINE VISIT' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('device-check')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Your visit \| /);
    await expectNoAxeViolations(container);
  });

  it('says the visit is about to start: START ONLINE VISIT leads to the camera check, with START VISIT held until the window opens', async () => {
    // SPEC §2 "visit-about-to-start welcome screen", "connect to your visit now"; issue 16 window (opens 5 minutes before).
    api(() => ({ body: visitAt(12 * MINUTES) }));
    const user = userEvent.setup();
    const { container } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your visit is about to start' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('visit-intro')).toHaveTextContent(
      /Your visit opens at \d{1,2}:\d\d (AM|PM) C[SD]T\. Connect to your visit now/,
    );
    expect(screen.getByRole('link', { name: 'Go to my account' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'START ONLINE VISIT' }));
    const check = screen.getByTestId('device-check');
    // The button pressed is gone: the check takes focus (its heading; the check's own test), not
    // the page's body (walk-through).
    expect(check).toHaveAttribute('data-focus-on-mount', 'true');
    expect(within(check).getByRole('button', { name: 'START VISIT' })).toBeDisabled();
    expect(within(check).getByText(/^Your visit opens at /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'START ONLINE VISIT' })).not.toBeInTheDocument();
  });

  it('turns to "connect to your visit now" at the minute the window opens, keeping the check the patient started', async () => {
    // issue 16: the phase is recomputed with the domain's visitWindowPhase on a timer, not on the next poll.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    api(() => ({ body: visitAt(5 * MINUTES + 3_000) }));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'START ONLINE VISIT' }));
    expect(screen.getByRole('button', { name: 'START VISIT' })).toBeDisabled();
    const starts = checkStarts.count;
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Connect to your visit now' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'START VISIT' })).toBeEnabled();
    // The same check goes on: the camera is not asked for again.
    expect(checkStarts.count).toBe(starts);
  });

  it('opens the call when the window is open: the check, START VISIT, the call; the doctor ending it leads to ended-visit', async () => {
    // SPEC §2 "start visit"; §4 START VISIT; issue 16 "after the visit … rate your doctor" (ended-visit).
    api(() => ({ body: visitAt(-2 * MINUTES) }));
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connect to your visit now' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'START ONLINE VISIT' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'START VISIT' }));
    expect(screen.getByTestId('visit-call')).toHaveTextContent(
      'Call a1 as patient, phone 5552013344',
    );
    // Leaving goes back to the check, to join again while the window is open.
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByText('You left the visit.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'START VISIT' }));
    await user.click(screen.getByRole('button', { name: 'Doctor ends' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ended visit page' }),
    ).toBeInTheDocument();
  });

  it('keeps the call on screen when a later read of the visit fails', async () => {
    // SPEC §8 a connection error must not end the visit: the poll fails, the call stays.
    let fail = false;
    api(() => (fail ? 'network' : { body: visitAt(-2 * MINUTES) }));
    const user = userEvent.setup();
    const queryClient = createTestQueryClient();
    renderPage(at, queryClient);
    // The window is open on arrival: the check shows without taking focus (nothing was pressed).
    expect(await screen.findByTestId('device-check')).toHaveAttribute(
      'data-focus-on-mount',
      'false',
    );
    await user.click(await screen.findByRole('button', { name: 'START VISIT' }));
    fail = true;
    await act(async () => {
      await queryClient.refetchQueries();
      // Query results reach the page on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(queryClient.getQueryState(['orders', ORDER_ID, 'visit'])?.status).toBe('error');
    expect(screen.getByTestId('visit-call')).toBeInTheDocument();
  });

  it('a phone visit: the doctor calls the patient’s number in the window, no camera', async () => {
    // issue 16 "Phone visits (type 2): the doctor sees the number and the window, calls".
    api(() => ({ body: visitAt(3 * MINUTES, { visitType: 2 }) }));
    const { container } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your doctor will call you soon' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('phone-visit')).toHaveTextContent(
      /^Your doctor will call you at \(555\) 201-3344 between \d{1,2}:\d\d (AM|PM) and \d{1,2}:\d\d (AM|PM) C[SD]T on \w+day, \w+ \d{1,2}\.$/,
    );
    expect(screen.queryByTestId('device-check')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'START ONLINE VISIT' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'START VISIT' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('a scheduled phone visit is welcomed back with the number and what to prepare', async () => {
    api(() => ({ body: visitAt(3 * HOURS, { visitType: 2 }) }));
    renderPage();
    expect(await screen.findByText('Your phone visit is scheduled.')).toBeInTheDocument();
    expect(screen.getByTestId('phone-visit')).toHaveTextContent(
      /^Your doctor will call you at \(555\) 201-3344 between /,
    );
    for (const item of PREPARE_PHONE) expect(screen.getByText(item)).toBeInTheDocument();
  });

  it('a missed visit: what happened, the day to rebook by, and SCHEDULE books a new time for the order (then the new visit is welcomed)', async () => {
    // SPEC §2 "missed-visit welcome screen"; §4 SCHEDULE; issue 16 "the patient can rebook within a few days".
    let rebooked = false;
    const missed = visitAt(-2 * HOURS, {
      status: 'missed',
      outcome: 'missed_by_patient',
      phase: 'closed',
      orderStatus: 'visit_missed',
      rebookUntil: new Date(Date.now() + 70 * HOURS).toISOString(),
    });
    api(() => ({ body: rebooked ? visitAt(50 * HOURS, { appointmentId: 'a2' }) : missed }));
    const user = userEvent.setup();
    const { container } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You missed your visit' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('missed-intro')).toHaveTextContent(
      /^Your visit with Dr\. Ana Ruiz, MD on .+ did not take place\. Your card has not been charged\.$/,
    );
    expect(screen.getByTestId('rebook-until')).toHaveTextContent(
      /^Book a new time by \w+day, \w+ \d{1,2} at \d{1,2}:\d\d (AM|PM) C[SD]T, or the order is cancelled/,
    );
    expect(screen.getByTestId('rebook')).toHaveTextContent(`Rebook ${ORDER_ID}`);
    expect(screen.getByTestId('rebook')).not.toHaveTextContent('another doctor');
    await expectNoAxeViolations(container);
    rebooked = true;
    await user.click(screen.getByRole('button', { name: 'SCHEDULE' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back' }),
    ).toBeInTheDocument();
    // SCHEDULE (which had focus) is gone and the page below it is short: focus, and so the view,
    // goes to the notice at the top (walk-through: on a phone it was off screen, focus on the body).
    await waitFor(() =>
      expect(screen.getByText(REBOOKED_TEXT).closest('[role="status"]')).toHaveFocus(),
    );
  });

  it('a visit the doctor missed: says the doctor could not join and offers another doctor or time', async () => {
    // issue 16 "a doctor who does not come → the patient is offered another doctor or time first".
    api(() => ({
      body: visitAt(-2 * HOURS, { status: 'missed', outcome: 'missed_by_doctor', phase: 'closed' }),
    }));
    renderPage();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Your doctor could not join your visit',
      }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('missed-intro')).toHaveTextContent(
      'Dr. Ana Ruiz, MD could not join your visit',
    );
    expect(screen.getByTestId('rebook')).toHaveTextContent(
      `Rebook ${ORDER_ID} with another doctor`,
    );
  });

  it('past the rebook window, or with the order cancelled, no new time is offered', async () => {
    // issue 16 "else the order is cancelled and the hold voided".
    api(() => ({
      body: visitAt(-80 * HOURS, {
        status: 'missed',
        outcome: 'missed_by_patient',
        phase: 'closed',
        orderStatus: 'visit_missed',
        rebookUntil: new Date(Date.now() - HOURS).toISOString(),
      }),
    }));
    renderPage();
    expect(await screen.findByText(REBOOK_PASSED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SCHEDULE' })).not.toBeInTheDocument();
  });

  it('a missed visit whose order was cancelled says so', async () => {
    api(() => ({
      body: visitAt(-80 * HOURS, {
        status: 'missed',
        outcome: 'missed_by_patient',
        phase: 'closed',
        orderStatus: 'cancelled',
      }),
    }));
    renderPage();
    expect(await screen.findByText(ORDER_CANCELLED_TEXT)).toBeInTheDocument();
    expect(screen.queryByTestId('rebook')).not.toBeInTheDocument();
  });

  it('a completed visit goes to ended-visit', async () => {
    // SPEC §2 /checkout/ended-visit after the visit.
    api(() => ({
      body: visitAt(-1 * HOURS, { status: 'completed', outcome: 'completed', phase: 'closed' }),
    }));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ended visit page' }),
    ).toBeInTheDocument();
  });

  it('someone else’s order or an unknown one: "We couldn’t find this visit" (a 404), and without an id too', async () => {
    // Conventions: another person's row is a 404, never a 403.
    api(() => notFound);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('without an order id says it could not find the visit', async () => {
    const { calls } = api(() => ({ body: visitAt(HOURS) }));
    renderPage('/checkout/patient-visit');
    expect(
      await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/visit'))).toBe(false);
  });

  it('signed out: asks to log in and comes back to this visit afterwards', async () => {
    // SPEC §2 "After login with a redirect target the user goes to that path (optionally with an id query)".
    const { calls } = fakeApi([
      ['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })],
    ]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Please log in to see your visit.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByTestId('drawer')).toHaveTextContent(`Login drawer, back to ${at}`);
    expect(calls.some((c) => c.path.endsWith('/visit'))).toBe(false);
  });

  it('a connection error shows the SPEC §8 message with Retry, which loads the visit', async () => {
    // SPEC §4 "Every call has loading, success and failure outcomes"; §8 connection error.
    let fail = true;
    api(() => (fail ? 'network' : { body: visitAt(26 * HOURS) }));
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load your visit' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('There was a connection error.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back' }),
    ).toBeInTheDocument();
  });
});
