// Bookable visit slots, modelled on Cal.com: weekly availability rules plus date exceptions, in the
// doctor's time zone; slots come out as UTC instants and the web shows them in the patient's zone.
// Pure: no database, no clock (the caller passes `now`).
//
// Daylight saving: rules are wall-clock times. A 9:00–17:00 rule is 9:00–17:00 local on both sides
// of a change. Slot starts are stepped in wall-clock minutes, so a start that does not exist (the
// skipped hour of spring-forward) is left out, and a start that happens twice (the repeated hour of
// fall-back) is offered once, at its first occurrence.
import { TZDate } from '@date-fns/tz';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
export const MINUTES_PER_DAY = 1440;

/** A weekly window: weekday 0 (Sunday) to 6, minutes after local midnight, end exclusive. */
export interface AvailabilityRule {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/**
 * A date exception in the doctor's zone (`YYYY-MM-DD`). Both minutes null: the whole day off.
 * Otherwise custom hours: every custom window of a date replaces that date's weekly rules.
 * A day off wins over custom hours given for the same date.
 */
export interface AvailabilityException {
  date: string;
  startMinute: number | null;
  endMinute: number | null;
}

export interface SchedulingSettings {
  visitMinutes: number;
  /** Free time kept between a booked visit and the next (both sides). */
  bufferMinutes: number;
  /** How far ahead, from now, a visit may start. */
  horizonDays: number;
  /** How soon, from now, a visit may start. */
  minNoticeMinutes: number;
}

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}
export type Slot = Interval;

export interface SlotQuery {
  /** The doctor's IANA time zone. */
  timeZone: string;
  rules: readonly AvailabilityRule[];
  exceptions: readonly AvailabilityException[];
  /** Live bookings of the doctor (the one being moved left out when rescheduling). */
  bookings: readonly Interval[];
  settings: SchedulingSettings;
  /** Only slots starting in [from, to). */
  from: Date;
  to: Date;
  now: Date;
}

export interface LocalDate {
  year: number;
  /** 0-based, like Date. */
  month: number;
  day: number;
}

export function formatLocalDate({ year, month, day }: LocalDate): string {
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function parseLocalDate(value: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const check = new Date(Date.UTC(year, month, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The calendar date `days` after `date` (plain calendar arithmetic, no zone involved). */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() };
}

export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month, date.day)).getUTCDay();
}

/** The calendar date of an instant in a zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const t = new TZDate(instant.getTime(), timeZone);
  return { year: t.getFullYear(), month: t.getMonth(), day: t.getDate() };
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function localDateString(instant: Date, timeZone: string): string {
  return formatLocalDate(localDateOf(instant, timeZone));
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of a wall-clock time (`minuteOfDay` after midnight of `date`, may reach 1440 = next
 * midnight) in the zone, or null when that wall-clock time does not exist there (spring-forward).
 * A wall-clock time that happens twice (fall-back) gives its first occurrence.
 */
export function wallTimeToInstant(date: LocalDate, minuteOfDay: number, timeZone: string): Date | null {
  const wanted = new Date(Date.UTC(date.year, date.month, date.day, 0, minuteOfDay));
  const t = new TZDate(
    wanted.getUTCFullYear(),
    wanted.getUTCMonth(),
    wanted.getUTCDate(),
    wanted.getUTCHours(),
    wanted.getUTCMinutes(),
    timeZone,
  );
  const exists =
    t.getFullYear() === wanted.getUTCFullYear() &&
    t.getMonth() === wanted.getUTCMonth() &&
    t.getDate() === wanted.getUTCDate() &&
    t.getHours() === wanted.getUTCHours() &&
    t.getMinutes() === wanted.getUTCMinutes();
  return exists ? new Date(t.getTime()) : null;
}

/** Like wallTimeToInstant, but a skipped wall-clock time moves forward (fine for a window's end). */
function wallTimeToInstantOrLater(date: LocalDate, minuteOfDay: number, timeZone: string): Date {
  const wanted = new Date(Date.UTC(date.year, date.month, date.day, 0, minuteOfDay));
  const t = new TZDate(
    wanted.getUTCFullYear(),
    wanted.getUTCMonth(),
    wanted.getUTCDate(),
    wanted.getUTCHours(),
    wanted.getUTCMinutes(),
    timeZone,
  );
  return new Date(t.getTime());
}

/** The first instant of a local date (`YYYY-MM-DD`) in a zone, or null for a malformed date. */
export function startOfLocalDate(date: string, timeZone: string): Date | null {
  const parsed = parseLocalDate(date);
  return parsed ? wallTimeToInstantOrLater(parsed, 0, timeZone) : null;
}

