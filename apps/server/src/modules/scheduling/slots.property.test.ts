// Property tests of slot generation: whatever the rules, exceptions, bookings, settings, zone and
// clock, every slot lies inside a window in the doctor's zone, never overlaps a booking and its
// buffer, respects notice and horizon, and the list is sorted and unique. The oracle reads local
// times with Intl, independently of the module's date-fns code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findSlot,
  parseLocalDate,
  wallTimeToInstant,
  generateSlots,
  type AvailabilityException,
  type AvailabilityRule,
  type SlotQuery,
} from './slots.ts';

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
  'Europe/London',
  'Australia/Lord_Howe', // a 30-minute daylight-saving shift
  'Asia/Kolkata',
];
const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function localParts(instant: Date, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!),
  };
}
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/** The windows of a date by the rule's own definition (written again here, on purpose). */
function oracleWindows(date: string, weekday: number, q: SlotQuery) {
  const ex = q.exceptions.filter((e) => e.date === date);
  if (ex.some((e) => e.startMinute === null)) return [];
  if (ex.length > 0) return ex.map((e) => ({ start: e.startMinute!, end: e.endMinute! }));
  return q.rules.filter((r) => r.weekday === weekday).map((r) => ({ start: r.startMinute, end: r.endMinute }));
}

const windowArb = fc
  .tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 720 }))
  .map(([start, length]) => ({ startMinute: start, endMinute: Math.min(1440, start + length) }));

const ruleArb: fc.Arbitrary<AvailabilityRule> = fc
  .tuple(fc.integer({ min: 0, max: 6 }), windowArb)
  .map(([weekday, w]) => ({ weekday, ...w }));

/** Clocks near the 2026 changes (US March 8 / November 1, EU March 29 / October 25) and anywhere. */
const nowArb = fc.oneof(
  fc.constantFrom('2026-03-06', '2026-03-27', '2026-10-23', '2026-10-30', '2026-04-03').chain((d) =>
    fc.integer({ min: 0, max: 3 * DAY }).map((offset) => new Date(Date.parse(`${d}T00:00:00Z`) + offset)),
  ),
  fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true }),
);

const queryArb: fc.Arbitrary<SlotQuery> = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    rules: fc.array(ruleArb, { maxLength: 10 }),
    now: nowArb,
    fromOffset: fc.integer({ min: -2 * DAY, max: 3 * DAY }),
    span: fc.integer({ min: 1, max: 9 * DAY }),
    settings: fc.record({
      visitMinutes: fc.constantFrom(10, 15, 20, 30, 45, 60, 90),
      bufferMinutes: fc.constantFrom(0, 5, 10, 15, 30),
      horizonDays: fc.integer({ min: 0, max: 30 }),
      minNoticeMinutes: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    }),
    exceptionSeeds: fc.array(
      fc.record({ dayOffset: fc.integer({ min: -1, max: 12 }), off: fc.boolean(), window: windowArb }),
      { maxLength: 5 },
    ),
    bookingSeeds: fc.array(
      fc.record({ offset: fc.integer({ min: -DAY, max: 12 * DAY }), minutes: fc.integer({ min: 5, max: 180 }) }),
      { maxLength: 12 },
    ),
  })
  .map(({ timeZone, rules, now, fromOffset, span, settings, exceptionSeeds, bookingSeeds }) => {
    const from = new Date(now.getTime() + fromOffset);
    const exceptions: AvailabilityException[] = exceptionSeeds.map((e) => {
      const date = localParts(new Date(now.getTime() + e.dayOffset * DAY), timeZone).date;
      return e.off
        ? { date, startMinute: null, endMinute: null }
        : { date, startMinute: e.window.startMinute, endMinute: e.window.endMinute };
    });
    const bookings = bookingSeeds.map((b) => {
      // Bookings start on a 5-minute grid, like real ones.
      const start = Math.floor((now.getTime() + b.offset) / (5 * MINUTE)) * 5 * MINUTE;
      return { startsAt: new Date(start), endsAt: new Date(start + b.minutes * MINUTE) };
    });
    return { timeZone, rules, exceptions, bookings, settings, from, to: new Date(from.getTime() + span), now };
  });

