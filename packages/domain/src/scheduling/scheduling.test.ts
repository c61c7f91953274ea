import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { hidesGdprBanner, reschedulingPath } from './reschedule-link.ts';
import { isKnownTimeZone, patientTimeZone, scheduleInviteeSchema, timeZoneSchema } from './scheduling.ts';

const valid = { name: 'Jane Doe', email: 'Jane@Example.com ', number: '(555) 123-4567' };

describe('scheduleInviteeSchema', () => {
  // SPEC §3 Schedule invitee (name, email, number) with SPEC §5 FullName, email and PhoneNumber
  const cases: { name: string; input: Record<string, unknown>; field?: string; message?: string }[] = [
    { name: 'SPEC §5 FullName: two words of 2+ characters pass', input: valid },
    { name: 'SPEC §5 FullName: one word fails', input: { ...valid, name: 'Jane' }, field: 'name', message: MESSAGES.FULL_NAME_INVALID },
    { name: 'SPEC §5 FullName: a 1-character word fails', input: { ...valid, name: 'J Doe' }, field: 'name', message: MESSAGES.FULL_NAME_INVALID },
    { name: 'SPEC §5 email pattern', input: { ...valid, email: 'jane@' }, field: 'email', message: MESSAGES.EMAIL_INVALID },
    { name: 'SPEC §5 PhoneNumber: 9 digits fail', input: { ...valid, number: '555-123-456' }, field: 'number', message: MESSAGES.PHONE_NUMBER_FORMAT },
    { name: 'SPEC §5 PhoneNumber: 11 digits fail', input: { ...valid, number: '1 555 123 4567' }, field: 'number', message: MESSAGES.PHONE_NUMBER_FORMAT },
    { name: 'SPEC §5 PhoneNumber: missing fails', input: { name: valid.name, email: valid.email }, field: 'number', message: MESSAGES.PHONE_NUMBER_FORMAT },
  ];
  it.each(cases)('$name', ({ input, field, message }) => {
    const result = scheduleInviteeSchema.safeParse(input);
    if (!field) {
      expect(result.success).toBe(true);
      return;
    }
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });

  it('normalises the values: trimmed name, lower-cased email, 10 digits', () => {
    expect(scheduleInviteeSchema.parse({ ...valid, name: '  Jane   Doe ' })).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      number: '5551234567',
    });
  });
});

describe('time zones', () => {
  const cases: [string, boolean][] = [
    ['America/New_York', true],
    ['America/Phoenix', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
    ['America/New York', false],
    ['../../etc/passwd', false],
  ];
  it.each(cases)('%s known: %s', (zone, known) => {
    expect(isKnownTimeZone(zone)).toBe(known);
    expect(timeZoneSchema.safeParse(zone).success).toBe(known);
  });

  it('falls back to Eastern Time when the detected zone is unknown', () => {
    expect(patientTimeZone('America/Denver')).toBe('America/Denver');
    expect(patientTimeZone(undefined)).toBe('America/New_York');
    expect(patientTimeZone('Nowhere/Land')).toBe('America/New_York');
  });

  // issue 13 #15: a browser that reports UTC (no place set) must not show a patient's visit in UTC.
  it.each(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/GMT+5'])('does not take the placeless zone %s for the patient’s', (zone) => {
    expect(patientTimeZone(zone)).toBe('America/New_York');
  });
});

describe('the reschedule link', () => {
  // SPEC §2 "a reschedulings/ path part and a hide-GDPR-banner query flag"
  it('has the reschedulings/ path part and the hide_gdpr_banner flag', () => {
    expect(reschedulingPath('abc_DEF-123')).toBe('/reschedulings/abc_DEF-123?hide_gdpr_banner=1');
  });

  const flags: [string, boolean][] = [
    ['?hide_gdpr_banner=1', true],
    ['hide_gdpr_banner=true', true],
    ['?a=b&hide_gdpr_banner=1', true],
    ['?hide_gdpr_banner=0', false],
    ['', false],
    ['?hide_gdpr_banner', false],
  ];
  it.each(flags)('%s hides the banner: %s', (search, hidden) => {
    expect(hidesGdprBanner(search)).toBe(hidden);
  });
});
