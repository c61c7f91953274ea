// The renewal consult (issue 17): when a prescription's refills run out or it expires, the store
// opens a new consult for the same product, prefilled with the last answers, instead of charging.
// The patient confirms or changes each answer and checks out as for any consult (consult fee and
// product as the catalogue says); the doctor's review shows what changed (workflows/order-review.ts)
// and, on approval, the refill plan follows the new prescription (workflows/order-decisions.ts
// calls the `RenewalPlans` port the refills module implements).
//
// Where the renewal lives: the checkout works on the patient's one draft per storefront (the cart),
// so the renewal is that draft. No cart (or an empty one): the renewal becomes the cart. A cart with
// items: the product joins them by the store's rules, and nothing the patient put there is taken
// out; a cart holding another product that needs its own consult (one consult product per order) is
// refused with 409 RENEWAL_CART_BUSY and nothing changes (the refill job may try again later; the
// patient is told to check out or remove it first).
//
// What is copied: the previous consult's answers the product's current questionnaire version can
// take (consults.prefillRenewal: answers to questions it no longer asks are dropped and recorded;
// uploads and consents are asked again), the source order's shipping address and method (when the
// cart has none) and its pharmacy (when the cart has none). The stages stay to be confirmed in
// order: the Consult comes first, then the patient sees the address and pharmacy already filled in.
//
// Marked as a renewal: `consult_renewals` (consults module) links the new consult and its order to
// the prescription, the plan (null when the patient asked) and the consult it was copied from.
// `open` is idempotent per prescription (and so per plan and prescription): a second call answers
// the same order, and a plan asking after the patient did takes the renewal over.
import { firstPendingRoute, prescriptionRenewalBlock, RENEWAL_MESSAGES, type RenewalAnswerDiff, type StorefrontConfig } from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import { linkOriginFor } from '../plugins/storefront-context.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { Identity } from '../modules/auth/sessions.service.ts';
import type { CartService } from '../modules/cart/cart.service.ts';
import { isUuid } from '../modules/catalog/catalog.service.ts';
import type { ConsultService, FrozenConsult } from '../modules/consults/consults.service.ts';
import type { DoctorService } from '../modules/doctors/doctors.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { NotificationService } from '../modules/notifications/notifications.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PrescriptionService, PrescriptionSummary } from '../modules/prescriptions/prescriptions.service.ts';

/**
 * The refill plans' side of a renewal, implemented by the refills module (issue 17) and wired in
 * app.ts: which plan a renewal order renews, and the plan following the prescription the doctor
 * wrote on approving it (refills counted from the new one).
 */
export interface RenewalPlans {
  planOfRenewalOrder(executor: DbOrTx, orderId: string): Promise<{ planId: string } | null>;
  followPrescription(tx: DbOrTx, input: { planId: string; prescriptionId: string; at: Date }): Promise<void>;
}

export interface RenewalInput {
  /** The refill plan asking; null when the patient asked (no plan). */
  planId: string | null;
  patientId: string;
  storefrontId: string;
  productId: string;
  prescriptionId: string;
  /** The order the prescription was written for (its consult, address and pharmacy are copied). */
  sourceOrderId: string;
}

export const RENEWAL_NOTICE_JOB = 'renewal.notice';
interface RenewalNoticeJob {
  orderId: string;
  userId: string;
  storefrontId: string;
  medication: string;
}

/** A prescription is renewable once it has no refills left or has expired (never a revoked one). */
export function renewalBlock(prescription: Pick<PrescriptionSummary, 'status' | 'refillsLeft' | 'expiresAt'>, at: Date): 'refills_left' | 'revoked' | null {
  return prescriptionRenewalBlock(prescription, at);
}

/** An answer in a form that compares equal when it says the same (object keys and picked options in any order). */
function canonical(value: unknown, type: string): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sortKeys(x)]));
    return v;
  };
  const v = type === 'multiple_choice' && Array.isArray(value) ? [...value].map(String).sort() : value;
  return JSON.stringify(sortKeys(v) ?? null);
}

