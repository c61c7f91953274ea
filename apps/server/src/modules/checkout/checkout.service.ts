// The checkout engine (issue 8): a state machine over the order's stage masks (SPEC §2, §4). It
// reads the progress of an order, completes a stage on its items and on the order — refusing one
// whose earlier stages are missing — moves the order draft → awaiting_payment when every stage but
// Payment is done, and marks it disqualified (terminal; nothing can be charged). Every change is
// one transaction with its audit event. The order rows and their status belong to the orders
// module: this service reads and writes them only through the orders service.
//
// The consult of each order item that needs one is created on first read; once a consult is
// frozen, the consult-frozen workflow calls `consultFrozen` in the same transaction, which
// completes the item's Consult stage or disqualifies the order.
import { canCompleteStage, canTransition, CHECKOUT_MESSAGES, DISQUALIFIED_ROUTE, firstMissingStage, firstPendingRoute, hasStage, missingStages, patientStatusLabel, progressStepOf, readyForPayment, Stage, STAGE_NAMES, stageStatuses, type CheckoutMessageCode, type CheckoutProgressView, type DisplayPages, type Disqualification, type OrderStatus, type StageFlag, type StorefrontConfig, type VisitType } from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import { ownerOfIdentity, type Owner } from '../../plugins/identity.ts';
import type { AuditContext, AuditEvent } from '../audit/audit.service.ts';
import type { Identity } from '../auth/sessions.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ConsultService, ConsultView } from '../consults/consults.service.ts';
import { assertOrderState, auditOf, statusOf, type OrderState, type OrdersService } from '../orders/orders.service.ts';

/** The consult row the consult service answers when it froze one (the consult-frozen workflow). */
export interface FrozenConsult {
  id: string;
  storefrontId: string;
  orderItemId: string;
  userId: string | null;
  guestSessionId: string | null;
}

export interface OrderConsult {
  itemId: string;
  productId: string;
  title: string;
  /** The questionnaire the product uses (slug); null when the product names none. */
  questionnaireId: string | null;
  /** The item's Consult stage is complete. */
  completed: boolean;
  /** The consult (created on first read while the order is open); null when none exists. */
  consult: ConsultView | null;
}

/** What the payment wiring needs once an order may be paid. */
export interface PayableOrder {
  orderId: string;
  storefrontId: string;
  status: 'awaiting_payment';
  totalCents: number;
  /** Some item needs a doctor's consult (DATA-MODEL.md: consult orders authorize, others capture). */
  consultRequired: boolean;
  visitType: VisitType | null;
  userId: string | null;
  /** The stages the order needs (whether paying captures at once: `capturesAtCheckout`). */
  requiredStages: number;
  /** A promo code is on the order (its redemption is recorded once paid). */
  hasPromoCode: boolean;
}

interface Deps {
  db: Db;
  orders: Pick<OrdersService, 'state' | 'lock' | 'update' | 'stateOf' | 'orderIdOfItem' | 'storeData'>;
  catalog: Pick<CatalogService, 'snapshot'>;
  consults: Pick<ConsultService, 'startConsult' | 'getByOrderItem'>;
}

const refuse = (status: number, code: CheckoutMessageCode) =>
  new AppError(status, code, CHECKOUT_MESSAGES[code]);

/** A signed-in patient owns the order once it has a user (SPEC §2: Register is pending without a login). */
const signedIn = (state: OrderState) => state.order.userId !== null;

