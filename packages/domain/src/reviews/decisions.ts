// A doctor's decisions on a consult (issue 15): the reasons a doctor may decline for, each with the
// kind explanation the patient reads (never the clinical note).
import { z } from 'zod';

export const DECLINE_REASONS = {
  not_a_candidate: 'Based on your answers, this treatment is not the right fit for you.',
  safety: 'For your safety, this treatment should not be combined with your current health conditions or medications.',
  in_person_care: 'Your needs are best met by a doctor who can see you in person.',
  outside_scope: 'This request is outside what our doctors can treat online.',
  other: 'Your doctor has decided not to prescribe this treatment.',
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;
export const DECLINE_REASON_CODES = Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]];

export const declineInputSchema = z.object({
  reasonCode: z.enum(DECLINE_REASON_CODES, { error: 'Choose a reason.' }),
  noteForPatient: z.string().trim().max(2000).optional().describe('Added to the explanation the patient reads'),
  clinicalNote: z.string().trim().max(5000).optional().describe('Only doctors read this'),
});
export type DeclineInput = z.infer<typeof declineInputSchema>;

/** The most refills a prescription may carry (issue 15: refills 0–11). */
export const MAX_REFILLS = 11;
/** A prescription is valid for at most a year from when it is written. */
export const MAX_PRESCRIPTION_DAYS = 365;

/** One choice of a product's formulary, as the doctor sees it when approving. */
export const formularyOptionSchema = z
  .object({
    id: z.string(),
    medication: z.string(),
    strength: z.string(),
    form: z.string(),
    quantity: z.int(),
    daysSupply: z.int(),
    maxRefills: z.int(),
    directionsTemplate: z.string(),
    /** A controlled substance: shown, never prescribable here. */
    controlled: z.boolean(),
  })
  .meta({ id: 'FormularyOption' });
export type FormularyOption = z.infer<typeof formularyOptionSchema>;

/**
 * Approve: the doctor picks a formulary choice and may adjust quantity, days supply, directions,
 * refills (0 up to the choice's maximum, never over 11) and how long it is valid (at most a year).
 */
export const approveInputSchema = z.object({
  formularyId: z.uuid({ error: 'Choose what to prescribe.' }),
  quantity: z.coerce.number<string | number>().int('Enter a whole number.').min(1, 'Enter a quantity of at least 1.').max(1000),
  daysSupply: z.coerce.number<string | number>().int('Enter a whole number.').min(1, 'Enter at least 1 day.').max(365),
  directions: z.string().trim().min(3, 'Write the directions for the patient.').max(1000),
  refills: z.coerce
    .number<string | number>()
    .int('Enter a whole number.')
    .min(0, 'Refills cannot be negative.')
    .max(MAX_REFILLS, `At most ${MAX_REFILLS} refills.`),
  validForDays: z.coerce
    .number<string | number>()
    .int('Enter a whole number.')
    .min(1, 'Enter at least 1 day.')
    .max(MAX_PRESCRIPTION_DAYS, 'A prescription is valid for at most a year.')
    .default(MAX_PRESCRIPTION_DAYS),
  substitutionAllowed: z.boolean().default(true),
  clinicalNote: z.string().trim().max(5000).optional().describe('Only doctors read this'),
});
export type ApproveInput = z.infer<typeof approveInputSchema>;

/** Request more information: the question the patient answers. */
export const infoRequestInputSchema = z.object({
  question: z.string().trim().min(5, 'Write the question for the patient.').max(2000),
  clinicalNote: z.string().trim().max(5000).optional(),
});
export type InfoRequestInput = z.infer<typeof infoRequestInputSchema>;

/** The patient's answer to a doctor's question (text, and uploads they made first). */
export const infoAnswerInputSchema = z.object({
  answer: z.string().trim().min(1, 'Please answer the question.').max(5000),
  uploadIds: z.array(z.uuid()).max(10).default([]),
});
export type InfoAnswerInput = z.infer<typeof infoAnswerInputSchema>;