/**
 * The doctor's "what changed" (issue 17): each answer of the renewal consult beside the previous
 * consult's — changed, unchanged, or new (not answered last time) — then the previous answers not
 * given this time (removed: the question is now hidden or left blank), in questionnaire order.
 */
export function answerChanges(previous: FrozenConsult | null, current: FrozenConsult): RenewalAnswerDiff[] {
  const before = new Map((previous?.answers ?? []).map((a) => [a.questionId, a] as const));
  const now = new Set(current.answers.map((a) => a.questionId));
  const diffs: RenewalAnswerDiff[] = current.answers.map((a) => {
    const old = before.get(a.questionId);
    const base = { questionId: a.questionId, label: a.label, type: a.type, current: a.answer, ...(a.optionLabels ? { currentLabels: a.optionLabels } : {}) };
    if (!old) return { ...base, change: 'new', previous: null };
    const change = canonical(old.answer, a.type) === canonical(a.answer, a.type) ? 'unchanged' : 'changed';
    return { ...base, change, previous: old.answer, ...(old.optionLabels ? { previousLabels: old.optionLabels } : {}) };
  });
  for (const old of previous?.answers ?? []) {
    if (now.has(old.questionId)) continue;
    diffs.push({ questionId: old.questionId, label: old.label, type: old.type, change: 'removed', previous: old.answer, ...(old.optionLabels ? { previousLabels: old.optionLabels } : {}), current: null });
  }
  return diffs;
}

