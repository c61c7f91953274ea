// A visit bound to an order (issue 6 wiring): booking from checkout completes the order's
// Scheduling stage and records the doctor on the order; an asynchronous visit (type 3) assigns a
// doctor (or "next available") and completes Scheduling without a time slot. The order is read
// through its owner (another owner's order is a 404); its shipping state decides which doctors may
// be chosen and its visit type what kind of visit is booked.
import {
  canCompleteStage,
  CHECKOUT_MESSAGES,
  FIRST_AVAILABLE,
  hasStage,
  MESSAGES,
  Stage,
  type CheckoutMessageCode,
  type CheckoutProgressView,
  type ScheduleInvitee,
  type StorefrontConfig,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/problem.ts';
import type { Identity } from '../auth/sessions.service.ts';
import type { CartOwner, CartService, CheckoutState } from '../cart/cart.service.ts';
import { ownerOfIdentity, type AuditContext, type CheckoutService } from '../checkout/checkout.service.ts';
import type { DoctorService, DoctorSummary } from '../doctors/doctors.service.ts';
import type { AppointmentView, Booked, RequestMeta, SchedulingService } from './scheduling.service.ts';

const refuse = (code: CheckoutMessageCode) => new AppError(409, code, CHECKOUT_MESSAGES[code]);

export function createOrderVisitService(deps: {
  db: Db;
  cart: Pick<CartService, 'checkoutState' | 'writeCheckoutState'>;
  checkout: Pick<CheckoutService, 'completeStage'>;
  doctors: Pick<DoctorService, 'list' | 'get'>;
  scheduling: Pick<SchedulingService, 'book' | 'getForOrder' | 'cancelForOrder' | 'rescheduleForRecentOrder'>;
}) {
  const { db, cart, checkout, doctors, scheduling } = deps;
  const scope = (storefront: StorefrontConfig) => ({ storefrontId: storefront.id, companyId: storefront.companyId });

  async function ownedState(storefront: StorefrontConfig, owner: CartOwner, orderId: string): Promise<CheckoutState> {
    const state = await cart.checkoutState(db, { orderId, storefrontId: storefront.id, owner });
    if (!state) throw notFound();
    return state;
  }

  /**
   * The Scheduling stage may be done now: the order needs it, is a draft whose earlier stages are
   * done, or already has it (changing the visit before paying).
   */
  function assertSchedulable(state: CheckoutState) {
    if (!hasStage(state.required, Stage.Scheduling)) throw refuse('STAGE_NOT_REQUIRED');
    const done = hasStage(state.completed, Stage.Scheduling);
    if (state.order.status === 'disqualified') throw refuse('ORDER_DISQUALIFIED');
    if (done ? !['draft', 'awaiting_payment'].includes(state.order.status) : state.order.status !== 'draft') {
      throw refuse('ORDER_CLOSED');
    }
    if (!done && !canCompleteStage(state.required, state.completed, Stage.Scheduling, { loggedIn: state.order.userId !== null })) {
      throw refuse('STAGE_OUT_OF_ORDER');
    }
  }

  /** Completes Scheduling and records the doctor on the order, in one transaction. */
  async function complete(storefront: StorefrontConfig, owner: CartOwner, orderId: string, doctorId: string | null, audit?: AuditContext) {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as DbOrTx;
      const progress = await checkout.completeStage({ storefront, owner, orderId, stage: Stage.Scheduling, audit, tx });
      await cart.writeCheckoutState(tx, orderId, { doctorId });
      return progress;
    });
  }

  return {
    /** Doctors licensed in the order's shipping state (SPEC §7 "doctors by order id"). */
    async doctorsForOrder(storefront: StorefrontConfig, owner: CartOwner, orderId: string): Promise<{ state: string | null; doctors: DoctorSummary[] }> {
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
      assertSchedulable(state);
      const visitType = state.visitType;
      if (visitType !== 1 && visitType !== 2) throw new AppError(409, 'VISIT_TYPE_MISMATCH', MESSAGES.VISIT_TYPE_MISMATCH);
      const shippingState = state.order.shippingState ?? undefined;
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
      });
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
      if (state.visitType !== 3) throw new AppError(409, 'VISIT_TYPE_MISMATCH', MESSAGES.VISIT_TYPE_MISMATCH);
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
    async appointmentForOrder(storefront: StorefrontConfig, owner: CartOwner, orderId: string): Promise<{ appointment: AppointmentView | null; doctorId: string | null; visitType: 1 | 2 | 3 | null }> {
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
        await cart.writeCheckoutState(db, input.orderId, { doctorId: moved.appointment.doctor.id });
      }
      return moved;
    },
  };
}
export type OrderVisitService = ReturnType<typeof createOrderVisitService>;
