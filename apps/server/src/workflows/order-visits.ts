// A visit bound to an order (issue 6 wiring): booking from checkout completes the order's
// Scheduling stage and records the doctor on the order; an asynchronous visit (type 3) assigns a
// doctor (or "next available") and completes Scheduling without a time slot. The order is read
// through its owner (another owner's order is a 404); its shipping state decides which doctors may
// be chosen and its visit type what kind of visit is booked.
import { canCompleteStage, CHECKOUT_MESSAGES, FIRST_AVAILABLE, hasStage, MESSAGES, Stage, type CheckoutMessageCode, type CheckoutProgressView, type ScheduleInvitee, type StorefrontConfig, isScheduledVisit, VISIT_TYPES, type VisitType } from '@store/domain';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError, fieldError, notFound } from '../lib/problem.ts';
import { actorOf, ownerOfIdentity } from '../plugins/identity.ts';
import type { AuditContext, AuditService } from '../modules/audit/audit.service.ts';
import type { Identity } from '../modules/auth/sessions.service.ts';
import type { CheckoutService } from '../modules/checkout/checkout.service.ts';
import type { DoctorService, DoctorSummary } from '../modules/doctors/doctors.service.ts';
import type { OrderOwner, OrdersService, OrderState } from '../modules/orders/orders.service.ts';
import { paymentProblem, type PaymentsService } from '../modules/payments/payments.service.ts';
import type { AppointmentView, Booked, CancelOutcome, RequestMeta, SchedulingService } from '../modules/scheduling/scheduling.service.ts';
import type { VisitOutcomes } from '../modules/visits/visit-outcomes.ts';
import type { VisitsService } from '../modules/visits/visits.service.ts';
import { MISSED_VISIT_REBOOK_MS } from './missed-visit.ts';

/**
 * Where the visit's order stands, for the reschedule page (issue 13 #12): not paid yet (a new time
 * is chosen in checkout), paid and waiting for its visit (book a new time or cancel the order),
 * cancelled, or past the visit (nothing to change here).
 */
export type VisitOrderState = 'unpaid' | 'paid' | 'cancelled' | 'closed';
export interface VisitOrder {
  id: string;
  state: VisitOrderState;
  /** Whether the order has a booked visit now (a link to a cancelled one offers no second booking). */
  visitBooked: boolean;
}

function visitOrderState(status: string): VisitOrderState {
  if (status === 'draft' || status === 'awaiting_payment') return 'unpaid';
  if (status === 'visit_scheduled' || status === 'visit_missed') return 'paid';
  return status === 'cancelled' ? 'cancelled' : 'closed';
}

/** A paid order's visit may be cancelled and booked again, or the order cancelled (hold voided). */
const PAID_VISIT_STATUSES = new Set(['visit_scheduled', 'visit_missed']);

const refuse = (code: CheckoutMessageCode) => new AppError(409, code, CHECKOUT_MESSAGES[code]);

