// Scheduling a visit (issue 6; SPEC §2 schedule-visit, §3 Schedule). The invitee form, the doctor
// choice, the patient's time zone, and the reschedule link's shape.
import { z } from 'zod';
import { VISIT_TYPES } from '../checkout/routing.ts';
import { MESSAGES } from '../messages.ts';
import { emailSchema, fullNameSchema, phoneNumberSchema } from '../validation/account.ts';

/** SPEC §3 Schedule: invitee (name, email, number) with the SPEC §5 FullName, email and PhoneNumber rules. */
export const scheduleInviteeSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  number: phoneNumberSchema,
});
export type ScheduleInviteeInput = z.input<typeof scheduleInviteeSchema>;
export type ScheduleInvitee = z.output<typeof scheduleInviteeSchema>;

/** "First available": any doctor licensed in the patient's state who is free at that time. */
export const FIRST_AVAILABLE = 'first-available';
export const FIRST_AVAILABLE_LABEL = 'First available';

/** Whether the runtime knows this IANA zone (e.g. America/Chicago). */
export function isKnownTimeZone(value: string): boolean {
  if (!value || value.length > 64 || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone the runtime knows. */
export const timeZoneSchema = z
  .string({ error: MESSAGES.TIME_ZONE_INVALID })
  .trim()
  .refine(isKnownTimeZone, { error: MESSAGES.TIME_ZONE_INVALID });

/** The zones offered in the picker's list (the detected zone is added when it is not one of them). */
export const US_TIME_ZONES = [
  { zone: 'America/New_York', label: 'Eastern Time' },
  { zone: 'America/Chicago', label: 'Central Time' },
  { zone: 'America/Denver', label: 'Mountain Time' },
  { zone: 'America/Phoenix', label: 'Mountain Time (Arizona)' },
  { zone: 'America/Los_Angeles', label: 'Pacific Time' },
  { zone: 'America/Anchorage', label: 'Alaska Time' },
  { zone: 'Pacific/Honolulu', label: 'Hawaii Time' },
] as const;

/**
 * UTC and the fixed Etc/ zones are what a machine reports when nobody set a place (a server, a
 * fresh VM, a privacy mode): never a patient's local time (issue 13 #15).
 */
const PLACELESS_ZONE = /^(UTC|UCT|GMT|Etc\/.*|Universal|Zulu|Greenwich)$/i;

/** The patient's zone: the detected one when it is a known place, else Eastern Time. */
export function patientTimeZone(detected: string | undefined | null): string {
  return detected && isKnownTimeZone(detected) && !PLACELESS_ZONE.test(detected) ? detected : US_TIME_ZONES[0].zone;
}

/** What each visit type is called: video and phone have a time slot (SPEC §2); the asynchronous review has none. */
export const VISIT_TYPE_LABELS = {
  [VISIT_TYPES.video]: 'Video visit',
  [VISIT_TYPES.phone]: 'Phone visit',
  [VISIT_TYPES.asynchronous]: 'Online review',
} as const;
