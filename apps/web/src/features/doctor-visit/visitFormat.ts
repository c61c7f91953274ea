// How the doctor's visit page writes times and paths (issue 16).
import type { DoctorVisit } from '@store/domain';

export const doctorVisitPath = (appointmentId: string) => `/doctor/visits/${appointmentId}`;
export const doctorOrderPath = (orderId: string) => `/doctor/orders/${orderId}`;
export const DOCTOR_QUEUE_PATH = '/doctor';

/** The zone the page speaks in: the doctor's own (from the server), else this browser's. */
export function doctorZone(visit: Pick<DoctorVisit, 'doctorTimeZone'>): string {
  return visit.doctorTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "Jun 1, 9:55 AM EDT": a moment with its zone named. */
export function formatMoment(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })
    .format(new Date(iso))
    .replace(/[\u202f\u2009\u00a0]/g, ' ');
}

/** What became of a visit that is no longer booked. */
export function outcomeText(visit: Pick<DoctorVisit, 'status' | 'outcome'>): string {
  if (visit.outcome === 'completed' || visit.status === 'completed') return 'The visit is done.';
  if (visit.outcome === 'missed_by_patient') return 'Missed: the patient did not join.';
  if (visit.outcome === 'missed_by_doctor')
    return 'Missed: the visit happened without you joining.';
  if (visit.status === 'missed') return 'Missed.';
  if (visit.status === 'cancelled') return 'This visit was cancelled.';
  if (visit.status === 'rescheduled') return 'This visit was moved to another time.';
  return '';
}