export function createOrderVisitService(deps: {
  db: Db;
  orders: Pick<OrdersService, 'state' | 'write' | 'update' | 'transition'>;
  checkout: Pick<CheckoutService, 'completeStage' | 'getProgress'>;
  doctors: Pick<DoctorService, 'list' | 'get'>;
  scheduling: Pick<
    SchedulingService,
    'book' | 'getForOrder' | 'cancelForOrder' | 'rescheduleForRecentOrder' | 'getByToken' | 'rowByToken' | 'nextForUser' | 'awaitingRebookForUser' | 'cancelByTokenIn' | 'cancelLiveForOrderIn' | 'viewById' | 'mailCancelled' | 'rebookByToken' | 'missedStateIn' | 'completedForOrder'
  >;
  payments: Pick<PaymentsService, 'voidForOrder' | 'paymentForOrder' | 'hasLivePayment'>;
  audit: Pick<AuditService, 'record'>;
  /** issue 16: who missed a missed visit (the account offers another doctor when it was the doctor). */
  outcomes?: Pick<VisitOutcomes, 'attendanceOf'> | undefined;
  /** issue 16: a visit cancelled while its room is open ends the call (its sockets are told, after the commit). */
  visits?: Pick<VisitsService, 'announceEnded'> | undefined;
  now?: (() => Date) | undefined;
}) {
  const { db, orders, checkout, doctors, scheduling, payments, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const scope = (storefront: StorefrontConfig) => ({ storefrontId: storefront.id, companyId: storefront.companyId });
  /** issue 16: after the commit, whoever is still in a cancelled visit's room is told it is over (nothing more is relayed). */
  const announceCancelled = (appointmentId: string) => deps.visits?.announceEnded(appointmentId, 'system').catch(() => undefined);

  /** issue 15: refuses (409) a new time for an order whose visit was missed over 3 days ago, read in `tx` (or `db`). */
  async function assertRebookWindowIn(tx: DbOrTx, orderId: string): Promise<void> {
    const missed = await scheduling.missedStateIn(tx, orderId);
    if (missed && now().getTime() - missed.missedAt.getTime() >= MISSED_VISIT_REBOOK_MS) {
      throw new AppError(409, 'REBOOK_WINDOW_PASSED', 'The time to book a new visit has passed; this order was cancelled and your card was not charged.');
    }
  }

  /** issue 15: a missed visit's order goes back to visit_scheduled, in the booking's transaction (order locked), within its 3 days only. */
  async function rescheduleMissedIn(tx: DbOrTx, orderId: string, auditCtx: AuditContext | undefined): Promise<void> {
    const locked = await orders.state(tx, { orderId }, { forUpdate: true });
    if (locked?.order.status !== 'visit_missed') {
      if (locked?.order.status === 'cancelled') await assertRebookWindowIn(tx, orderId);
      throw refuse('ORDER_CLOSED');
    }
    await assertRebookWindowIn(tx, orderId);
    await orders.transition({ orderId, to: 'visit_scheduled', reason: 'visit_rebooked', audit: auditCtx, tx });
  }

  /**
   * issue 16: an order whose visit was completed waits for its doctor's decision; no other visit is
   * booked for it (409 ORDER_CLOSED), or the closed-visit job would mark the order missed for a
   * visit it never needed. Read in `tx` when given.
   */
  async function assertNoCompletedVisit(orderId: string, tx?: DbOrTx): Promise<void> {
    if (await scheduling.completedForOrder(orderId, tx)) throw refuse('ORDER_CLOSED');
  }

  async function ownedState(storefront: StorefrontConfig, owner: OrderOwner, orderId: string): Promise<OrderState> {
    const state = await orders.state(db, { orderId, storefrontId: storefront.id, owner });
    if (!state) throw notFound();
    return state;
  }

  /**
   * The Scheduling stage may be done now: the order needs it, is a draft whose earlier stages are
   * done, or already has it (changing the visit before paying).
   */
  function assertSchedulable(state: OrderState) {
    if (!hasStage(state.required, Stage.Scheduling)) throw refuse('STAGE_NOT_REQUIRED');
    const done = hasStage(state.completed, Stage.Scheduling);
    if (state.order.status === 'disqualified') throw refuse('ORDER_DISQUALIFIED');
    // A paid order keeps its Scheduling stage: its visit may be booked again (issue 13 #12).
    // A missed visit's order (issue 15) is booked again the same way, and goes back to visit_scheduled.
    if (done ? !['draft', 'awaiting_payment', 'visit_scheduled', 'visit_missed'].includes(state.order.status) : state.order.status !== 'draft') {
      throw refuse('ORDER_CLOSED');
    }
    if (!done && !canCompleteStage(state.required, state.completed, Stage.Scheduling, { loggedIn: state.order.userId !== null })) {
      throw refuse('STAGE_OUT_OF_ORDER');
    }
  }

  /** Completes Scheduling and records the doctor on the order, in one transaction. */
  async function complete(storefront: StorefrontConfig, owner: OrderOwner, orderId: string, doctorId: string | null, audit?: AuditContext) {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as DbOrTx;
      const progress = await checkout.completeStage({ storefront, owner, orderId, stage: Stage.Scheduling, audit, tx });
      await orders.write(tx, orderId, { doctorId });
      return progress;
    });
  }

  /** The order behind a visit (the link holder sees where it stands, nothing more), or null. */
  async function orderOf(storefront: StorefrontConfig, appointment: Pick<AppointmentView, 'orderId'>): Promise<VisitOrder | null> {
    if (!appointment.orderId) return null;
    const state = await orders.state(db, { orderId: appointment.orderId, storefrontId: storefront.id });
    if (!state) return null;
    const live = await scheduling.getForOrder(storefront, appointment.orderId);
    return { id: state.order.id, state: visitOrderState(state.order.status), visitBooked: live?.status === 'booked' };
  }

  /**
   * Cancel a paid visit order (issue 13 #12): the card hold is voided through the payments service,
   * then the order is cancelled (DATA-MODEL.md visit_scheduled → cancelled: void) with its audit
   * event, and a booked visit is cancelled with it; the mail says so.
   */
  async function cancelPaidOrder(input: {
    storefront: StorefrontConfig;
    orderId: string;
    appointmentId: string | null;
    identity: Identity | null;
    audit?: AuditContext | undefined;
    meta?: RequestMeta | undefined;
  }): Promise<void> {
    const { orderId } = input;
    const order = await orderOf(input.storefront, { orderId });
    if (order?.state !== 'paid') throw refuse('ORDER_CLOSED');
    // No transaction across the gateway call; a void repeated after a failure is a no-op.
    const voided = await payments.voidForOrder(orderId, {
      ...(input.audit?.actor ? { actor: input.audit.actor } : {}),
      ip: input.meta?.ip ?? null,
      requestId: input.meta?.requestId ?? null,
      reason: 'patient_cancelled',
    });
    if (!voided.ok) throw paymentProblem(voided.failure);
    const cancelledVisitId = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as DbOrTx;
      // The order's booked visit, whichever link was used (a visit booked again has its own).
      const cancelledVisit = await scheduling.cancelLiveForOrderIn(tx, input.storefront, orderId, { identity: input.identity, meta: input.meta });
      await orders.transition({ orderId, to: 'cancelled', reason: 'patient_cancelled', audit: input.audit, tx });
      return cancelledVisit?.id ?? null;
    });
    if (cancelledVisitId) await announceCancelled(cancelledVisitId);
    const appointmentId = cancelledVisitId ?? input.appointmentId;
    if (appointmentId) await scheduling.mailCancelled(input.storefront, appointmentId, 'order_cancelled');
  }

  const service = {
    /** The visit behind a reschedule link with where its order stands (issue 13 #12). */
    async byToken(storefront: StorefrontConfig, token: string): Promise<(AppointmentView & { order: VisitOrder | null }) | null> {
      const appointment = await scheduling.getByToken(storefront, token);
      return appointment ? { ...appointment, order: await orderOf(storefront, appointment) } : null;
    },

    /**
     * Cancel the visit behind a link (issue 13 #12). Before payment the order's Scheduling stage
     * reopens (and an order waiting for payment goes back to draft), so nobody pays for a visit that
     * does not exist; after payment the order keeps its card hold and waits for a new time or its
     * cancellation. The mail says which.
     */
    async cancelVisitByToken(input: {
      storefront: StorefrontConfig;
      token: string;
      identity: Identity | null;
      origin: string;
      meta?: RequestMeta | undefined;
    }): Promise<(AppointmentView & { order: VisitOrder | null }) | null> {
      const current = await scheduling.rowByToken(input.storefront, input.token);
      if (!current || current.status !== 'booked') return null;
      const done = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as DbOrTx;
        const appointment = await scheduling.cancelByTokenIn(tx, input.storefront, input.token, { identity: input.identity, meta: input.meta });
        if (!appointment) return null;
        // Reads inside go through `tx` only (PGlite runs one query at a time).
        let outcome: CancelOutcome | undefined;
        if (appointment.orderId) {
          const state = await orders.state(tx, { orderId: appointment.orderId }, { forUpdate: true });
          const status = state?.order.status ?? '';
          // With the order locked (as Pay locks it to claim a payment): a payment under way, or made
          // but not yet recorded on the order, keeps its visit; the whole cancel rolls back.
          if (state && visitOrderState(status) === 'unpaid' && (await payments.hasLivePayment(tx, state.order.id))) {
            throw new AppError(409, 'ORDER_NOT_EDITABLE', 'This order is being paid for and can no longer be changed.');
          }
          if (state && visitOrderState(status) === 'unpaid' && hasStage(state.completed, Stage.Scheduling)) {
            const without = (mask: number) => mask & ~Stage.Scheduling;
            await orders.update(
              tx,
              state,
              {
                completedStages: without(state.order.completedStages),
                items: state.items.map((i) => ({ id: i.id, completedStages: without(i.completedStages) })),
              },
              { actor: actorOf(input.identity) },
            );
            if (status === 'awaiting_payment') await orders.transition({ orderId: state.order.id, to: 'draft', reason: 'visit_cancelled', tx });
            await audit.record(
              {
                action: 'checkout.stage_reopened',
                actor: actorOf(input.identity),
                subject: { type: 'order', id: state.order.id },
                storefrontId: input.storefront.id,
                ip: input.meta?.ip ?? null,
                requestId: input.meta?.requestId ?? null,
                details: { stage: 'Scheduling', reason: 'visit_cancelled', appointmentId: appointment.id },
              },
              tx,
            );
            outcome = 'stage_reopened';
          } else if (PAID_VISIT_STATUSES.has(status)) {
            outcome = 'rebook';
          }
        }
        return { appointment, outcome };
      });
      if (!done) return null;
      await announceCancelled(done.appointment.id);
      const appointment = await scheduling.viewById(done.appointment.id);
      if (!appointment) return null;
      await scheduling.mailCancelled(
        input.storefront,
        done.appointment.id,
        done.outcome,
        done.outcome === 'rebook' ? { origin: input.origin, token: input.token } : undefined,
      );
      return { ...appointment, order: await orderOf(input.storefront, appointment) };
    },

    /** A paid order whose visit was cancelled: a new time with the same doctor, from the link. */
    async rebookByToken(input: {
      storefront: StorefrontConfig;
      token: string;
      startsAt: Date;
      patientTimeZone?: string | undefined;
      identity: Identity | null;
      origin: string;
      meta?: RequestMeta | undefined;
    }): Promise<Booked & { order: VisitOrder | null }> {
      const current = await scheduling.rowByToken(input.storefront, input.token);
      if (!current || current.status !== 'cancelled' || !current.orderId) throw notFound();
      const order = await orderOf(input.storefront, current);
      if (order?.state !== 'paid') throw refuse('ORDER_CLOSED');
      await assertNoCompletedVisit(current.orderId);
      const booked = await scheduling.rebookByToken(input);
      if (!booked) throw notFound();
      return { ...booked, order };
    },

    /**
     * Cancel the paid order behind a visit's link (issue 13 #12): the card hold is voided through the
     * payments service, then the order is cancelled (DATA-MODEL.md visit_scheduled → cancelled: void)
     * with its audit event, and a booked visit is cancelled with it. The mail says so.
     */
    async cancelOrderByToken(input: {
      storefront: StorefrontConfig;
      token: string;
      identity: Identity | null;
      audit?: AuditContext | undefined;
      meta?: RequestMeta | undefined;
    }): Promise<AppointmentView & { order: VisitOrder | null }> {
      const current = await scheduling.rowByToken(input.storefront, input.token);
      if (!current || !current.orderId) throw notFound();
      await cancelPaidOrder({ ...input, orderId: current.orderId, appointmentId: current.id });
      const appointment = await scheduling.getByToken(input.storefront, input.token);
      if (!appointment) throw notFound();
      return { ...appointment, order: await orderOf(input.storefront, appointment) };
    },

    /**
     * The signed-in patient's next booked visit, else a paid order's cancelled (or missed) one
     * waiting for a new time; for a missed one, who missed it (issue 16: the doctor → "choose
     * another doctor or time").
     */
    async accountVisit(storefront: StorefrontConfig, userId: string): Promise<{ appointment: AppointmentView | null; order: VisitOrder | null; missedBy: 'patient' | 'doctor' | null }> {
      const appointment = (await scheduling.nextForUser(storefront, userId)) ?? (await scheduling.awaitingRebookForUser(storefront, userId));
      let missedBy: 'patient' | 'doctor' | null = null;
      if (appointment?.status === 'missed') {
        const outcome = (await deps.outcomes?.attendanceOf([appointment.id]))?.get(appointment.id)?.outcome;
        missedBy = outcome === 'missed_by_doctor' ? 'doctor' : 'patient';
      }
      return { appointment, order: appointment ? await orderOf(storefront, appointment) : null, missedBy };
    },

    /** "Cancel my order" from the account: the signed-in owner's paid visit order (hold voided). */
    async cancelOrderForOwner(input: {
      storefront: StorefrontConfig;
      identity: Extract<Identity, { kind: 'user' }>;
      orderId: string;
      audit?: AuditContext | undefined;
      meta?: RequestMeta | undefined;
    }): Promise<{ order: VisitOrder | null }> {
      await ownedState(input.storefront, ownerOfIdentity(input.identity), input.orderId);
      const visit = await scheduling.getForOrder(input.storefront, input.orderId);
      await cancelPaidOrder({ ...input, appointmentId: visit?.id ?? null });
      return { order: await orderOf(input.storefront, { orderId: input.orderId }) };
    },
    /** Doctors licensed in the order's shipping state (SPEC §7 "doctors by order id"). */
    async doctorsForOrder(storefront: StorefrontConfig, owner: OrderOwner, orderId: string): Promise<{ state: string | null; doctors: DoctorSummary[] }> {
      const state = await ownedState(storefront, owner, orderId);
      const shippingState = state.order.shippingState ?? null;
      return { state: shippingState, doctors: shippingState ? await doctors.list(scope(storefront), { state: shippingState }) : [] };
    },

    /**
     * Book (or move) the order's video or phone visit, then complete its Scheduling stage and set the
     * order's doctor. A booking whose stage cannot be completed is cancelled again.
     */
    async bookForOrder(input: {
      storefront: StorefrontConfig;
      identity: Identity;
      orderId: string;
      doctorId: string;
      startsAt: Date;
      invitee: ScheduleInvitee;
      patientTimeZone: string;
      origin: string;
      meta?: RequestMeta | undefined;
      audit?: AuditContext | undefined;
    }): Promise<Booked & { progress: CheckoutProgressView }> {
      const owner = ownerOfIdentity(input.identity);
      const state = await ownedState(input.storefront, owner, input.orderId);
      // issue 15: past a missed visit's 3 days, the same plain answer whether or not the job has cancelled the order yet.
      if (state.order.status === 'visit_missed' || state.order.status === 'cancelled') await assertRebookWindowIn(db, input.orderId);
      assertSchedulable(state);
      const visitType = state.visitType;
      if (!isScheduledVisit(visitType)) throw new AppError(409, 'VISIT_TYPE_MISMATCH', MESSAGES.VISIT_TYPE_MISMATCH);
      const shippingState = state.order.shippingState ?? undefined;
      // Paid already (booking again after a cancelled or missed visit): mailed at once, the stage stays done.
      const missed = state.order.status === 'visit_missed';
      const paid = state.order.status === 'visit_scheduled' || missed;
      if (paid) await assertNoCompletedVisit(input.orderId);
      const booked = await scheduling.book({
        storefront: input.storefront,
        identity: input.identity,
        orderId: input.orderId,
        doctorId: input.doctorId,
        state: shippingState,
        startsAt: input.startsAt,
        invitee: input.invitee,
        patientTimeZone: input.patientTimeZone,
        visitType,
        origin: input.origin,
        meta: input.meta,
        // Before payment the "visit scheduled" mail waits for the pay step's job (issue 13 #12).
        mail: paid,
        // issue 15: after a missed visit the order is scheduled again in the booking's transaction,
        // with the order locked: refused (and the booking undone) once the 3 days to book a new
        // time have passed, whether or not the missed-visit job has cancelled the order yet.
        // issue 16: with another doctor, the order becomes theirs in the same transaction.
        // issue 16: a visit completed meanwhile keeps the order from a second one (checked again here).
        inTx: paid
          ? async (tx, row) => {
              await assertNoCompletedVisit(input.orderId, tx);
              if (!missed) return;
              await rescheduleMissedIn(tx, input.orderId, input.audit);
              if (row.doctorId !== state.order.doctorId) await orders.write(tx, input.orderId, { doctorId: row.doctorId });
            }
          : undefined,
      });
      if (paid) {
        // issue 16: a paid order booked again with another doctor (after a missed visit: "choose
        // another doctor or time", or a visit moved to another) is that doctor's to see and decide.
        if (!missed && booked.appointment.doctor.id !== state.order.doctorId) await orders.write(db, input.orderId, { doctorId: booked.appointment.doctor.id });
        return { ...booked, progress: await checkout.getProgress(input.storefront, owner, input.orderId) };
      }
      try {
        const progress = await complete(input.storefront, owner, input.orderId, booked.appointment.doctor.id, input.audit);
        return { ...booked, progress };
      } catch (error) {
        await scheduling.cancelForOrder(input.storefront, input.orderId).catch(() => null);
        throw error;
      }
    },

    /**
     * An asynchronous visit (type 3): a doctor licensed in the shipping state, or null ("next
     * available"), reviews the answers. Completes Scheduling without a time slot.
     */
    async confirmDoctor(input: {
      storefront: StorefrontConfig;
      identity: Identity;
      orderId: string;
      doctorId: string | null;
      audit?: AuditContext | undefined;
    }): Promise<{ doctor: DoctorSummary | null; progress: CheckoutProgressView }> {
      const owner = ownerOfIdentity(input.identity);
      const state = await ownedState(input.storefront, owner, input.orderId);
      assertSchedulable(state);
      if (state.visitType !== VISIT_TYPES.asynchronous) throw new AppError(409, 'VISIT_TYPE_MISMATCH', MESSAGES.VISIT_TYPE_MISMATCH);
      let doctor: DoctorSummary | null = null;
      if (input.doctorId && input.doctorId !== FIRST_AVAILABLE) {
        const found = await doctors.get(scope(input.storefront), input.doctorId);
        if (!found) throw notFound();
        const shippingState = state.order.shippingState;
        if (shippingState && !found.states.includes(shippingState)) throw fieldError('doctorId', 'DOCTOR_NOT_LICENSED', 409);
        const { bio: _bio, ...summary } = found;
        doctor = summary;
      }
      const progress = await complete(input.storefront, owner, input.orderId, doctor?.id ?? null, input.audit);
      return { doctor, progress };
    },

    /** The order's visit for its owner (summary and confirmation pages); null when none. */
    async appointmentForOrder(storefront: StorefrontConfig, owner: OrderOwner, orderId: string): Promise<{ appointment: AppointmentView | null; doctorId: string | null; visitType: VisitType | null }> {
      const state = await ownedState(storefront, owner, orderId);
      return {
        appointment: await scheduling.getForOrder(storefront, orderId),
        doctorId: state.order.doctorId ?? null,
        visitType: state.visitType,
      };
    },

    /** SPEC §7 "reschedule doctor for recent order" from the account (signed-in owner only). */
    async rescheduleRecent(input: {
      storefront: StorefrontConfig;
      identity: Extract<Identity, { kind: 'user' }>;
      orderId: string;
      startsAt: Date;
      doctorId?: string | undefined;
      patientTimeZone?: string | undefined;
      origin: string;
      meta?: RequestMeta | undefined;
    }): Promise<Booked> {
      const state = await ownedState(input.storefront, ownerOfIdentity(input.identity), input.orderId);
      if (state.order.status === 'visit_missed') {
        // issue 15: the missed visit stays; a new one is booked for the order (with the same doctor
        // unless another is chosen) and the order is scheduled again.
        const missedVisit = await scheduling.getForOrder(input.storefront, input.orderId);
        if (!missedVisit || missedVisit.status !== 'missed') throw notFound();
        const { progress: _progress, ...booked } = await service.bookForOrder({
          storefront: input.storefront,
          identity: input.identity,
          orderId: input.orderId,
          doctorId: input.doctorId ?? missedVisit.doctor.id,
          startsAt: input.startsAt,
          invitee: missedVisit.invitee,
          patientTimeZone: input.patientTimeZone ?? missedVisit.patientTimeZone,
          origin: input.origin,
          meta: input.meta,
          audit: { actor: actorOf(input.identity), storefrontId: input.storefront.id, ip: input.meta?.ip ?? null, requestId: input.meta?.requestId ?? null },
        });
        if (booked.appointment.doctor.id !== state.order.doctorId) await orders.write(db, input.orderId, { doctorId: booked.appointment.doctor.id });
        return booked;
      }
      const moved = await scheduling.rescheduleForRecentOrder({
        storefront: input.storefront,
        identity: input.identity,
        orderId: input.orderId,
        startsAt: input.startsAt,
        doctorId: input.doctorId,
        state: state.order.shippingState ?? undefined,
        patientTimeZone: input.patientTimeZone,
        origin: input.origin,
        meta: input.meta,
      });
      if (!moved) throw notFound();
      if (moved.appointment.doctor.id !== state.order.doctorId) {
        await orders.write(db, input.orderId, { doctorId: moved.appointment.doctor.id });
      }
      return moved;
    },
  };
  return service;
}
export type OrderVisitsWorkflow = ReturnType<typeof createOrderVisitService>;
