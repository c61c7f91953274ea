// Times of a visit in the patient's own zone, with the zone named (SPEC §2 "time in the patient's
// zone"; the domain's formatVisitRange for the whole range, Intl for the parts).
import { formatVisitRange, patientTimeZone } from '@store/domain';

export { formatVisitRange };

/** Plain spaces: ICU puts narrow no-break spaces before AM/PM. */
const plain = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

/** The zone a visit is shown in: the patient's, stored with it (a zone the runtime does not know falls back to Eastern). */
export const zoneOf = (stored: string) => patientTimeZone(stored);

/** "9:55 AM EDT". */
export function formatTime(iso: string, timeZone: string): string {
  return plain(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(iso)),
  );
}

/** "Thursday, June 4, 10:00 AM EDT". */
export function formatDateTime(iso: string, timeZone: string): string {
  return plain(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(iso)),
  );
}

/** "between 10:00 AM and 10:30 AM EDT on Monday, June 1": a phone visit's window. */
export function formatCallWindow(startsAt: string, endsAt: string, timeZone: string): string {
  const time = (iso: string, zoneName: boolean) =>
    plain(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
        ...(zoneName ? { timeZoneName: 'short' } : {}),
      }).format(new Date(iso)),
    );
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(startsAt));
  return `between ${time(startsAt, false)} and ${time(endsAt, true)} on ${day}`;
}


/** "Dr. Amara Okafor, MD". */
export function doctorTitle(doctor: { name: string; credentials: string }): string {
  return doctor.credentials ? `${doctor.name}, ${doctor.credentials}` : doctor.name;
}
