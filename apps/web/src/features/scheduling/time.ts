// Times in the patient's zone, with Intl (no library): slot labels, day tabs and a visit's range.
import { patientTimeZone, US_TIME_ZONES } from '@store/domain';

/** Plain spaces: ICU puts narrow no-break spaces before AM/PM and thin ones around a range's dash. */
const plain = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

/** The browser's zone when it is one the runtime knows, else Eastern Time. */
export function detectTimeZone(): string {
  let detected: string | undefined;
  try {
    detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    detected = undefined;
  }
  return patientTimeZone(detected);
}

/**
 * The zone a booked visit is shown in: the patient's, stored with the visit when they booked it
 * (issue 13 #15); the browser's only for a visit stored without a place (UTC).
 */
export function visitTimeZone(stored: string | null | undefined): string {
  const zone = patientTimeZone(stored);
  return stored && zone === stored ? zone : detectTimeZone();
}

/** "9:00 AM" in `timeZone`. */
export function formatSlotTime(iso: string, timeZone: string): string {
  return plain(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso)));
}

/** A calendar date (YYYY-MM-DD) as noon UTC, so formatting it in UTC never shifts the day. */
const dateAtNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** { weekday: "Tue", day: "Feb 2" } for a day tab. */
export function formatDayTab(date: string): { weekday: string; day: string } {
  const d = dateAtNoon(date);
  return {
    weekday: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short' }).format(d),
    day: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(d),
  };
}

/** "Tuesday, February 2". */
export function formatDayLong(date: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(dateAtNoon(date));
}

/** The domain's visit range (the mails say it the same way). */
export { formatVisitRange } from '@store/domain';

export interface TimeZoneOption {
  zone: string;
  label: string;
}

/** The picker's list: US zones, plus the current one when it is not among them. */
export function timeZoneOptions(current: string): TimeZoneOption[] {
  const options: TimeZoneOption[] = US_TIME_ZONES.map((z) => ({ zone: z.zone, label: z.label }));
  if (!options.some((o) => o.zone === current)) options.unshift({ zone: current, label: current.replaceAll('_', ' ') });
  return options;
}

export function timeZoneLabel(zone: string): string {
  return US_TIME_ZONES.find((z) => z.zone === zone)?.label ?? zone.replaceAll('_', ' ');
}
