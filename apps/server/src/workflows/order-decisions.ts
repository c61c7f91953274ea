// A doctor's decision on a paid consult order (DATA-MODEL.md): approving captures the held amount
// and moves the order to approved; declining voids the hold and moves it to declined. The payments
// service moves the money; the orders service moves the status with its audit event; the reviews
// service checks the doctor holds the order's claim and records the decision.
//
// The gateway is never called inside a database transaction (PGlite would wait on itself): the
// claim is checked and its lease renewed (so it cannot lapse while the processor is asked), the
// money moved (idempotent: a repeat finds it done), then the status, the decision and the claim's
// release are written together once the doctor is found still holding it. A crash between the two
// leaves the order with its renewed claim, and the doctor's retry finishes it.
//
// Approving also writes the prescription (issue 15): before money moves the formulary choice is
// checked (a product of this order, else 404; not a controlled substance, 409; refills within its
// maximum, 400) and what the PDF prints is read; after the capture the PDF is made and stored
// (outside the transaction), then the transaction writes the prescription and queues its
// transmission job (workflows/prescribe.ts), which moves the order to prescribed once sent.
//
// A renewal order (issue 17, workflows/renewal-consult.ts): once its prescription is written, the
// refill plan it renews follows the new prescription, in the same transaction (`renewals`, the
// refills module's port; none wired: nothing to follow).
//
// A lab product bought beside the consult (issue 17): its lab order is queued (LAB_ORDERS_JOB,
// workflows/lab-orders.ts) in the approval's transaction, the capture having taken its money.
//
// A visit's order (`visit_scheduled`) is decided only once its visit was completed (issue 16): 409
// VISIT_NOT_COMPLETED before, checked after the claim and before any money moves.
import { AppError, notFound } from '../lib/problem.ts';
import type { ApproveInput, DeclineInput } from '@store/domain';
import type { Db } from '../db/client.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { StaffDoctor } from '../modules/doctors/doctors.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import { paymentProblem, type PaymentsService } from '../modules/payments/payments.service.ts';
import type { ReviewService } from '../modules/reviews/reviews.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { PharmacyService } from '../modules/pharmacies/pharmacies.service.ts';
import {
  assertPrescribable,
  transmissionKey,
  type FormularyChoice,
  type PrescriptionService,
} from '../modules/prescriptions/prescriptions.service.ts';
import type { OrderNotices } from './order-notices.ts';
import { PRESCRIBE_JOB, type PrescribeWorkflow } from './prescribe.ts';
import type { VisitsService } from '../modules/visits/visits.service.ts';
import { assertVisitCompleted } from './visit-completion.ts';
import type { RenewalPlans } from './renewal-consult.ts';
import { LAB_ORDERS_JOB } from './lab-orders.ts';

export const PHARMACY_UNREACHABLE =
  'The prescription cannot be sent to this pharmacy: it has no fax number on file. Ask the patient to choose another pharmacy (Request information), or decline.';
export const NO_PRESCRIPTION_DETAILS =
  'This order cannot be prescribed yet: its patient, pharmacy or prescriber details are missing.';