export function createRenewalConsult(deps: {
  db: Db;
  now: () => Date;
  consults: Pick<ConsultService, 'renewalOfPrescription' | 'lockRenewal' | 'setRenewalPlan' | 'prefillRenewal'>;
  cart: Pick<CartService, 'placeRenewal' | 'applyEdit' | 'edits'>;
  orders: Pick<OrdersService, 'state'>;
  prescriptions: Pick<PrescriptionService, 'byId' | 'ofOrder'>;
  doctors: Pick<DoctorService, 'byIds'>;
  storefronts: { getById(id: string): Promise<StorefrontConfig>; hostsOf(id: string): Promise<string[]> };
  jobs: Pick<JobQueue, 'enqueue' | 'register' | 'nudge'>;
  notifications: Pick<NotificationService, 'email'>;
  auth: Pick<AuthService, 'contactOf'>;
  audit: Pick<AuditService, 'record'>;
  port: number;
  log?: FastifyBaseLogger | undefined;
}) {
  const { db, now, consults, cart, orders, prescriptions, storefronts, jobs } = deps;

  // "Time to renew your prescription", with a link that resumes the order at its first pending stage.
  jobs.register(RENEWAL_NOTICE_JOB, async (payload) => {
    const { orderId, userId, storefrontId, medication } = payload as unknown as RenewalNoticeJob;
    const contact = await deps.auth.contactOf(userId);
    if (!contact) return;
    const storefront = await storefronts.getById(storefrontId);
    const origin = linkOriginFor({ hostHeader: undefined, protocol: 'https', hosts: await storefronts.hostsOf(storefrontId), port: deps.port });
    await deps.notifications.email(storefront, contact.email, {
      subject: 'Time to renew your prescription',
      heading: 'Time to renew your prescription',
      paragraphs: [
        `Hi${contact.firstName ? ` ${contact.firstName}` : ''},`,
        `Your prescription for ${medication} has no refills left or has expired. To keep your treatment going, a doctor needs to review a short renewal consult.`,
        "We've filled in your answers from last time: check each one, change anything that's different, and check out. You are charged only if the doctor approves the renewal.",
      ],
      action: { label: 'Renew your prescription', url: `${origin}/checkout` },
    });
    deps.log?.info({ orderId }, 'renewal notice sent');
  });

  async function open(tx: DbOrTx, input: RenewalInput): Promise<{ orderId: string }> {
    // Two opens for one prescription at once (the job and the patient) make one renewal.
    await consults.lockRenewal(tx, input.prescriptionId);
    const existing = await consults.renewalOfPrescription(tx, input.prescriptionId);
    if (existing) {
      if (input.planId && !existing.planId) await consults.setRenewalPlan(tx, existing.consultId, input.planId);
      return { orderId: existing.orderId };
    }
    const prescription = await prescriptions.byId(tx, input.prescriptionId);
    if (!prescription || prescription.patientId !== input.patientId) throw notFound();
    const source = await orders.state(tx, { orderId: input.sourceOrderId, storefrontId: input.storefrontId, owner: { kind: 'user', userId: input.patientId } });
    if (!source) throw notFound();
    const storefront = await storefronts.getById(input.storefrontId);
    const owner = { kind: 'user' as const, userId: input.patientId };

    const placed = await cart.placeRenewal(tx, storefront, owner, input.productId);
    let order = placed.order;
    const src = source.order;
    // The address and method of the source order, when the cart has none (a product that no longer
    // ships there leaves the address to be asked).
    if (!order.shipLine1 && src.shipLine1 && src.shipFullName && src.shipCity && src.shipState && src.shipZip) {
      const address = { fullName: src.shipFullName, line1: src.shipLine1, line2: src.shipLine2, city: src.shipCity, state: src.shipState, zip: src.shipZip, phone: src.shipPhone ?? '' };
      const method = src.shippingMethodId && placed.data.shipping.method(src.shippingMethodId) ? { methodId: src.shippingMethodId } : {};
      try {
        order = (await cart.applyEdit(tx, placed.data, order, cart.edits.setShippingAddress(address, method))).order;
      } catch (error) {
        // The edit refuses in its checks, before it writes anything: the cart stays as it was.
        if (!(error instanceof AppError)) throw error;
      }
    }
    if (!order.pharmacyId && src.pharmacyId) order = (await cart.applyEdit(tx, placed.data, order, cart.edits.setPharmacy(src.pharmacyId))).order;

    const questionnaireRef = placed.product.questionnaireRef;
    if (!questionnaireRef) throw new AppError(409, 'PRODUCT_UNAVAILABLE', 'This product has no consult to renew.');
    const sourceItem = source.items.find((i) => i.productId === input.productId) ?? source.items.find((i) => i.consultRequired) ?? null;
    const { renewal } = await consults.prefillRenewal(tx, {
      storefrontId: input.storefrontId,
      userId: input.patientId,
      orderId: order.id,
      orderItemId: placed.item.id,
      questionnaireRef,
      fromOrderItemId: sourceItem?.id ?? null,
      prescriptionId: input.prescriptionId,
      planId: input.planId,
      sourceOrderId: input.sourceOrderId,
    });
    await deps.audit.record(
      {
        action: 'renewal.opened',
        actor: input.planId ? { type: 'system' } : { type: 'user', id: input.patientId },
        subject: { type: 'order', id: order.id },
        storefrontId: input.storefrontId,
        details: { prescriptionId: input.prescriptionId, planId: input.planId, copiedFromConsultId: renewal.copiedFromConsultId, dropped: renewal.droppedQuestionIds.length },
      },
      tx,
    );
    const notice: RenewalNoticeJob = { orderId: order.id, userId: input.patientId, storefrontId: input.storefrontId, medication: `${prescription.medication} ${prescription.strength}` };
    await jobs.enqueue(RENEWAL_NOTICE_JOB, { ...notice }, { tx, singletonKey: `renewal-notice:${renewal.consultId}`, maxAttempts: 8 });
    return { orderId: order.id };
  }

  /** A patient's own prescription on this storefront, else 404 (another patient's, a guest, no session). */
  async function ownPrescription(executor: DbOrTx, storefront: StorefrontConfig, identity: Identity | null, prescriptionId: string) {
    if (!identity || identity.kind !== 'user' || !isUuid(prescriptionId)) throw notFound();
    const prescription = await prescriptions.byId(executor, prescriptionId);
    if (!prescription || prescription.patientId !== identity.userId) throw notFound();
    const source = await orders.state(executor, { orderId: prescription.orderId, storefrontId: storefront.id, owner: { kind: 'user', userId: identity.userId } });
    if (!source) throw notFound();
    return { prescription, source, userId: identity.userId };
  }

  /** The patient's prescription and whether they may ask to renew it. */
  async function view(storefront: StorefrontConfig, identity: Identity | null, prescriptionId: string) {
      const { prescription, source } = await ownPrescription(db, storefront, identity, prescriptionId);
      const blockedBy = renewalBlock(prescription, now());
      const [doctor] = (await deps.doctors.byIds([prescription.doctorId])).values();
      const renewal = await consults.renewalOfPrescription(db, prescription.id);
      const item = source.items[0];
      return {
        prescription: {
          id: prescription.id,
          medication: prescription.medication,
          strength: prescription.strength,
          form: prescription.form,
          writtenAt: prescription.writtenAt,
          expiresAt: prescription.expiresAt,
          refillsAuthorized: prescription.refillsAuthorized,
          refillsLeft: prescription.refillsLeft,
          expired: prescription.status === 'expired' || new Date(prescription.expiresAt).getTime() <= now().getTime(),
          doctorName: doctor?.name ?? null,
          productTitle: item?.title ?? null,
        },
        renewable: blockedBy === null,
        blockedBy,
        renewalOrderId: renewal?.orderId ?? null,
      };
  }

  return {
    open,

    /** GET /api/prescriptions/:id/renewal. */
    view,

    /** GET /api/orders/:id/prescription-renewal: the same for the prescription written for the patient's own order (none, or another's: 404). */
    async viewOfOrder(storefront: StorefrontConfig, identity: Identity | null, orderId: string) {
      if (!identity || identity.kind !== 'user' || !isUuid(orderId)) throw notFound();
      const state = await orders.state(db, { orderId, storefrontId: storefront.id, owner: { kind: 'user', userId: identity.userId } });
      const prescription = state ? await prescriptions.ofOrder(db, orderId) : null;
      if (!prescription) throw notFound();
      return view(storefront, identity, prescription.id);
    },

    /**
     * POST /api/prescriptions/:id/renew ("Ask for a renewal"): the patient's own prescription with
     * no refills left or expired (refills left: 409 REFILLS_LEFT; revoked: 409
     * PRESCRIPTION_REVOKED; another's: 404) opens the renewal consult without a plan. Answers the
     * order and its first pending stage.
     */
    async requestByPatient(storefront: StorefrontConfig, identity: Identity | null, prescriptionId: string): Promise<{ orderId: string; route: string }> {
      const orderId = await db.transaction(async (tx) => {
        const { prescription, source, userId } = await ownPrescription(tx, storefront, identity, prescriptionId);
        const blockedBy = renewalBlock(prescription, now());
        if (blockedBy === 'revoked') throw new AppError(409, 'PRESCRIPTION_REVOKED', RENEWAL_MESSAGES.PRESCRIPTION_REVOKED);
        if (blockedBy === 'refills_left') throw new AppError(409, 'REFILLS_LEFT', RENEWAL_MESSAGES.REFILLS_LEFT);
        const productId = source.items.find((i) => i.consultRequired)?.productId ?? source.items[0]?.productId;
        if (!productId) throw notFound();
        return (await open(tx, { planId: null, patientId: userId, storefrontId: storefront.id, productId, prescriptionId, sourceOrderId: source.order.id })).orderId;
      });
      jobs.nudge();
      const state = await orders.state(db, { orderId });
      const route = state
        ? (firstPendingRoute(state.required, state.completed, { loggedIn: true, display: storefront.settings.displayPages, visitType: state.order.visitType }) ?? '/checkout')
        : '/checkout';
      return { orderId, route };
    },
  };
}
export type RenewalConsult = ReturnType<typeof createRenewalConsult>;
