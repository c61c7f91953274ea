// issue 18 (people): the console's availability and NPI rules, shared by the forms and the server.
import { describe, expect, it } from 'vitest';
import { availabilityExceptionSchema, availabilityRulesSchema, minutesOf, optionalNpiSchema, timeOf, ADMIN_PEOPLE_MESSAGES } from './people.ts';

describe('minutesOf / timeOf', () => {
  it.each([
    ['00:00', 0],
    ['09:30', 570],
    ['24:00', 1440],
    ['24:01', null],
    ['12:60', null],
    ['9:30', null],
    ['', null],
  ])('%s → %s', (time, minutes) => {
    expect(minutesOf(time)).toBe(minutes);
    if (minutes !== null) expect(timeOf(minutes)).toBe(time);
  });
});

describe('availabilityRulesSchema', () => {
  const issues = (rules: unknown[]) => {
    const r = availabilityRulesSchema.safeParse({ rules });
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it('takes windows that touch but do not overlap, on one day or several', () => {
    expect(issues([{ weekday: 1, start: '09:00', end: '12:00' }, { weekday: 1, start: '12:00', end: '17:00' }, { weekday: 2, start: '09:00', end: '12:00' }])).toEqual([]);
  });
  it('refuses an overlap beside the later window, and an end before the start', () => {
    expect(issues([{ weekday: 1, start: '09:00', end: '12:00' }, { weekday: 1, start: '11:59', end: '13:00' }])).toEqual([['rules.1.start', ADMIN_PEOPLE_MESSAGES.WINDOW_OVERLAP]]);
    expect(issues([{ weekday: 1, start: '12:00', end: '12:00' }])).toEqual([['rules.0.end', ADMIN_PEOPLE_MESSAGES.WINDOW_ORDER]]);
  });
});

describe('availabilityExceptionSchema', () => {
  it('needs times only when it is not a day off', () => {
    expect(availabilityExceptionSchema.safeParse({ date: '2027-01-01', allDay: true }).success).toBe(true);
    const r = availabilityExceptionSchema.safeParse({ date: '2027-01-01', allDay: false, start: '10:00' });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.'))).toEqual(['end']);
  });
});

describe('optionalNpiSchema', () => {
  it('makes blank null and checks the check digit otherwise', () => {
    expect(optionalNpiSchema.parse('')).toBeNull();
    expect(optionalNpiSchema.parse(null)).toBeNull();
    expect(optionalNpiSchema.parse('1234-567-893')).toBe('1234567893');
    expect(optionalNpiSchema.safeParse('1234567890').success).toBe(false);
  });
});
