// The doctor's review of one order and the questions between doctor and patient (issue 15). Each
// step reads or writes several modules, so it lives here: the reviews module checks the doctor
// holds the order's claim and keeps the questions; consults, orders, pharmacies and uploads answer
// what the page shows; the access log records every read of the patient's health data in its own
// transaction; the orders service moves the status (audited) and the notices tell the patient.
//
// A renewal order (issue 17) also shows the prescription it renews and, answer by answer, what
// changed since the consult it was copied from; reading that consult and that prescription is
// logged with the review's read.
//
// Nothing here calls the network inside a transaction, and everything a transaction checks through
// another service is read with its `tx` (PGlite would wait on itself otherwise).
import { bmi, orderNumberOf, type InfoAnswerInput, type InfoRequestInput, type OpenQuestions, type PatientInfoRequests, type RenewalReview, type ReviewDetail } from '@store/domain';
import type { Db } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import type { Owner } from '../plugins/identity.ts';
import type { AccessLogService } from '../modules/access-log/access-log.service.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { Identity } from '../modules/auth/sessions.service.ts';
import type { ConsultService, FrozenConsult } from '../modules/consults/consults.service.ts';
import type { DoctorService } from '../modules/doctors/doctors.service.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import type { AccessEntry } from '../modules/access-log/access-log.service.ts';
import { answerChanges } from './renewal-consult.ts';
import type { StaffDoctor } from '../modules/doctors/doctors.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PharmacyService } from '../modules/pharmacies/pharmacies.service.ts';
import type { ReviewService } from '../modules/reviews/reviews.service.ts';
import type { UploadService, UploadView } from '../modules/uploads/uploads.service.ts';
import type { OrderNotices } from './order-notices.ts';
import type { VisitsService } from '../modules/visits/visits.service.ts';
import { assertVisitCompleted } from './visit-completion.ts';

/** Why a doctor reads an order's records: the claim they hold on it. */
export const reviewReason = (orderId: string) => `review_claim:${orderId}`;

type FlagRow = Awaited<ReturnType<ReviewService['reviewRecords']>>['flagged'][number];

/** Whether an answer is one the operator flagged: any answer when the flag names none, else one of them. */
function flagFor(flags: readonly FlagRow[], versionId: string, questionId: string, answer: unknown): { note: string } | null {
  for (const f of flags) {
    if (f.questionnaireVersionId !== versionId || f.questionId !== questionId) continue;
    if (f.answers.length === 0) return { note: f.note };
    const given = Array.isArray(answer) ? answer.map(String) : [String(answer)];
    if (given.some((a) => f.answers.includes(a))) return { note: f.note };
  }
  return null;
}

