// The doctor's review queue and review page, and the patient's view of a doctor's questions, as
// the API serves them (issue 15): one schema the server answers with and the web reads types from.
import { z } from 'zod';
import { renewalReviewSchema } from './renewals.ts';

export const reviewClaimSchema = z
  .object({ doctorId: z.string(), byMe: z.boolean(), claimedAt: z.string(), leaseExpiresAt: z.string() })
  .meta({ id: 'ReviewClaim' });
export type ReviewClaim = z.infer<typeof reviewClaimSchema>;

export const REVIEW_QUEUE_STATUSES = ['awaiting_review', 'needs_info'] as const;
export type ReviewQueueStatus = (typeof REVIEW_QUEUE_STATUSES)[number];

const countSchema = z.object({ id: z.string(), label: z.string(), count: z.int() });

export const reviewQueueItemSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  storefront: z.object({ id: z.string(), name: z.string() }),
  /** The state the doctor must be licensed in: the shipping address's, else the patient's saved one. */
  state: z.string().nullable(),
  status: z.enum(REVIEW_QUEUE_STATUSES),
  products: z.array(z.object({ id: z.string(), title: z.string() })),
  /** When the order entered review (its card hold was authorized). */
  waitingSince: z.string(),
  /** The earlier of a day after payment and 12 hours before the card hold lapses. */
  dueAt: z.string(),
  holdExpiresAt: z.string().nullable(),
  /** This doctor asked the patient a question that is not answered yet. */
  waitingForPatient: z.boolean(),
  /** The patient answered a doctor's question since the last decision. */
  newAnswer: z.boolean(),
  claim: reviewClaimSchema.nullable(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const todayVisitSchema = z.object({
  appointmentId: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  patientFirstName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  visitType: z.int().nullable().describe('1 video, 2 phone'),
  status: z.string(),
});
export type TodayVisit = z.infer<typeof todayVisitSchema>;

export const reviewQueueSchema = z
  .object({
    items: z.array(reviewQueueItemSchema),
    /** Matching the filters (paged). */
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
    /** Over everything the doctor may review, whatever the filters. */
    counts: z.object({
      total: z.int(),
      byStorefront: z.array(countSchema),
      byProduct: z.array(countSchema),
      byState: z.array(countSchema),
      byStatus: z.array(countSchema),
    }),
    todayVisits: z.array(todayVisitSchema),
    timeZone: z.string(),
    /** The store's time when it answered: "Join visit", "Mark missed" and "overdue" follow it, not the device clock. */
    serverNow: z.string(),
  })
  .meta({ id: 'ReviewQueue' });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const reviewUploadSchema = z.object({ id: z.string(), contentType: z.string(), sizeBytes: z.int(), originalName: z.string() });
export type ReviewUpload = z.infer<typeof reviewUploadSchema>;

export const reviewInfoRequestSchema = z.object({
  id: z.string(),
  question: z.string(),
  askedAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  uploadIds: z.array(z.string()),
  /** Answered since the last decision: the doctor has not seen it yet. */
  isNew: z.boolean(),
});

export const reviewAnswerSchema = z.object({
  questionId: z.string(),
  label: z.string(),
  type: z.string(),
  answer: z.unknown(),
  /** A choice question's picked options in words. */
  optionLabels: z.array(z.string()).optional(),
  /** An operator marked this answer for the doctor's attention, with why. */
  flag: z.object({ note: z.string() }).nullable(),
});
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

export const reviewDetailSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    status: z.string(),
    storefront: z.object({ id: z.string(), name: z.string() }),
    state: z.string().nullable(),
    products: z.array(z.object({ id: z.string(), title: z.string(), quantity: z.int() })),
    consults: z.array(
      z.object({
        consultId: z.string(),
        orderItemId: z.string(),
        questionnaire: z.object({ id: z.string(), title: z.string(), versionId: z.string(), version: z.int() }),
        submittedAt: z.string(),
        answers: z.array(reviewAnswerSchema),
      }),
    ),
    bmi: z.number().nullable(),
    patient: z.object({ age: z.number().nullable(), sex: z.string().nullable() }),
    medications: z.unknown().nullable(),
    allergies: z.unknown().nullable(),
    pharmacy: z
      .object({ id: z.string(), name: z.string(), phone: z.string().nullable(), fax: z.string().nullable(), address: z.string() })
      .nullable(),
    history: z.array(
      z.object({
        orderId: z.string(),
        orderNumber: z.string(),
        status: z.string(),
        createdAt: z.string(),
        products: z.array(z.string()),
        decisions: z.array(z.object({ kind: z.string(), reasonCode: z.string().nullable(), at: z.string() })),
      }),
    ),
    infoRequests: z.array(reviewInfoRequestSchema),
    uploads: z.array(reviewUploadSchema),
    claim: reviewClaimSchema,
    /** issue 17: a renewal order's prescription and what changed since its consult; null otherwise. */
    renewal: renewalReviewSchema.nullable().optional(),
  })
  .meta({ id: 'ReviewDetail' });
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

/** The patient's view of their order's questions (GET /api/orders/:id/info-requests). */
export const patientInfoRequestSchema = z.object({
  id: z.string(),
  question: z.string(),
  askedAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  uploadIds: z.array(z.string()),
});
export const patientInfoRequestsSchema = z
  .object({ orderId: z.string(), orderNumber: z.string(), status: z.string(), requests: z.array(patientInfoRequestSchema) })
  .meta({ id: 'PatientInfoRequests' });
export type PatientInfoRequests = z.infer<typeof patientInfoRequestsSchema>;

/** The doctors' questions the signed-in patient has not answered yet, across their orders (My account). */
export const openQuestionsSchema = z
  .object({ questions: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), requestId: z.string(), askedAt: z.string() })) })
  .meta({ id: 'OpenQuestions' });
export type OpenQuestions = z.infer<typeof openQuestionsSchema>;