export function createOrderDecisions(deps: {
  db: Db;
  orders: Pick<OrdersService, 'state' | 'transition' | 'write'>;
  payments: Pick<PaymentsService, 'captureForOrder' | 'voidForOrder' | 'cancelForOrder'>;
  reviews: Pick<ReviewService, 'assertHeld' | 'assertStillHeld' | 'decided' | 'servedIds' | 'reviewable'>;
  notices: Pick<OrderNotices, 'enqueue'>;
  prescriptions: Pick<PrescriptionService, 'formularyOf' | 'formularyChoice' | 'prepare' | 'write' | 'canReach'>;
  pharmacies: Pick<PharmacyService, 'byId' | 'partnerPharmacy'>;
  prescribe: Pick<PrescribeWorkflow, 'factsOf'>;
  jobs: Pick<JobQueue, 'enqueue' | 'nudge'>;
  /** issue 16: an order waiting for its visit is decided only once the visit is completed. */
  visits: Pick<VisitsService, 'completedVisitOf'>;
  /** issue 17: the refill plan a renewal order renews follows the prescription written on approval. */
  renewals?: RenewalPlans | undefined;
}) {
  const { db, orders, payments, reviews, notices, prescriptions, pharmacies, prescribe, jobs, visits, renewals } = deps;
  const DECIDABLE = new Set(['awaiting_review', 'visit_scheduled']);

  async function decidable(orderId: string) {
    const state = await orders.state(db, { orderId });
    if (!state) throw notFound();
    if (!DECIDABLE.has(state.order.status) && state.order.status !== 'authorized') {
      throw new AppError(409, 'ORDER_CLOSED', 'This order is not waiting for a decision.');
    }
    await assertVisitCompleted(visits, state.order);
    return state;
  }

  /**
   * The doctor holds the order's claim now (checked before money moves) and, for a visit's order,
   * the visit was completed (issue 16: 409 VISIT_NOT_COMPLETED before); answers the storefronts they
   * serve and the order.
   */
  async function heldState(doctor: StaffDoctor, orderId: string) {
    const served = await reviews.servedIds(doctor);
    const state = await db.transaction((tx) => reviews.assertHeld(tx, doctor, orderId, served));
    await assertVisitCompleted(visits, state.order);
    return { served, state };
  }

  return {
    /** GET /api/doctor/orders/:id/formulary: what may be prescribed for the order's products (404 unless this doctor may review it). */
    async formulary(doctor: StaffDoctor, orderId: string): Promise<FormularyChoice[]> {
      const state = await reviews.reviewable(doctor, orderId);
      return prescriptions.formularyOf([...new Set(state.items.map((i) => i.productId))]);
    },

    /**
     * POST /api/doctor/orders/:id/approve: the formulary choice is checked, the hold captured, the
     * order approved, the prescription written and its transmission queued.
     */
    async approve(doctor: StaffDoctor, orderId: string, input: ApproveInput, audit: AuditContext) {
      const { served, state } = await heldState(doctor, orderId);
      const option = await prescriptions.formularyChoice(input.formularyId);
      if (!option || !state.items.some((i) => i.productId === option.productId)) throw notFound();
      assertPrescribable(option, input);
      const doctorId = doctor.id;
      // No pharmacy chosen (a storefront without the pharmacy choice): the storefront's partner fills it.
      const pharmacy = state.order.pharmacyId ? await pharmacies.byId(state.order.pharmacyId) : await pharmacies.partnerPharmacy(state.order.storefrontId);
      const facts = await prescribe.factsOf(state.order, doctorId, pharmacy);
      if (!facts || !pharmacy || !state.order.userId) throw new AppError(409, 'PRESCRIPTION_DETAILS_MISSING', NO_PRESCRIPTION_DETAILS);
      // Refused before any money moves: a prescription the transport cannot send would leave the
      // order approved and charged with nothing on its way.
      if (!prescriptions.canReach(pharmacy)) throw new AppError(409, 'PHARMACY_UNREACHABLE', PHARMACY_UNREACHABLE);
      const writeInput = { orderId, doctorId, patientId: state.order.userId, pharmacyId: pharmacy.id, option, approve: input };

      // The PDF prints the code only its hash is kept of: made and stored before any money moves, so
      // a failure here leaves the card held and the order as it was (a capture failing next leaves
      // an unused file, nothing more).
      const prepared = await prescriptions.prepare(writeInput, facts);
      const moved = await payments.captureForOrder(orderId, { ...(audit.actor ? { actor: audit.actor } : {}), reason: 'doctor_approved' });
      if (!moved.ok) throw paymentProblem(moved.failure);
      await db.transaction(async (tx) => {
        await reviews.assertStillHeld(tx, doctor, orderId, served);
        await orders.transition({ orderId, to: 'approved', reason: 'doctor_approved', audit, tx });
        if (!state.order.pharmacyId) await orders.write(tx, orderId, { pharmacyId: pharmacy.id });
        const { prescription } = await prescriptions.write(tx, { ...writeInput, prepared });
        if (renewals) {
          const plan = await renewals.planOfRenewalOrder(tx, orderId);
          if (plan) await renewals.followPrescription(tx, { planId: plan.planId, prescriptionId: prescription.id, at: new Date(prescription.writtenAt) });
        }
        await reviews.decided(tx, doctor, orderId, { kind: 'approve', clinicalNote: input.clinicalNote ?? null });
        const key = transmissionKey(prescription.id);
        await jobs.enqueue(PRESCRIBE_JOB, { prescriptionId: prescription.id }, { tx, singletonKey: key, maxAttempts: 10 });
        await notices.enqueue(tx, { orderId, notice: 'approved' });
        // issue 17: a lab product bought beside the consult is ordered at the lab now its money is
        // captured (as the pay step does for a lab panel captured at checkout; the job skips orders without one).
        await jobs.enqueue(LAB_ORDERS_JOB, { orderId }, { tx, singletonKey: `${LAB_ORDERS_JOB}:${orderId}` });
      });
      jobs.nudge();
      return { status: 'approved' as const };
    },

    /** POST /api/doctor/orders/:id/decline: the hold is voided and the order declined, with the reason. */
    async decline(doctor: StaffDoctor, orderId: string, input: DeclineInput, audit: AuditContext) {
      const { served } = await heldState(doctor, orderId);
      // Void the hold — or refund, should an approval have captured it and then been cut off.
      const moved = await payments.cancelForOrder(orderId, { ...(audit.actor ? { actor: audit.actor } : {}), reason: `declined:${input.reasonCode}` });
      if (!moved.ok) throw paymentProblem(moved.failure);
      await db.transaction(async (tx) => {
        await reviews.assertStillHeld(tx, doctor, orderId, served);
        await orders.transition({ orderId, to: 'declined', reason: input.reasonCode, audit, tx });
        await reviews.decided(tx, doctor, orderId, { kind: 'decline', reasonCode: input.reasonCode, noteForPatient: input.noteForPatient ?? null, clinicalNote: input.clinicalNote ?? null });
        await notices.enqueue(tx, { orderId, notice: 'declined', data: { reasonCode: input.reasonCode, ...(input.noteForPatient ? { noteForPatient: input.noteForPatient } : {}) } });
      });
      return { status: 'declined' as const };
    },

    async approveOrder(input: { orderId: string; audit?: AuditContext }) {
      const state = await decidable(input.orderId);
      if (state.order.status === 'authorized') await orders.transition({ orderId: input.orderId, to: 'awaiting_review', audit: input.audit });
      const moved = await payments.captureForOrder(input.orderId, { ...(input.audit?.actor ? { actor: input.audit.actor } : {}), reason: 'doctor_approved' });
      if (!moved.ok) throw paymentProblem(moved.failure);
      await orders.transition({ orderId: input.orderId, to: 'approved', reason: 'doctor_approved', audit: input.audit });
      return moved.payment;
    },
    async declineOrder(input: { orderId: string; reason?: string; audit?: AuditContext }) {
      const state = await decidable(input.orderId);
      if (state.order.status === 'authorized') await orders.transition({ orderId: input.orderId, to: 'awaiting_review', audit: input.audit });
      const moved = await payments.voidForOrder(input.orderId, { ...(input.audit?.actor ? { actor: input.audit.actor } : {}), reason: input.reason ?? 'declined' });
      if (!moved.ok) throw paymentProblem(moved.failure);
      await orders.transition({ orderId: input.orderId, to: 'declined', reason: input.reason ?? 'declined', audit: input.audit });
      return moved.payment;
    },
  };
}
export type OrderDecisions = ReturnType<typeof createOrderDecisions>;