describe('generateSlots properties', () => {
  it('puts every slot inside a window of its local date in the doctor’s zone', () => {
    // issue 6: slots computed in the doctor's time zone from rules and exceptions
    fc.assert(
      fc.property(queryArb, (q) => {
        for (const slot of generateSlots(q)) {
          const start = localParts(slot.startsAt, q.timeZone);
          const end = localParts(slot.endsAt, q.timeZone);
          const inside = oracleWindows(start.date, start.weekday, q).some(
            (w) =>
              start.minute >= w.start &&
              ((end.date === start.date
                ? end.minute <= w.end
                : end.date === nextDate(start.date) && w.end === 1440 && end.minute === 0) ||
                // A window ending at a wall time the clocks skip (spring forward, one hour in
                // these zones) ends at the instant the clocks jump to.
                (wallTimeToInstant(parseLocalDate(start.date)!, w.end, q.timeZone) === null &&
                  slot.endsAt.getTime() <=
                    (wallTimeToInstant(parseLocalDate(start.date)!, w.end + 60, q.timeZone)?.getTime() ?? 0))),
          );
          expect(inside, `${slot.startsAt.toISOString()} in ${q.timeZone}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never overlaps a booking or its buffer', () => {
    // issue 6: buffer between visits
    fc.assert(
      fc.property(queryArb, (q) => {
        const buffer = q.settings.bufferMinutes * MINUTE;
        for (const slot of generateSlots(q)) {
          for (const b of q.bookings) {
            const clear =
              slot.endsAt.getTime() + buffer <= b.startsAt.getTime() ||
              slot.startsAt.getTime() >= b.endsAt.getTime() + buffer;
            expect(clear).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never starts before now plus the notice, after the horizon, or outside [from, to)', () => {
    // issue 6: how far ahead a patient may book and the minimum notice
    fc.assert(
      fc.property(queryArb, (q) => {
        const now = q.now.getTime();
        for (const slot of generateSlots(q)) {
          const s = slot.startsAt.getTime();
          expect(s).toBeGreaterThanOrEqual(now + q.settings.minNoticeMinutes * MINUTE);
          expect(s).toBeLessThanOrEqual(now + q.settings.horizonDays * DAY);
          expect(s).toBeGreaterThanOrEqual(q.from.getTime());
          expect(s).toBeLessThan(q.to.getTime());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is sorted, unique by instant and by local wall-clock time, each slot one visit long', () => {
    // issue 6: a repeated local time at fall-back is not offered twice
    fc.assert(
      fc.property(queryArb, (q) => {
        const slots = generateSlots(q);
        const walls = new Set<string>();
        for (let i = 0; i < slots.length; i++) {
          const slot = slots[i]!;
          expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(q.settings.visitMinutes * MINUTE);
          if (i > 0) expect(slot.startsAt.getTime()).toBeGreaterThan(slots[i - 1]!.startsAt.getTime());
          const wall = localParts(slot.startsAt, q.timeZone);
          const key = `${wall.date} ${wall.minute}`;
          expect(walls.has(key)).toBe(false);
          walls.add(key);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('only takes slots away when bookings are added, and findSlot agrees with the list', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const free = new Set(generateSlots({ ...q, bookings: [] }).map((s) => s.startsAt.getTime()));
        const slots = generateSlots(q);
        for (const slot of slots) {
          expect(free.has(slot.startsAt.getTime())).toBe(true);
          expect(findSlot(q, slot.startsAt)?.startsAt.getTime()).toBe(slot.startsAt.getTime());
        }
      }),
      { numRuns: 150 },
    );
  });
});
