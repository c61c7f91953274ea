// The visit as the API serves it to its patient and to its doctor (issue 16), and the rating.
import { z } from 'zod';

export const VISIT_TYPE_VIDEO = 1;
export const VISIT_TYPE_PHONE = 2;

/** The patient's view of their visit (GET /api/orders/:orderId/visit). */
export const patientVisitSchema = z
  .object({
    appointmentId: z.string(),
    orderId: z.string(),
    /** 1 video, 2 phone. */
    visitType: z.union([z.literal(1), z.literal(2)]),
    status: z.enum(['booked', 'completed', 'missed', 'cancelled', 'rescheduled']),
    /** The window's phase now (domain visitWindowPhase). */
    phase: z.enum(['scheduled', 'about_to_start', 'open', 'closed']),
    /** The server's time when it answered: pages move between phases by the store's clock, not the device's. */
    serverNow: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    opensAt: z.string(),
    closesAt: z.string(),
    patientTimeZone: z.string(),
    doctor: z.object({ id: z.string(), name: z.string(), credentials: z.string(), photoUrl: z.string().nullable() }),
    /** The number the doctor calls (phone visits and the video fallback). */
    phone: z.string(),
    /** The visit ended: completed, or missed (and by whom). */
    outcome: z.enum(['completed', 'missed_by_patient', 'missed_by_doctor']).nullable(),
    /** The order's status, for what happens next. */
    orderStatus: z.string(),
    /** A missed visit may be booked again until then (ISO); null otherwise. */
    rebookUntil: z.string().nullable(),
  })
  .meta({ id: 'PatientVisit' });
export type PatientVisit = z.infer<typeof patientVisitSchema>;

/** ICE servers for a visit's call (GET /api/visits/:appointmentId/ice-servers); TURN credentials expire. */
export const iceServersSchema = z
  .object({
    iceServers: z.array(
      z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() }),
    ),
    /** 'relay' when the operator forces TURN (VISIT_ICE_TRANSPORT_POLICY). */
    iceTransportPolicy: z.enum(['all', 'relay']),
    /** When the TURN credentials stop working (ISO), or null without TURN. */
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'IceServers' });
export type IceServers = z.infer<typeof iceServersSchema>;

/** The doctor's view of a visit (GET /api/doctor/visits/:appointmentId). */
export const doctorVisitSchema = z
  .object({
    appointmentId: z.string(),
    orderId: z.string().nullable(),
    orderNumber: z.string().nullable(),
    visitType: z.union([z.literal(1), z.literal(2)]),
    status: z.enum(['booked', 'completed', 'missed', 'cancelled', 'rescheduled']),
    phase: z.enum(['scheduled', 'about_to_start', 'open', 'closed']),
    /** The server's time when it answered (see patientVisitSchema). */
    serverNow: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    opensAt: z.string(),
    closesAt: z.string(),
    patient: z.object({ name: z.string(), phone: z.string(), timeZone: z.string() }),
    /** The doctor's own time zone (the page names the window in it); the browser's zone when absent. */
    doctorTimeZone: z.string().optional(),
    patientJoinedAt: z.string().nullable(),
    admittedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    outcome: z.enum(['completed', 'missed_by_patient', 'missed_by_doctor']).nullable(),
    /** The doctor's private note (only doctors read it). */
    note: z.string(),
  })
  .meta({ id: 'DoctorVisit' });
export type DoctorVisit = z.infer<typeof doctorVisitSchema>;

export const VISIT_NOTE_MAX = 10_000;
export const visitNoteInputSchema = z.object({ text: z.string().trim().max(VISIT_NOTE_MAX, `Keep the note under ${VISIT_NOTE_MAX} characters.`) });

/** SPEC §1 "rate doctors": 1–5 stars and an optional comment, once per order. */
export const RATING_COMMENT_MAX = 1_000;
export const ratingInputSchema = z.object({
  stars: z.int('Choose from 1 to 5 stars.').min(1, 'Choose from 1 to 5 stars.').max(5, 'Choose from 1 to 5 stars.'),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, `Keep the comment under ${RATING_COMMENT_MAX} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RatingInput = z.infer<typeof ratingInputSchema>;

/** GET /api/orders/:orderId/rating: whether the patient may rate, and what they gave. */
export const orderRatingSchema = z
  .object({
    doctor: z.object({ id: z.string(), name: z.string(), credentials: z.string(), photoUrl: z.string().nullable() }).nullable(),
    /** A completed visit or a doctor's decision exists and no rating yet. */
    canRate: z.boolean(),
    rating: z.object({ stars: z.int(), comment: z.string().nullable(), at: z.string() }).nullable(),
  })
  .meta({ id: 'OrderRating' });
export type OrderRating = z.infer<typeof orderRatingSchema>;