/** The progress view of one order (pure; `GET /api/orders/:id/checkout`). */
export function progressOf(state: OrderState, display: DisplayPages): CheckoutProgressView {
  const loggedIn = signedIn(state);
  const status = statusOf(state);
  const { required, completed, items, visitType } = state;
  const hasItems = items.length > 0;
  const disqualified = status === 'disqualified';
  const missing = hasItems ? missingStages(required, completed, { loggedIn }) : [];
  const nextRoute = disqualified
    ? DISQUALIFIED_ROUTE
    : hasItems
      ? firstPendingRoute(required, completed, { loggedIn, display, visitType })
      : null;
  return {
    orderId: state.order.id,
    status,
    statusLabel: patientStatusLabel(status, { ships: hasStage(required, Stage.Shipping) }),
    loggedIn,
    visitType,
    requiredStages: required,
    completedStages: completed,
    missingStages: missing,
    firstPendingStage: hasItems ? firstMissingStage(required, completed, { loggedIn }) : null,
    nextRoute,
    progressStep: disqualified ? 1 : hasItems ? progressStepOf(nextRoute) : 0,
    readyForPayment: hasItems && readyForPayment(required, completed, { loggedIn }),
    disqualified,
    stages: hasItems ? stageStatuses(required, completed, { loggedIn }) : [],
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      title: item.title,
      consultRequired: item.consultRequired,
      requiredStages: item.requiredStages,
      completedStages: item.completedStages,
      stages: stageStatuses(item.requiredStages, item.completedStages, { loggedIn }),
    })),
    pendingConsultItemIds: items
      .filter(
        (i) =>
          hasStage(i.requiredStages, Stage.Consult) && !hasStage(i.completedStages, Stage.Consult),
      )
      .map((i) => i.id),
  };
}

