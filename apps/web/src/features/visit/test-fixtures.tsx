// Test fixtures for the visit screens: a PatientVisit around "now", the call mocked in place of the
// shared one, and the rebooking the router hands in.
import type { PatientVisit } from '@store/domain';
import { ACTION_LABELS, visitWindow, visitWindowPhase } from '@store/domain';
import type { RebookProps } from './components/MissedVisit';

export const ORDER_ID = 'o1';
export const DOCTOR = {
  id: 'd1',
  name: 'Dr. Ana Ruiz',
  credentials: 'MD',
  photoUrl: '/images/doctors/ana-ruiz.svg',
};
const MIN = 60_000;

/** A 30-minute visit starting `inMs` from now (negative: started), in Chicago. */
export function visitAt(inMs: number, over: Partial<PatientVisit> = {}): PatientVisit {
  const start = new Date(Date.now() + inMs);
  const end = new Date(start.getTime() + 30 * MIN);
  const { opensAt, closesAt } = visitWindow(start, end);
  return {
    appointmentId: 'a1',
    orderId: ORDER_ID,
    visitType: 1,
    status: 'booked',
    phase: visitWindowPhase(new Date(), start, end),
    serverNow: new Date().toISOString(),
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    patientTimeZone: 'America/Chicago',
    doctor: DOCTOR,
    phone: '5552013344',
    outcome: null,
    orderStatus: 'visit_scheduled',
    rebookUntil: null,
    ...over,
  };
}

export const HOURS = 60 * MIN;
export const MINUTES = MIN;

/** The scheduling feature's rebooking, faked: says what it was given and books on SCHEDULE. */
export function FakeRebook({ orderId, doctorMissed, onBooked }: RebookProps) {
  return (
    <div data-testid="rebook">
      <p>{`Rebook ${orderId}${doctorMissed ? ' with another doctor' : ''}`}</p>
      <button type="button" onClick={onBooked}>
        {ACTION_LABELS.schedule}
      </button>
    </div>
  );
}
