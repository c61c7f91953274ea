// Renewal consults (issue 17): when a prescription has no refills left or has expired, a new consult
// prefilled with the last answers goes to the doctor instead of a charge. The patient's view of a
// prescription they may ask to renew, the answer to asking, and the doctor's "what changed" section
// of the review page (one schema the server answers with and the web reads types from).
import { z } from 'zod';

/** Why a prescription cannot be renewed now: refills are left on it, or it was revoked. */
export const RENEWAL_BLOCKS = ['refills_left', 'revoked'] as const;
export type RenewalBlock = (typeof RENEWAL_BLOCKS)[number];

export const RENEWAL_MESSAGES = {
  /** 409 REFILLS_LEFT */
  REFILLS_LEFT: 'This prescription still has refills left. Order a refill instead of a renewal.',
  /** 409 PRESCRIPTION_REVOKED */
  PRESCRIPTION_REVOKED: 'This prescription was revoked and cannot be renewed. Start a new consult instead.',
  /** The banner on a renewal consult's questionnaire. */
  BANNER: "We've filled in your answers from last time. Check each one and change anything that's different.",
} as const;

/**
 * Why a prescription cannot be renewed at `at`, or null when it can: renewable once it has no
 * refills left or has expired (never a revoked one). The renewal consult, the order details'
 * "Renew prescription" and the refills page read it the same way.
 */
export function prescriptionRenewalBlock(prescription: { status: string; refillsLeft: number; expiresAt: string | Date }, at: Date): RenewalBlock | null {
  if (prescription.status === 'revoked') return 'revoked';
  const expired = prescription.status === 'expired' || new Date(prescription.expiresAt).getTime() <= at.getTime();
  return !expired && prescription.refillsLeft > 0 ? 'refills_left' : null;
}

/** GET /api/prescriptions/:id/renewal: a patient's own prescription and whether they may ask to renew it. */
export const prescriptionRenewalSchema = z
  .object({
    prescription: z.object({
      id: z.string(),
      medication: z.string(),
      strength: z.string(),
      form: z.string(),
      writtenAt: z.string(),
      expiresAt: z.string(),
      refillsAuthorized: z.int(),
      refillsLeft: z.int(),
      expired: z.boolean(),
      doctorName: z.string().nullable(),
      productTitle: z.string().nullable(),
    }),
    renewable: z.boolean(),
    blockedBy: z.enum(RENEWAL_BLOCKS).nullable(),
    /** The renewal order already opened for it (asking again answers this one). */
    renewalOrderId: z.string().nullable(),
  })
  .meta({ id: 'PrescriptionRenewal' });
export type PrescriptionRenewal = z.infer<typeof prescriptionRenewalSchema>;

/** POST /api/prescriptions/:id/renew: the renewal order (the patient's cart) and where its checkout resumes. */
export const renewalOpenedSchema = z
  .object({ orderId: z.string(), route: z.string() })
  .meta({ id: 'RenewalOpened' });
export type RenewalOpened = z.infer<typeof renewalOpenedSchema>;

export const RENEWAL_ANSWER_CHANGES = ['changed', 'unchanged', 'new', 'removed'] as const;
export type RenewalAnswerChange = (typeof RENEWAL_ANSWER_CHANGES)[number];

/** One answer of a renewal consult beside the previous consult's. */
export const renewalAnswerDiffSchema = z.object({
  questionId: z.string(),
  label: z.string(),
  type: z.string(),
  change: z.enum(RENEWAL_ANSWER_CHANGES),
  previous: z.unknown(),
  previousLabels: z.array(z.string()).optional(),
  current: z.unknown(),
  currentLabels: z.array(z.string()).optional(),
});
export type RenewalAnswerDiff = z.infer<typeof renewalAnswerDiffSchema>;

/** The review page's renewal section: the prescription renewed and what changed since its consult. */
export const renewalReviewSchema = z.object({
  consultId: z.string(),
  planId: z.string().nullable(),
  prescription: z.object({
    id: z.string(),
    orderId: z.string(),
    medication: z.string(),
    strength: z.string(),
    form: z.string(),
    quantity: z.int(),
    daysSupply: z.int(),
    directions: z.string(),
    refillsAuthorized: z.int(),
    refillsLeft: z.int(),
    writtenAt: z.string(),
    expiresAt: z.string(),
    status: z.string(),
    doctorName: z.string().nullable(),
  }),
  previousConsult: z.object({ consultId: z.string(), submittedAt: z.string(), questionnaireVersion: z.int() }).nullable(),
  /** Previous questions the current questionnaire no longer asks. */
  droppedQuestionIds: z.array(z.string()),
  answers: z.array(renewalAnswerDiffSchema),
});
export type RenewalReview = z.infer<typeof renewalReviewSchema>;