export function createCheckoutService(deps: Deps) {
  const { db, orders, catalog, consults } = deps;

  /** Runs `work` in the caller's transaction, or in a new one. */
  function inTransaction<T>(tx: DbOrTx | undefined, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return tx ? work(tx) : db.transaction((t) => work(t));
  }

  const lockedState = orders.lock;

  /** Changes the status (allowed transitions only) with its audit event; answers the state after. */
  function setStatus(
    tx: DbOrTx,
    state: OrderState,
    to: OrderStatus,
    ctx: AuditContext,
    details: Record<string, string | number | boolean | null> = {},
  ): Promise<OrderState> {
    return orders.update(tx, state, { status: to }, ctx, { statusDetails: details });
  }

  /**
   * Sets `stage` on the item (or every item needing it) and, once every item needing it has it, on
   * the order; then moves a draft whose stages but Payment are all done to awaiting_payment, or to
   * `thenStatus` when given (written in the same statement). Returns the state afterwards (the
   * order row as written; the row stays locked, so nothing needs reading back).
   */
  async function applyStage(
    tx: DbOrTx,
    state: OrderState,
    stage: StageFlag,
    itemId: string | undefined,
    ctx: AuditContext,
    thenStatus?: OrderStatus,
  ): Promise<OrderState> {
    const status = statusOf(state);
    if (status === 'disqualified') throw refuse(409, 'ORDER_DISQUALIFIED');
    // Register is a sign-in, not a bit anyone sets (SPEC §2 "If the user has no login token").
    if (stage === Stage.Register || !hasStage(state.required, stage))
      throw refuse(409, 'STAGE_NOT_REQUIRED');
    if (stage === Stage.Consult && !itemId) throw refuse(400, 'CONSULT_ITEM_REQUIRED');

    const needing = state.items.filter((i) => hasStage(i.requiredStages, stage));
    let targets = needing;
    if (itemId) {
      const item = state.items.find((i) => i.id === itemId);
      if (!item) throw notFound();
      if (!hasStage(item.requiredStages, stage)) throw refuse(409, 'STAGE_NOT_REQUIRED');
      targets = [item];
    }
    // Completing a completed stage again changes nothing (a patient going Back and on again).
    const done =
      targets.every((i) => hasStage(i.completedStages, stage)) &&
      (itemId !== undefined || hasStage(state.completed, stage));
    if (done) {
      // The stage was there already (e.g. on every item): a status asked for still moves on.
      return thenStatus && thenStatus !== statusOf(state)
        ? setStatus(tx, state, thenStatus, ctx)
        : state;
    }

    if (stage === Stage.Payment ? status !== 'awaiting_payment' : status !== 'draft') {
      throw stage === Stage.Payment
        ? refuse(409, 'ORDER_NOT_READY_FOR_PAYMENT')
        : refuse(409, 'ORDER_CLOSED');
    }
    const loggedIn = signedIn(state);
    if (!canCompleteStage(state.required, state.completed, stage, { loggedIn }))
      throw refuse(409, 'STAGE_OUT_OF_ORDER');

    const targetIds = new Set(targets.map((i) => i.id));
    const itemMasks = new Map(
      state.items.map((i) => [
        i.id,
        targetIds.has(i.id) ? i.completedStages | stage : i.completedStages,
      ]),
    );
    const allDone = needing.every((i) => hasStage(itemMasks.get(i.id)!, stage));
    const completedStages = allDone
      ? state.order.completedStages | stage
      : state.order.completedStages;
    const items = state.items.map((i) => ({ ...i, completedStages: itemMasks.get(i.id)! }));
    const staged = orders.stateOf({ ...state.order, completedStages }, items);
    const events: AuditEvent[] = [
      {
        ...ctx,
        action: 'checkout.stage_completed',
        subject: { type: 'order', id: state.order.id },
        details: {
          stage: STAGE_NAMES[stage],
          itemId: itemId ?? null,
          orderStageCompleted: allDone,
        },
      },
    ];
    // DATA-MODEL.md: "(all stages but Payment done) → awaiting_payment".
    const stagesDone =
      statusOf(staged) === 'draft' &&
      readyForPayment(staged.required, staged.completed, { loggedIn });
    const wanted = thenStatus ?? (stagesDone ? 'awaiting_payment' : undefined);
    const nextStatus = wanted !== statusOf(staged) ? wanted : undefined;
    // The stage and the status in one write, their audit events in one insert.
    return orders.update(
      tx,
      state,
      {
        items: targets.map((i) => ({ id: i.id, completedStages: itemMasks.get(i.id)! })),
        ...(allDone ? { completedStages } : {}),
        ...(nextStatus ? { status: nextStatus } : {}),
      },
      ctx,
      { events, statusDetails: nextStatus === 'awaiting_payment' ? { reason: 'stages_done' } : {} },
    );
  }

  async function disqualifyLocked(
    tx: DbOrTx,
    state: OrderState,
    input: {
      reason: string;
      consultId?: string | null | undefined;
      questionId?: string | null | undefined;
    },
    ctx: AuditContext,
  ): Promise<void> {
    const status = statusOf(state);
    if (status === 'disqualified') return;
    if (!canTransition(status, 'disqualified')) throw refuse(409, 'ORDER_CLOSED');
    await setStatus(tx, state, 'disqualified', ctx, {
      reason: input.reason,
      consultId: input.consultId ?? null,
      questionId: input.questionId ?? null,
    });
  }

  return {
    /**
     * The checkout progress of one of the caller's orders: required and completed masks (order and
     * per item), missing stages, the first pending route, the progress step and per-stage labels.
     * Another owner's order (or another storefront's) is a 404.
     */
    async getProgress(
      storefront: StorefrontConfig,
      owner: Owner,
      orderId: string,
    ): Promise<CheckoutProgressView> {
      const state = await orders.state(db, { orderId, storefrontId: storefront.id, owner });
      if (!state) throw notFound();
      return progressOf(state, storefront.settings.displayPages);
    },

    /**
     * Completes a stage of an order for its owner (the shipping, pharmacy, scheduling and payment
     * wiring call this once their step is saved). Refuses with 409 STAGE_OUT_OF_ORDER a stage whose
     * earlier stages are missing, STAGE_NOT_REQUIRED one the order does not need (and Register,
     * which is a sign-in), ORDER_DISQUALIFIED / ORDER_CLOSED for an order past its draft (Payment:
     * ORDER_NOT_READY_FOR_PAYMENT unless awaiting payment). Consult is per item and needs `itemId`
     * (the consult submit completes it); other stages set every item needing them unless `itemId`
     * names one. Completing a completed stage again is a no-op. Pass `tx` to run inside the
     * caller's transaction. Answers the progress afterwards.
     */
    async completeStage(input: {
      storefront: StorefrontConfig;
      owner: Owner;
      orderId: string;
      stage: StageFlag;
      itemId?: string | undefined;
      audit?: AuditContext | undefined;
      tx?: DbOrTx | undefined;
    }): Promise<CheckoutProgressView> {
      const after = await inTransaction(input.tx, async (tx) => {
        const state = await lockedState(tx, {
          orderId: input.orderId,
          storefrontId: input.storefront.id,
          owner: input.owner,
        });
        return applyStage(tx, state, input.stage, input.itemId, auditOf(state, input.audit));
      });
      return progressOf(after, input.storefront.settings.displayPages);
    },

    /**
     * `completeStage` for a caller whose transaction already holds the order locked (SELECT … FOR
     * UPDATE) and checked its owner, with the rows it read (the cart's hooks): the same rules, no
     * read. Answers the state afterwards. Never pass rows read without the lock.
     */
    async completeStageIn(
      tx: DbOrTx,
      state: OrderState,
      input: { stage: StageFlag; itemId?: string | undefined; audit?: AuditContext | undefined },
    ): Promise<OrderState> {
      return applyStage(tx, state, input.stage, input.itemId, auditOf(state, input.audit));
    },

    /**
     * Marks an order disqualified (terminal: nothing can be charged for it), with an audit event.
     * `reason` is a short label for the log (e.g. 'consult_answer'), never the patient's answers;
     * the operator's explanation the patient sees stays on the consult. Already disqualified: no-op.
     * An order past its draft cannot be disqualified (409 ORDER_CLOSED).
     */
    async disqualify(input: {
      orderId: string;
      reason: string;
      consultId?: string | undefined;
      questionId?: string | undefined;
      storefrontId?: string | undefined;
      owner?: Owner | undefined;
      audit?: AuditContext | undefined;
      tx?: DbOrTx | undefined;
    }): Promise<void> {
      await inTransaction(input.tx, async (tx) => {
        const state = await lockedState(tx, input);
        await disqualifyLocked(tx, state, input, auditOf(state, input.audit));
      });
    },

    /**
     * For the payment wiring, before it charges anything: the order must exist (for `owner` when
     * given), not be disqualified (409 ORDER_DISQUALIFIED) and have every stage but Payment done
     * (409 ORDER_NOT_READY_FOR_PAYMENT; a guest must sign in first). A draft that is ready moves to
     * awaiting_payment here (a guest's order becomes ready only once they sign in). Any other status
     * (already paid, cancelled, …): 409 ORDER_CLOSED. The order's state must suit its items (issue 13
     * #13: 422 STATE_REQUIRED where nothing ships and tax or availability needs the patient's state,
     * STATE_UNAVAILABLE / SHIPPING_STATE_UNAVAILABLE for a state an item is not sold in). Pass `tx`
     * to hold the order lock while paying (the storefront's catalogue and tax rates are read first,
     * outside it: pass `storefrontId` then).
     */
    async assertPayable(input: {
      orderId: string;
      storefrontId?: string | undefined;
      owner?: Owner | undefined;
      audit?: AuditContext | undefined;
      tx?: DbOrTx | undefined;
    }): Promise<PayableOrder> {
      const storefrontId =
        input.storefrontId ?? (await orders.state(db, { orderId: input.orderId }))?.order.storefrontId;
      const data = storefrontId ? await orders.storeData(storefrontId) : undefined;
      return inTransaction(input.tx, async (tx) => {
        let state = await lockedState(tx, input);
        const status = statusOf(state);
        if (status === 'disqualified') throw refuse(409, 'ORDER_DISQUALIFIED');
        if (status !== 'draft' && status !== 'awaiting_payment') throw refuse(409, 'ORDER_CLOSED');
        if (
          state.items.length === 0 ||
          !readyForPayment(state.required, state.completed, { loggedIn: signedIn(state) })
        ) {
          throw refuse(409, 'ORDER_NOT_READY_FOR_PAYMENT');
        }
        // The order's state must suit its items (issue 13 #13).
        if (data) assertOrderState(data, state.items, state.order.shippingState, 'state');
        if (status === 'draft') {
          state = await setStatus(tx, state, 'awaiting_payment', auditOf(state, input.audit), {
            reason: 'stages_done',
          });
        }
        return {
          orderId: state.order.id,
          storefrontId: state.order.storefrontId,
          status: 'awaiting_payment',
          totalCents: state.order.totalCents,
          consultRequired: state.items.some(
            (i) => i.consultRequired || hasStage(i.requiredStages, Stage.Consult),
          ),
          visitType: state.visitType,
          userId: state.order.userId,
          requiredStages: state.required,
          hasPromoCode: state.order.couponId !== null,
        };
      });
    },

    /**
     * For the payment wiring once the gateway answered: sets the Payment stage on the order and its
     * items and moves awaiting_payment → `to` ('paid' when captured, 'authorized' when held), with
     * the audit events, in the caller's transaction when `tx` is given.
     */
    async completePayment(input: {
      orderId: string;
      to: 'paid' | 'authorized';
      audit?: AuditContext | undefined;
      tx?: DbOrTx | undefined;
    }): Promise<void> {
      await inTransaction(input.tx, async (tx) => {
        const state = await lockedState(tx, { orderId: input.orderId });
        // Idempotent: concurrent or repeated pay requests share one payment, and the first to get
        // here has recorded it (and may have moved the order on); the others have nothing to do.
        if (hasStage(state.order.completedStages, Stage.Payment)) return;
        // The stage and the status in one write (and their two audit events in one insert).
        await applyStage(
          tx,
          state,
          Stage.Payment,
          undefined,
          auditOf(state, input.audit),
          input.to,
        );
      });
    },

    /**
     * `GET /api/orders/:id/consults`: every item of the caller's order that needs a consult, with its
     * consult — created with the product's questionnaire (current version) on first read while the
     * order is a draft and the item's consult is not done.
     */
    async consultsForOrder(
      storefront: StorefrontConfig,
      identity: Identity,
      orderId: string,
    ): Promise<{ orderId: string; items: OrderConsult[] }> {
      const owner = ownerOfIdentity(identity);
      const state = await orders.state(db, { orderId, storefrontId: storefront.id, owner });
      if (!state) throw notFound();
      const products = await catalog.snapshot(storefront.id);
      const open = state.order.status === 'draft';
      const items: OrderConsult[] = [];
      for (const item of state.items) {
        if (!hasStage(item.requiredStages, Stage.Consult)) continue;
        const questionnaireId = products.findAny(item.productId)?.questionnaireRef ?? null;
        const completed = hasStage(item.completedStages, Stage.Consult);
        const consult =
          open && !completed && questionnaireId
            ? await consults.startConsult({ identity, orderItemId: item.id, questionnaireId })
            : await consults.getByOrderItem({ orderItemId: item.id, identity });
        items.push({
          itemId: item.id,
          productId: item.productId,
          title: item.title,
          questionnaireId,
          completed,
          consult,
        });
      }
      return { orderId: state.order.id, items };
    },

    /**
     * The consult-frozen workflow's step: inside the transaction that freezes a consult, a
     * disqualifying outcome disqualifies the order; otherwise the item's Consult stage is completed
     * (and the order's, once every consult item is done). An order that is no longer open refuses
     * (409), which rolls the freeze back.
     */
    async consultFrozen(
      tx: DbOrTx,
      consult: FrozenConsult,
      outcome: { disqualified: Disqualification | null },
    ): Promise<void> {
      const orderId = await orders.orderIdOfItem(tx, consult.orderItemId);
      if (!orderId) throw notFound();
      const state = await lockedState(tx, { orderId, storefrontId: consult.storefrontId });
      const sameOwner = consult.userId
        ? state.order.userId === consult.userId
        : state.order.userId === null && state.order.guestSessionId === consult.guestSessionId;
      if (!sameOwner) throw notFound();
      const ctx = auditOf(state, undefined);
      if (outcome.disqualified) {
        await disqualifyLocked(
          tx,
          state,
          {
            reason: 'consult_answer',
            consultId: consult.id,
            questionId: outcome.disqualified.questionId,
          },
          ctx,
        );
        return;
      }
      await applyStage(tx, state, Stage.Consult, consult.orderItemId, ctx);
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