/** The windows (minutes after local midnight) a doctor works on one local date. */
export function windowsForDate(
  date: LocalDate,
  rules: readonly AvailabilityRule[],
  exceptions: readonly AvailabilityException[],
): { startMinute: number; endMinute: number }[] {
  const key = formatLocalDate(date);
  const todays = exceptions.filter((e) => e.date === key);
  if (todays.some((e) => e.startMinute === null || e.endMinute === null)) return [];
  const source =
    todays.length > 0
      ? todays.map((e) => ({ startMinute: e.startMinute as number, endMinute: e.endMinute as number }))
      : rules.filter((r) => r.weekday === weekdayOf(date));
  return source
    .filter((w) => w.startMinute >= 0 && w.endMinute <= MINUTES_PER_DAY && w.startMinute < w.endMinute)
    .map((w) => ({ startMinute: w.startMinute, endMinute: w.endMinute }))
    .sort((a, b) => a.startMinute - b.startMinute);
}

/** Whether [start, end) comes within `bufferMs` of a booking (touching counts only without buffer). */
export function conflicts(start: number, end: number, bookings: readonly Interval[], bufferMs: number): boolean {
  return bookings.some(
    (b) => start < b.endsAt.getTime() + bufferMs && end + bufferMs > b.startsAt.getTime(),
  );
}

/** The earliest and latest instants a visit may start at, from now. */
export function bookingBounds(settings: SchedulingSettings, now: Date): { earliest: number; latest: number } {
  return {
    earliest: now.getTime() + settings.minNoticeMinutes * MINUTE_MS,
    latest: now.getTime() + settings.horizonDays * DAY_MS,
  };
}

/** Bookable slots starting in [from, to), sorted and unique by start. */
export function generateSlots(query: SlotQuery): Slot[] {
  const { timeZone, rules, exceptions, bookings, settings } = query;
  const visitMs = settings.visitMinutes * MINUTE_MS;
  const bufferMs = settings.bufferMinutes * MINUTE_MS;
  const step = settings.visitMinutes;
  if (step <= 0 || !isValidTimeZone(timeZone)) return [];
  const { earliest, latest } = bookingBounds(settings, query.now);
  const lower = Math.max(query.from.getTime(), earliest);
  const upper = Math.min(query.to.getTime(), latest + 1); // start <= latest
  if (lower >= upper) return [];

  // Every local date that can hold a slot starting in [lower, upper), with a day's margin so zone
  // offsets never drop the first or last date.
  const first = addLocalDays(localDateOf(new Date(lower), timeZone), -1);
  const last = addLocalDays(localDateOf(new Date(upper), timeZone), 1);
  const starts = new Map<number, Slot>();
  for (let date = first; formatLocalDate(date) <= formatLocalDate(last); date = addLocalDays(date, 1)) {
    for (const window of windowsForDate(date, rules, exceptions)) {
      const windowEnd = wallTimeToInstantOrLater(date, window.endMinute, timeZone).getTime();
      for (let minute = window.startMinute; minute + step <= window.endMinute; minute += step) {
        const start = wallTimeToInstant(date, minute, timeZone);
        if (!start) continue; // skipped by spring-forward
        const s = start.getTime();
        const e = s + visitMs;
        if (e > windowEnd || s < lower || s >= upper || starts.has(s)) continue;
        if (conflicts(s, e, bookings, bufferMs)) continue;
        starts.set(s, { startsAt: new Date(s), endsAt: new Date(e) });
      }
    }
  }
  return [...starts.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Whether a visit starting at `startsAt` is one of the doctor's bookable slots right now. */
export function findSlot(query: Omit<SlotQuery, 'from' | 'to'>, startsAt: Date): Slot | null {
  const slots = generateSlots({ ...query, from: startsAt, to: new Date(startsAt.getTime() + 1) });
  return slots[0] ?? null;
}

/** Slots grouped by the calendar date they start on in `timeZone` (the patient's). */
export function groupSlotsByDay<T extends Slot>(slots: readonly T[], timeZone: string): { date: string; slots: T[] }[] {
  const days = new Map<string, T[]>();
  for (const slot of slots) {
    const key = localDateString(slot.startsAt, timeZone);
    const list = days.get(key);
    if (list) list.push(slot);
    else days.set(key, [slot]);
  }
  return [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, list]) => ({ date, slots: list }));
}