export function createOrderReview(deps: {
  db: Db;
  reviews: Pick<ReviewService, 'assertHolding' | 'reviewRecords' | 'servedIds' | 'askPatient' | 'infoRequestsOf' | 'recordAnswer'>;
  orders: Pick<OrdersService, 'placedByUser' | 'state' | 'lock' | 'transition'>;
  consults: Pick<ConsultService, 'frozenAnswers' | 'frozenConsult' | 'renewalsOfOrder'>;
  /** issue 17: the prescription a renewal order renews, and who wrote it. */
  prescriptions: Pick<PrescriptionService, 'byId'>;
  doctors: Pick<DoctorService, 'byIds'>;
  pharmacies: Pick<PharmacyService, 'byId'>;
  uploads: Pick<UploadService, 'describe' | 'readForStaff' | 'owned'>;
  accessLog: Pick<AccessLogService, 'record'>;
  storefronts: { getById(id: string): Promise<{ id: string; name: string }> };
  notices: Pick<OrderNotices, 'enqueue'>;
  /** issue 16: a visit's order gets a question only once the visit is completed. */
  visits: Pick<VisitsService, 'completedVisitOf'>;
}) {
  const { db, reviews, orders, consults, accessLog, notices } = deps;

  /** The uploads a doctor holding the order may open: its consults' file answers and the patient's answers to questions. */
  async function uploadIdsOf(orderId: string, itemIds: string[]): Promise<string[]> {
    const frozen = await consults.frozenAnswers(itemIds);
    const asked = await reviews.infoRequestsOf(orderId);
    return [...new Set([...frozen.flatMap((c) => c.uploadIds), ...asked.flatMap((r) => r.answerUploadIds)])];
  }

  /**
   * issue 17: a renewal order's section of the review page (null for any other order), and the
   * patient records it reads (the previous consult, the renewed prescription) for the access log.
   */
  async function renewalOf(orderId: string, frozen: FrozenConsult[]): Promise<{ view: RenewalReview | null; reads: Pick<AccessEntry, 'what' | 'recordId'>[] }> {
    const [renewal] = await consults.renewalsOfOrder(db, orderId);
    const current = renewal ? frozen.find((c) => c.consultId === renewal.consultId) : undefined;
    if (!renewal || !current) return { view: null, reads: [] };
    const [prescription, previous] = await Promise.all([
      deps.prescriptions.byId(db, renewal.prescriptionId),
      renewal.copiedFromConsultId ? consults.frozenConsult(renewal.copiedFromConsultId) : Promise.resolve(null),
    ]);
    if (!prescription) return { view: null, reads: [] };
    const doctor = (await deps.doctors.byIds([prescription.doctorId])).get(prescription.doctorId);
    const view: RenewalReview = {
      consultId: renewal.consultId,
      planId: renewal.planId,
      prescription: {
        id: prescription.id,
        orderId: prescription.orderId,
        medication: prescription.medication,
        strength: prescription.strength,
        form: prescription.form,
        quantity: prescription.quantity,
        daysSupply: prescription.daysSupply,
        directions: prescription.directions,
        refillsAuthorized: prescription.refillsAuthorized,
        refillsLeft: prescription.refillsLeft,
        writtenAt: prescription.writtenAt,
        expiresAt: prescription.expiresAt,
        status: prescription.status,
        doctorName: doctor?.name ?? null,
      },
      previousConsult: previous ? { consultId: previous.consultId, submittedAt: previous.submittedAt, questionnaireVersion: previous.questionnaire.version } : null,
      droppedQuestionIds: renewal.droppedQuestionIds,
      answers: answerChanges(previous, current),
    };
    const reads = [{ what: 'prescription', recordId: prescription.id }, ...(previous ? [{ what: 'consult_answers', recordId: previous.consultId }] : [])];
    return { view, reads };
  }

  return {
    /**
     * GET /api/doctor/orders/:id: everything the doctor decides on, while they hold the claim
     * (else 404). Each read is written to the access log.
     */
    async detail(doctor: StaffDoctor, orderId: string): Promise<ReviewDetail> {
      const { state, claim, patientState } = await reviews.assertHolding(doctor, orderId);
      const { order, items } = state;
      const [frozen, storefront, pharmacy, history, served] = await Promise.all([
        consults.frozenAnswers(items.map((i) => i.id)),
        deps.storefronts.getById(order.storefrontId),
        order.pharmacyId ? deps.pharmacies.byId(order.pharmacyId) : Promise.resolve(null),
        order.userId ? orders.placedByUser(order.userId) : Promise.resolve([]),
        reviews.servedIds(doctor),
      ]);
      // The patient's earlier orders on the storefronts this doctor serves only: another brand's are not theirs to see.
      const earlier = history.filter((h) => h.order.id !== orderId && served.includes(h.order.storefrontId));
      const records = await reviews.reviewRecords([orderId, ...earlier.map((h) => h.order.id)], frozen.map((c) => c.questionnaire.versionId));
      const lastDecision = records.decidedAt.get(orderId)?.getTime() ?? 0;
      const infoRequests = records.infoRequests.filter((r) => r.orderId === orderId);

      const answers = frozen.flatMap((c) => c.answers);
      const byType = (type: string) => answers.find((a) => a.type === type)?.answer ?? null;
      const hw = byType('height_weight') as { heightInches?: unknown; weightPounds?: unknown } | null;
      const age = answers.find((a) => a.questionId === 'age')?.answer;
      const sex = answers.find((a) => a.questionId === 'sex_at_birth')?.answer;
      const uploadIds = [...new Set([...frozen.flatMap((c) => c.uploadIds), ...infoRequests.flatMap((r) => r.answerUploadIds)])];
      const uploads: UploadView[] = await deps.uploads.describe(uploadIds);
      const renewal = await renewalOf(orderId, frozen);

      const view: ReviewDetail = {
        orderId,
        orderNumber: orderNumberOf(orderId),
        status: order.status,
        storefront: { id: storefront.id, name: storefront.name },
        state: patientState,
        products: items.map((i) => ({ id: i.productId, title: i.title, quantity: i.qty })),
        consults: frozen.map((c) => ({
          consultId: c.consultId,
          orderItemId: c.orderItemId,
          questionnaire: c.questionnaire,
          submittedAt: c.submittedAt,
          answers: c.answers.map((a) => ({ ...a, flag: flagFor(records.flagged, c.questionnaire.versionId, a.questionId, a.answer) })),
        })),
        bmi: hw && typeof hw.heightInches === 'number' && typeof hw.weightPounds === 'number' ? bmi(hw.heightInches, hw.weightPounds) : null,
        patient: { age: typeof age === 'number' ? age : null, sex: typeof sex === 'string' ? sex : null },
        medications: byType('medications'),
        allergies: byType('allergies'),
        pharmacy: pharmacy
          ? {
              id: pharmacy.id,
              name: pharmacy.name,
              phone: pharmacy.phone ?? null,
              fax: pharmacy.fax ?? null,
              address: [pharmacy.pharmacyAddress.address, pharmacy.pharmacyAddress.city, pharmacy.pharmacyAddress.state, pharmacy.pharmacyAddress.zip].filter(Boolean).join(', '),
            }
          : null,
        history: earlier.map((h) => ({
          orderId: h.order.id,
          orderNumber: orderNumberOf(h.order.id),
          status: h.order.status,
          createdAt: h.order.createdAt.toISOString(),
          products: h.items.map((i) => i.title),
          decisions: records.decisions.filter((d) => d.orderId === h.order.id).map((d) => ({ kind: d.kind, reasonCode: d.reasonCode, at: d.at.toISOString() })),
        })),
        infoRequests: infoRequests.map((r) => ({
          id: r.id,
          question: r.question,
          askedAt: r.askedAt.toISOString(),
          answer: r.answer,
          answeredAt: r.answeredAt?.toISOString() ?? null,
          uploadIds: r.answerUploadIds,
          isNew: !!r.answeredAt && r.answeredAt.getTime() > lastDecision,
        })),
        uploads: uploads.map((u) => ({ id: u.id, contentType: u.contentType, sizeBytes: u.sizeBytes, originalName: u.originalName })),
        claim,
        renewal: renewal.view,
      };
      await db.transaction(async (tx) => {
        const entry = { actor: doctor.userId, role: 'doctor', patientId: order.userId, storefrontId: order.storefrontId, reason: reviewReason(orderId) };
        await accessLog.record(tx, { ...entry, what: 'review', recordId: orderId });
        // A renewal's previous consult and prescription are read too (issue 17).
        for (const read of renewal.reads) await accessLog.record(tx, { ...entry, ...read });
      });
      return view;
    },

    /**
     * GET /api/doctor/orders/:id/uploads/:uploadId: a file of the order's consult or of the
     * patient's answers, to the doctor holding the claim (anything else 404); each view logged.
     */
    async upload(doctor: StaffDoctor, orderId: string, uploadId: string): Promise<{ contentType: string; data: Buffer }> {
      const { state } = await reviews.assertHolding(doctor, orderId);
      const allowed = await uploadIdsOf(orderId, state.items.map((i) => i.id));
      if (!allowed.includes(uploadId)) throw notFound();
      const file = await deps.uploads.readForStaff(uploadId);
      await db.transaction((tx) =>
        accessLog.record(tx, {
          actor: doctor.userId,
          role: 'doctor',
          patientId: state.order.userId,
          storefrontId: state.order.storefrontId,
          what: 'upload',
          recordId: uploadId,
          reason: reviewReason(orderId),
        }),
      );
      return { contentType: file.upload.contentType, data: file.data };
    },

    /**
     * POST /api/doctor/orders/:id/request-info: in one transaction the question is recorded with a
     * needs_info decision, the order moves to needs_info, the claim is given back and the patient
     * is told (one notice per question).
     */
    async requestInfo(doctor: StaffDoctor, orderId: string, input: InfoRequestInput, audit: AuditContext): Promise<{ status: 'needs_info'; requestId: string }> {
      const served = await reviews.servedIds(doctor);
      const request = await db.transaction(async (tx) => {
        const asked = await reviews.askPatient(tx, doctor, orderId, served, input);
        // After the claim check (others get its 404), before the order moves.
        const current = await orders.state(tx, { orderId });
        if (current) await assertVisitCompleted(deps.visits, current.order, tx);
        await orders.transition({ orderId, to: 'needs_info', reason: 'doctor_asked', audit, tx });
        await notices.enqueue(tx, { orderId, notice: 'needs_info', key: asked.id });
        return asked;
      });
      return { status: 'needs_info', requestId: request.id };
    },

    /** GET /api/orders/:id/info-requests: the doctor's questions on the caller's own order (another's: 404). */
    /** GET /api/account/questions: the questions the patient has still to answer, on this storefront's orders. */
    async openQuestions(storefrontId: string, userId: string): Promise<OpenQuestions> {
      const waiting = (await orders.placedByUser(userId)).filter((o) => o.order.status === 'needs_info' && o.order.storefrontId === storefrontId);
      const rows = (await Promise.all(waiting.map((o) => reviews.infoRequestsOf(o.order.id)))).flat();
      return {
        questions: rows
          .filter((r) => !r.answeredAt)
          .map((r) => ({ orderId: r.orderId, orderNumber: orderNumberOf(r.orderId), requestId: r.id, askedAt: r.askedAt.toISOString() })),
      };
    },

    async patientRequests(storefrontId: string, owner: Owner, orderId: string): Promise<PatientInfoRequests> {
      const state = await orders.state(db, { orderId, storefrontId, owner });
      if (!state) throw notFound();
      const rows = await reviews.infoRequestsOf(orderId);
      return {
        orderId,
        orderNumber: orderNumberOf(orderId),
        status: state.order.status,
        requests: rows.map((r) => ({
          id: r.id,
          question: r.question,
          askedAt: r.askedAt.toISOString(),
          answer: r.answer,
          answeredAt: r.answeredAt?.toISOString() ?? null,
          uploadIds: r.answerUploadIds,
        })),
      };
    },

    /**
     * POST /api/orders/:id/info-requests/:requestId/answer: the patient's answer (their own order,
     * their own uploads — anything else 404; answered already 409). When no question is left open
     * the order goes back to the review queue, marked as having a new answer, and the patient is told.
     */
    async answer(identity: Identity, owner: Owner, orderId: string, requestId: string, input: InfoAnswerInput, audit: AuditContext): Promise<{ status: string }> {
      const uploadIds = [...new Set(input.uploadIds)];
      return db.transaction(async (tx) => {
        const state = await orders.lock(tx, { orderId, storefrontId: identity.storefrontId, owner });
        if (uploadIds.length > 0 && (await deps.uploads.owned(identity, uploadIds, tx)).length !== uploadIds.length) throw notFound();
        await reviews.recordAnswer(tx, orderId, requestId, { answer: input.answer, uploadIds });
        if (state.order.status !== 'needs_info') throw new AppError(409, 'ORDER_CLOSED', 'This order is not waiting for an answer.');
        const open = (await reviews.infoRequestsOf(orderId, tx)).filter((r) => !r.answeredAt && r.id !== requestId);
        if (open.length > 0) return { status: 'needs_info' };
        await orders.transition({ orderId, to: 'awaiting_review', reason: 'patient_answered', audit, tx });
        await notices.enqueue(tx, { orderId, notice: 'info_answered', key: requestId });
        return { status: 'awaiting_review' };
      });
    },
  };
}
export type OrderReview = ReturnType<typeof createOrderReview>;
