// issue 18: the operator's console, people: the company's doctors (invited by mail, profile,
// licences by state, weekly availability and exceptions in the doctor's zone, the storefronts they
// serve) and its partner pharmacies with their pharmacists. One rule book for the console's forms
// and the server's checks.
import { z } from 'zod';
import { MESSAGES } from '../../messages.ts';
import { isValidNpi } from '../../pharmacy/npi.ts';
import { patientPharmacySchema } from '../../pharmacy/pharmacy.ts';
import { timeZoneSchema } from '../../scheduling/scheduling.ts';
import { emailSchema, firstNameSchema, lastNameSchema } from '../../validation/account.ts';
import { usStateSchema } from '../../validation/address.ts';
import { adminPageQuerySchema, adminPageSchema } from './common.ts';

/** Messages of the people pages that the spec's catalogue does not have. */
export const ADMIN_PEOPLE_MESSAGES = {
  DOCTOR_NAME_INVALID: 'Please enter the name patients see (2 to 100 characters).',
  CREDENTIALS_INVALID: 'Please enter the credentials, e.g. MD, DO or NP-C (up to 20 characters).',
  BIO_TOO_LONG: 'The bio can be at most 2,000 characters.',
  LICENSE_NUMBER_INVALID: 'A licence number is at most 40 characters.',
  LICENSE_EXISTS: 'This doctor already holds a licence in that state.',
  TIME_INVALID: 'Enter a time as HH:MM (00:00 to 24:00).',
  WINDOW_ORDER: 'The end must be after the start.',
  WINDOW_OVERLAP: 'This window overlaps another one on the same day.',
  RULES_TOO_MANY: 'At most 50 weekly windows.',
  DATE_INVALID: 'Enter a date as YYYY-MM-DD.',
  NOTE_TOO_LONG: 'A note is at most 200 characters.',
  STAFF_EXISTS: 'An account with this email address already exists.',
  PARTNER_EXISTS: 'This storefront already has a partner pharmacy.',
  NPI_TAKEN: 'A pharmacy with this NPI is already listed.',
  INVITE_ACCEPTED: 'This doctor has already set a password: they can reset it from the sign-in page.',
} as const;
const M = ADMIN_PEOPLE_MESSAGES;

/** How long a staff invitation's set-your-password link works (single use). */
export const STAFF_INVITE_TTL_HOURS = 72;

/** An NPI, optional: blank comes out as null; otherwise 10 digits with a valid check digit. */
export const optionalNpiSchema = z
  .string({ error: MESSAGES.NPI_INVALID })
  .nullish()
  .transform((value) => (value ?? '').replace(/[\s-]/g, ''))
  .refine((digits) => digits.length === 0 || isValidNpi(digits), { error: MESSAGES.NPI_INVALID })
  .transform((digits) => (digits ? digits : null));

export const doctorNameSchema = z.string({ error: M.DOCTOR_NAME_INVALID }).trim().min(2, { error: M.DOCTOR_NAME_INVALID }).max(100, { error: M.DOCTOR_NAME_INVALID });
export const credentialsSchema = z.string({ error: M.CREDENTIALS_INVALID }).trim().min(1, { error: M.CREDENTIALS_INVALID }).max(20, { error: M.CREDENTIALS_INVALID });

/** The storefront a doctor serves: one of the company's, or null for all of them. */
export const doctorStorefrontSchema = z.object({ storefrontId: z.uuid().nullable() });
export type DoctorStorefrontInput = z.input<typeof doctorStorefrontSchema>;

/** POST /api/admin/doctors: invite a doctor; they get a mail with a one-time link to set a password. */
export const doctorInviteSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  credentials: credentialsSchema,
  npi: optionalNpiSchema,
  timeZone: timeZoneSchema,
  storefrontId: z.uuid().nullable(),
});
export type DoctorInviteInput = z.input<typeof doctorInviteSchema>;
export type DoctorInvite = z.output<typeof doctorInviteSchema>;

/** PUT /api/admin/doctors/:id: the profile patients and prescriptions show, and whether they take new work. */
export const doctorProfileSchema = z.object({
  name: doctorNameSchema,
  credentials: credentialsSchema,
  npi: optionalNpiSchema,
  bio: z.string({ error: M.BIO_TOO_LONG }).trim().max(2000, { error: M.BIO_TOO_LONG }),
  timeZone: timeZoneSchema,
  active: z.boolean(),
});
export type DoctorProfileInput = z.input<typeof doctorProfileSchema>;
export type DoctorProfile = z.output<typeof doctorProfileSchema>;

