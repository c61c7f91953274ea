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
