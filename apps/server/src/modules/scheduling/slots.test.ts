// Table tests of slot generation on the 2026 US daylight-saving dates (March 8 spring-forward,
// November 1 fall-back), across the doctor's and the patient's zones, and with days off, custom
// hours, buffers, notice and horizon.
import { describe, expect, it } from 'vitest';
import {
  findSlot,
  generateSlots,
  groupSlotsByDay,
  localDateString,
  wallTimeToInstant,
  type AvailabilityException,
  type AvailabilityRule,
  type Interval,
  type SchedulingSettings,
  type SlotQuery,
} from './slots.ts';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const PHX = 'America/Phoenix';
const CHI = 'America/Chicago';

const everyDay = (startMinute: number, endMinute: number): AvailabilityRule[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute, endMinute }));

const settings = (over: Partial<SchedulingSettings> = {}): SchedulingSettings => ({
  visitMinutes: 60,
  bufferMinutes: 0,
  horizonDays: 400,
  minNoticeMinutes: 0,
  ...over,
});

function query(over: Partial<SlotQuery> & Pick<SlotQuery, 'from' | 'to'>): SlotQuery {
  return {
    timeZone: NY,
    rules: everyDay(9 * 60, 17 * 60),
    exceptions: [],
    bookings: [],
    settings: settings(),
    now: new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}

const iso = (slots: Interval[]) => slots.map((s) => s.startsAt.toISOString());
/** Local HH:mm of an instant in a zone, computed by Intl (independent of the module). */
const localTime = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

describe('a 9:00–17:00 rule stays 9:00–17:00 local across daylight-saving changes', () => {
  // SPEC §2 schedule-visit; issue 6 "slot generation across time zones and daylight-saving changes"
  const cases: { name: string; zone: string; date: string; firstUtc: string; lastUtc: string }[] = [
    { name: 'New York, Saturday before spring-forward (EST)', zone: NY, date: '2026-03-07', firstUtc: '2026-03-07T14:00:00.000Z', lastUtc: '2026-03-07T21:00:00.000Z' },
    { name: 'New York, spring-forward Sunday (EDT)', zone: NY, date: '2026-03-08', firstUtc: '2026-03-08T13:00:00.000Z', lastUtc: '2026-03-08T20:00:00.000Z' },
    { name: 'New York, Monday after spring-forward (EDT)', zone: NY, date: '2026-03-09', firstUtc: '2026-03-09T13:00:00.000Z', lastUtc: '2026-03-09T20:00:00.000Z' },
    { name: 'New York, Saturday before fall-back (EDT)', zone: NY, date: '2026-10-31', firstUtc: '2026-10-31T13:00:00.000Z', lastUtc: '2026-10-31T20:00:00.000Z' },
    { name: 'New York, fall-back Sunday (EST)', zone: NY, date: '2026-11-01', firstUtc: '2026-11-01T14:00:00.000Z', lastUtc: '2026-11-01T21:00:00.000Z' },
    { name: 'Los Angeles, before spring-forward (PST)', zone: LA, date: '2026-03-07', firstUtc: '2026-03-07T17:00:00.000Z', lastUtc: '2026-03-08T00:00:00.000Z' },
    { name: 'Los Angeles, after spring-forward (PDT)', zone: LA, date: '2026-03-09', firstUtc: '2026-03-09T16:00:00.000Z', lastUtc: '2026-03-09T23:00:00.000Z' },
    { name: 'Chicago, after fall-back (CST)', zone: CHI, date: '2026-11-02', firstUtc: '2026-11-02T15:00:00.000Z', lastUtc: '2026-11-02T22:00:00.000Z' },
    { name: 'Phoenix keeps MST before the change', zone: PHX, date: '2026-03-07', firstUtc: '2026-03-07T16:00:00.000Z', lastUtc: '2026-03-07T23:00:00.000Z' },
    { name: 'Phoenix keeps MST after the change', zone: PHX, date: '2026-03-09', firstUtc: '2026-03-09T16:00:00.000Z', lastUtc: '2026-03-09T23:00:00.000Z' },
  ];
  it.each(cases)('$name', ({ zone, date, firstUtc, lastUtc }) => {
    const wide = generateSlots(
      query({ timeZone: zone, from: new Date(new Date(`${date}T00:00:00Z`).getTime() - 86_400_000), to: new Date(new Date(`${date}T00:00:00Z`).getTime() + 2 * 86_400_000) }),
    ).filter((s) => localDateString(s.startsAt, zone) === date);
    expect(wide).toHaveLength(8);
    expect(wide[0]!.startsAt.toISOString()).toBe(firstUtc);
    expect(wide[7]!.startsAt.toISOString()).toBe(lastUtc);
    expect(wide.map((s) => localTime(s.startsAt, zone))).toEqual([
      '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00',
    ]);
  });
});

describe('the night of a change', () => {
  const night = (date: string) =>
    generateSlots(
      query({
        rules: everyDay(0, 5 * 60),
        settings: settings({ visitMinutes: 30 }),
        from: new Date(`${date}T00:00:00Z`),
        to: new Date(`${date}T12:00:00Z`),
      }),
    ).filter((s) => localDateString(s.startsAt, NY) === date);

  it('skips the wall-clock times that do not exist at spring-forward (March 8, 2:00–3:00)', () => {
    const slots = night('2026-03-08');
    expect(slots.map((s) => localTime(s.startsAt, NY))).toEqual([
      '00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00', '04:30',
    ]);
    expect(iso(slots)).toEqual([
      '2026-03-08T05:00:00.000Z', '2026-03-08T05:30:00.000Z', '2026-03-08T06:00:00.000Z', '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z', '2026-03-08T07:30:00.000Z', '2026-03-08T08:00:00.000Z', '2026-03-08T08:30:00.000Z',
    ]);
  });

  it('offers a repeated wall-clock time once at fall-back (November 1, 1:00–2:00)', () => {
    const slots = night('2026-11-01');
    expect(slots.map((s) => localTime(s.startsAt, NY))).toEqual([
      '00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30',
    ]);
    // 1:00 and 1:30 are the first (EDT) occurrences; 2:00 is EST.
    expect(iso(slots).slice(2, 5)).toEqual([
      '2026-11-01T05:00:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-01T07:00:00.000Z',
    ]);
    expect(new Set(slots.map((s) => localTime(s.startsAt, NY))).size).toBe(slots.length);
  });

  it('maps wall-clock times to instants, null for the skipped hour', () => {
    expect(wallTimeToInstant({ year: 2026, month: 2, day: 8 }, 150, NY)).toBeNull();
    expect(wallTimeToInstant({ year: 2026, month: 2, day: 8 }, 180, NY)?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(wallTimeToInstant({ year: 2026, month: 10, day: 1 }, 90, NY)?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(wallTimeToInstant({ year: 2026, month: 10, day: 1 }, 1440, NY)?.toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});

describe("the patient's zone", () => {
  it("shows a Los Angeles doctor's 9:00 as 12:00 to a New York patient, on both sides of March 8", () => {
    const slots = generateSlots(
      query({ timeZone: LA, from: new Date('2026-03-06T08:00:00Z'), to: new Date('2026-03-11T00:00:00Z') }),
    );
    const days = groupSlotsByDay(slots, NY);
    expect(days.map((d) => d.date)).toEqual(['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    for (const day of days) expect(localTime(day.slots[0]!.startsAt, NY)).toBe('12:00');
  });

  it("shows a Phoenix doctor's 9:00 as 11:00 in New York before March 8 and 12:00 after", () => {
    const slots = generateSlots(
      query({ timeZone: PHX, from: new Date('2026-03-07T00:00:00Z'), to: new Date('2026-03-10T00:00:00Z') }),
    );
    const days = groupSlotsByDay(slots, NY);
    expect(days.map((d) => [d.date, localTime(d.slots[0]!.startsAt, NY)])).toEqual([
      ['2026-03-07', '11:00'],
      ['2026-03-08', '12:00'],
      ['2026-03-09', '12:00'],
    ]);
  });

  it('groups a late evening slot under the next day for a patient further east', () => {
    const slots = generateSlots(
      query({
        timeZone: LA,
        rules: [{ weekday: 1, startMinute: 21 * 60, endMinute: 22 * 60 }],
        from: new Date('2026-06-01T00:00:00Z'),
        to: new Date('2026-06-03T00:00:00Z'),
      }),
    );
    expect(iso(slots)).toEqual(['2026-06-02T04:00:00.000Z']);
    expect(groupSlotsByDay(slots, LA).map((d) => d.date)).toEqual(['2026-06-01']);
    expect(groupSlotsByDay(slots, NY).map((d) => d.date)).toEqual(['2026-06-02']);
  });
});

describe('exceptions, bookings, buffer, notice and horizon', () => {
  const monday = { from: new Date('2026-06-01T00:00:00Z'), to: new Date('2026-06-02T04:00:00Z') };
  const times = (slots: Interval[]) => slots.map((s) => localTime(s.startsAt, NY));

  it('gives no slots on a day off', () => {
    const exceptions: AvailabilityException[] = [{ date: '2026-06-01', startMinute: null, endMinute: null }];
    expect(generateSlots(query({ ...monday, exceptions }))).toEqual([]);
  });

  it('replaces the weekly hours with custom hours for that date', () => {
    const exceptions: AvailabilityException[] = [
      { date: '2026-06-01', startMinute: 13 * 60, endMinute: 15 * 60 },
      { date: '2026-06-01', startMinute: 18 * 60, endMinute: 19 * 60 },
    ];
    expect(times(generateSlots(query({ ...monday, exceptions })))).toEqual(['13:00', '14:00', '18:00']);
  });

  it('keeps the buffer free on both sides of a booking', () => {
    const bookings = [{ startsAt: new Date('2026-06-01T14:00:00Z'), endsAt: new Date('2026-06-01T14:30:00Z') }]; // 10:00–10:30 EDT
    const slots = generateSlots(
      query({ ...monday, rules: everyDay(9 * 60, 12 * 60), bookings, settings: settings({ visitMinutes: 30, bufferMinutes: 15 }) }),
    );
    expect(times(slots)).toEqual(['09:00', '11:00', '11:30']);
  });

  it('lets back-to-back visits touch when there is no buffer', () => {
    const bookings = [{ startsAt: new Date('2026-06-01T14:00:00Z'), endsAt: new Date('2026-06-01T14:30:00Z') }];
    const slots = generateSlots(query({ ...monday, rules: everyDay(9 * 60, 12 * 60), bookings, settings: settings({ visitMinutes: 30 }) }));
    expect(times(slots)).toEqual(['09:00', '09:30', '10:30', '11:00', '11:30']);
  });

  it('offers nothing sooner than the minimum notice', () => {
    const now = new Date('2026-06-01T14:10:00Z'); // 10:10 EDT
    const slots = generateSlots(query({ ...monday, now, settings: settings({ minNoticeMinutes: 120 }) }));
    expect(times(slots)[0]).toBe('13:00');
  });

  it('offers nothing beyond the booking horizon', () => {
    const now = new Date('2026-06-01T16:00:00Z'); // 12:00 EDT
    const slots = generateSlots(
      query({ now, from: now, to: new Date('2026-07-01T00:00:00Z'), settings: settings({ horizonDays: 3 }) }),
    );
    // The last start is June 4, 12:00 EDT: exactly 3 days from now.
    expect(slots.at(-1)!.startsAt.toISOString()).toBe('2026-06-04T16:00:00.000Z');
    expect(groupSlotsByDay(slots, NY).map((d) => d.date)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04']);
  });

  it('drops the last start when the visit would run past the end of the window', () => {
    const slots = generateSlots(
      query({ ...monday, rules: [{ weekday: 1, startMinute: 9 * 60, endMinute: 10 * 60 + 40 }], settings: settings({ visitMinutes: 30 }) }),
    );
    expect(times(slots)).toEqual(['09:00', '09:30', '10:00']);
  });

  it('finds one exact slot and refuses a time that is not on the grid or is taken', () => {
    const base = query(monday);
    expect(findSlot(base, new Date('2026-06-01T13:00:00Z'))?.endsAt.toISOString()).toBe('2026-06-01T14:00:00.000Z');
    expect(findSlot(base, new Date('2026-06-01T13:15:00Z'))).toBeNull();
    expect(
      findSlot({ ...base, bookings: [{ startsAt: new Date('2026-06-01T13:00:00Z'), endsAt: new Date('2026-06-01T14:00:00Z') }] }, new Date('2026-06-01T13:00:00Z')),
    ).toBeNull();
  });

  it('gives nothing for an unknown zone', () => {
    expect(generateSlots(query({ ...monday, timeZone: 'Mars/Olympus' }))).toEqual([]);
  });
});