/** POST /api/admin/doctors/:id/licenses: a state licence (number optional). */
export const doctorLicenseSchema = z.object({
  state: usStateSchema,
  licenseNumber: z
    .string({ error: M.LICENSE_NUMBER_INVALID })
    .trim()
    .max(40, { error: M.LICENSE_NUMBER_INVALID })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type DoctorLicenseInput = z.input<typeof doctorLicenseSchema>;

/** "HH:MM" (24 h) → minutes after midnight; "24:00" is the end of the day. */
export function minutesOf(time: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}
/** Minutes after midnight → "HH:MM". */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const timeSchema = z
  .string({ error: M.TIME_INVALID })
  .trim()
  .refine((t) => minutesOf(t) !== null, { error: M.TIME_INVALID });

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const availabilityWindowSchema = z
  .object({ weekday: z.number().int().min(0).max(6), start: timeSchema, end: timeSchema })
  .refine((w) => minutesOf(w.end)! > minutesOf(w.start)!, { path: ['end'], error: M.WINDOW_ORDER });

/** PUT /api/admin/doctors/:id/availability: the whole week at once, in the doctor's time zone. */
export const availabilityRulesSchema = z
  .object({ rules: z.array(availabilityWindowSchema).max(50, { error: M.RULES_TOO_MANY }) })
  .superRefine((value, ctx) => {
    value.rules.forEach((rule, i) => {
      const start = minutesOf(rule.start)!;
      const end = minutesOf(rule.end)!;
      const clash = value.rules.some(
        (other, j) => j < i && other.weekday === rule.weekday && minutesOf(other.start)! < end && start < minutesOf(other.end)!,
      );
      if (clash) ctx.addIssue({ code: 'custom', path: ['rules', i, 'start'], message: M.WINDOW_OVERLAP });
    });
  });
export type AvailabilityRulesInput = z.input<typeof availabilityRulesSchema>;

/** POST /api/admin/doctors/:id/exceptions: a date off (no times) or that date's own hours. */
export const availabilityExceptionSchema = z
  .object({
    date: z.iso.date({ error: M.DATE_INVALID }),
    allDay: z.boolean(),
    start: z.string().trim().optional(),
    end: z.string().trim().optional(),
    note: z.string({ error: M.NOTE_TOO_LONG }).trim().max(200, { error: M.NOTE_TOO_LONG }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.allDay) return;
    const start = minutesOf(value.start ?? '');
    const end = minutesOf(value.end ?? '');
    if (start === null) ctx.addIssue({ code: 'custom', path: ['start'], message: M.TIME_INVALID });
    if (end === null) ctx.addIssue({ code: 'custom', path: ['end'], message: M.TIME_INVALID });
    if (start !== null && end !== null && end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: M.WINDOW_ORDER });
  });
export type AvailabilityExceptionInput = z.input<typeof availabilityExceptionSchema>;

export const adminDoctorListQuerySchema = adminPageQuerySchema.extend({
  /** Part of the name, any case. */
  q: z.string().trim().max(100).optional(),
});

export const adminDoctorRowSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    credentials: z.string(),
    timeZone: z.string(),
    active: z.boolean(),
    /** Null: every storefront of the company. */
    storefrontId: z.uuid().nullable(),
    states: z.array(z.string()),
    /** The invitation is out and no password is set yet. */
    invitePending: z.boolean(),
  })
  .meta({ id: 'AdminDoctorRow' });
export type AdminDoctorRow = z.infer<typeof adminDoctorRowSchema>;
export const adminDoctorPageSchema = adminPageSchema(adminDoctorRowSchema, 'AdminDoctorPage');

export const adminDoctorSchema = adminDoctorRowSchema
  .extend({
    npi: z.string().nullable(),
    bio: z.string(),
    /** The sign-in account's address (null: no account linked). */
    email: z.string().nullable(),
    licenses: z.array(z.object({ state: z.string(), licenseNumber: z.string().nullable() })),
    rules: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
    exceptions: z.array(
      z.object({ id: z.uuid(), date: z.string(), start: z.string().nullable(), end: z.string().nullable(), note: z.string().nullable() }),
    ),
  })
  .meta({ id: 'AdminDoctor' });
export type AdminDoctor = z.infer<typeof adminDoctorSchema>;

export const adminDoctorParamsSchema = z.object({ doctorId: z.uuid() });

/** POST/PUT /api/admin/pharmacies: a partner pharmacy and the storefront it ships for. */
export const partnerPharmacySchema = patientPharmacySchema.extend({ storefrontId: z.uuid() });
export type PartnerPharmacyInput = z.input<typeof partnerPharmacySchema>;
export type PartnerPharmacy = z.output<typeof partnerPharmacySchema>;

export const adminPharmacySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    npi: z.string(),
    phone: z.string(),
    fax: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    /** The storefront whose partner (mail-order) pharmacy this is. */
    storefrontId: z.uuid(),
  })
  .meta({ id: 'AdminPharmacy' });
export type AdminPharmacy = z.infer<typeof adminPharmacySchema>;
export const adminPharmacyPageSchema = adminPageSchema(adminPharmacySchema, 'AdminPharmacyPage');
export const adminPharmacyParamsSchema = z.object({ pharmacyId: z.uuid() });

/** POST /api/admin/pharmacies/:id/staff: a pharmacist, invited by mail to set a password. */
export const pharmacistInviteSchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema, email: emailSchema });
export type PharmacistInviteInput = z.input<typeof pharmacistInviteSchema>;

export const adminPharmacistSchema = z
  .object({
    userId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    invitePending: z.boolean(),
    addedAt: z.string(),
  })
  .meta({ id: 'AdminPharmacist' });
export type AdminPharmacist = z.infer<typeof adminPharmacistSchema>;
export const adminPharmacistPageSchema = adminPageSchema(adminPharmacistSchema, 'AdminPharmacistPage');
