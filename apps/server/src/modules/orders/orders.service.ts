// The orders module (DATA-MODEL.md "The order's life"): the orders and order_items tables, the
// order as the API serves it, and every status change. A status moves only through `update` or
// `transition`, which refuse what the domain's ORDER_TRANSITIONS do not allow and write the audit
// event in the same transaction. The cart edits a draft through the row operations below; the
// checkout engine completes stages through `update`; workflows move paid orders on.
import {
  allowedShippingMethodIds,
  assertTransition,
  canTransition,
  CHECKOUT_MESSAGES,
  hasStage,
  isOrderStatus,
  needsPatientState,
  orderStateProblem,
  Stage,
  type OrderStateProblem,
  type OrderStatus,
  type OrderView,
  type StateRuleItem,
  type StorefrontConfig,
  type VisitType,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { AuditActor, AuditContext, AuditEvent, AuditService } from '../audit/audit.service.ts';
import { isUuid, PLACEHOLDER_THUMBNAIL, type CatalogService, type CatalogSnapshot } from '../catalog/catalog.service.ts';
import type { ShippingService, ShippingSnapshot } from '../shipping/shipping.service.ts';
import { orderStages, orderVisitType, toOrderView, type ItemProductInfo } from './order-view.ts';
import { ordersRepo as repo, type OrderItemRow, type OrderOwner, type OrderRow, type ReviewCountRow, type ReviewScope } from './orders.repo.ts';
export type { ReviewCountRow, ReviewScope };

export type { OrderItemRow, OrderOwner, OrderRow, OrderView };

/** An order's rows with its stage masks, as the checkout engine and the workflows see it. */
export interface OrderState {
  order: OrderRow;
  items: OrderItemRow[];
  /** The union of the items' masks. */
  required: number;
  /** Order-level completed stages plus those every item needing them has completed, within `required`. */
  completed: number;
  visitType: VisitType | null;
}

/** An order as a transaction holding its lock last wrote it, with its items. */
export interface OrderAndItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** Catalog and shipping of one storefront, read before a transaction starts (see CatalogService.snapshot). */
export interface StoreData {
  catalog: CatalogSnapshot;
  shipping: ShippingSnapshot;
}

/** A change to an order's stage masks, doctor, pharmacy or status (see `update`). */
export interface OrderChange {
  completedStages?: number;
  items?: { id: string; completedStages: number }[];
  /** The visit's doctor (scheduling); null for "next available". */
  doctorId?: string | null;
  pharmacyId?: string | null;
  status?: OrderStatus;
}

type Details = Record<string, string | number | boolean | null>;

/** The order's state from its rows (pure). */
export function stateOf(order: OrderRow, items: OrderItemRow[]): OrderState {
  const { required, completed } = orderStages(order.completedStages, items);
  return { order, items, required, completed, visitType: order.visitType ?? orderVisitType(items) };
}

export function statusOf(state: Pick<OrderState, 'order'>): OrderStatus {
  const status = state.order.status;
  if (!isOrderStatus(status)) throw new Error(`order ${state.order.id} has an unknown status`);
  return status;
}

/** The order's owner as the audit log names them. */
export const ownerActor = (order: Pick<OrderRow, 'userId' | 'guestSessionId'>): AuditActor =>
  order.userId
    ? { type: 'user', id: order.userId }
    : order.guestSessionId
      ? { type: 'guest', id: order.guestSessionId }
      : { type: 'system' };

/** The owner and storefront of the order, overridden by what the caller knows (the request). */
export const auditOf = (state: Pick<OrderState, 'order'>, ctx: AuditContext | undefined): AuditContext => ({
  actor: ownerActor(state.order),
  storefrontId: state.order.storefrontId,
  ...ctx,
});

/** Items as the order-state rules see them: each with the states its product is sold in. */
function stateItems(
  data: StoreData,
  items: readonly Pick<OrderItemRow, 'productId' | 'title' | 'requiredStages'>[],
): StateRuleItem[] {
  return items.map((i) => ({ title: i.title, requiredStages: i.requiredStages, availableIn: data.catalog.findAny(i.productId)?.shipsTo ?? [] }));
}

/** A state refused for the order (issue 13 #13), shown beside `field`. */
const stateRefusal = (found: OrderStateProblem, field: string) =>
  new AppError(422, found.code, found.message, { errors: [{ field, message: found.message }] });

/**
 * The order's state against its items (issue 13 #13): every product must be sold in `state` —
 * where it ships, or where the patient is for one that ships nothing (a lab panel) — else 422 and
 * nothing changes (SHIPPING_STATE_UNAVAILABLE for a product that ships, STATE_UNAVAILABLE naming
 * the states otherwise). No state: 422 STATE_REQUIRED only where nothing ships and tax or an
 * item's availability depends on it.
 */
export function assertOrderState(
  data: StoreData,
  items: readonly Pick<OrderItemRow, 'productId' | 'title' | 'requiredStages'>[],
  state: string | null,
  field: string,
) {
  const found = orderStateProblem(state, stateItems(data, items), { taxesByState: data.shipping.taxesByState() });
  if (found) throw stateRefusal(found, field);
}

export function createOrdersService(deps: {
  db: Db;
  now: () => Date;
  audit: Pick<AuditService, 'recordAll'>;
  catalog: Pick<CatalogService, 'snapshot'>;
  shipping: Pick<ShippingService, 'snapshot'>;
}) {
  const { db, now, audit } = deps;

  async function storeData(storefrontId: string): Promise<StoreData> {
    const [c, s] = await Promise.all([deps.catalog.snapshot(storefrontId), deps.shipping.snapshot(storefrontId)]);
    return { catalog: c, shipping: s };
  }

  function view(storefront: StorefrontConfig, data: StoreData, order: OrderRow, items: OrderItemRow[], loggedIn: boolean): OrderView {
    const products = new Map<string, ItemProductInfo | undefined>();
    for (const item of items) {
      const p = data.catalog.findAny(item.productId);
      products.set(
        item.productId,
        p && {
          slug: p.slug,
          description: p.description,
          thumbnail: p.thumbnail,
          type: p.type,
          qtyMin: p.qtyMin,
          qtyMax: p.qtyMax,
          defaultQty: p.defaultQty,
          flexibleQty: p.flexibleQty,
        },
      );
    }
    const method = order.shippingMethodId ? data.shipping.method(order.shippingMethodId) : undefined;
    return toOrderView(order, items, {
      stateRequired: needsPatientState(stateItems(data, items), { taxesByState: data.shipping.taxesByState() }),
      loggedIn,
      display: storefront.settings.displayPages,
      products,
      placeholderThumbnail: PLACEHOLDER_THUMBNAIL,
      shippingMethod: method ? { carrier: method.carrier, name: method.name } : null,
      allowedMethodIds: allowedShippingMethodIds(
        items
          .filter((i) => hasStage(i.requiredStages, Stage.Shipping))
          .map((i) => ({ shippingMethodIds: data.catalog.findAny(i.productId)?.shippingMethodIds ?? [] })),
      ),
    });
  }

  /** The audit event of a status change; throws when the domain does not allow it. */
  function statusEvent(state: OrderState, to: OrderStatus, ctx: AuditContext, details: Details = {}): AuditEvent {
    const from = statusOf(state);
    assertTransition(from, to);
    return { ...ctx, action: 'order.status_changed', subject: { type: 'order', id: state.order.id }, details: { from, to, ...details } };
  }

  /**
   * Writes a change to a locked order (its masks, items' masks, doctor, pharmacy, status) in one
   * statement, and its audit events in one insert: `events` (what the caller did) and, when the
   * status changes, the status change (refused unless the domain allows it) with `statusDetails`.
   * Answers the state afterwards; the row stays locked, so nothing needs reading back.
   */
  async function update(
    tx: DbOrTx,
    state: OrderState,
    change: OrderChange,
    ctx: AuditContext = auditOf(state, undefined),
    opts: { events?: AuditEvent[]; statusDetails?: Details } = {},
  ): Promise<OrderState> {
    const events = [...(opts.events ?? [])];
    const statusChanges = change.status !== undefined && change.status !== state.order.status;
    if (statusChanges) events.push(statusEvent(state, change.status!, ctx, opts.statusDetails));
    for (const item of change.items ?? []) await repo.updateItemStages(tx, item.id, item.completedStages);
    const patch: Partial<OrderRow> = { updatedAt: now() };
    if (change.completedStages !== undefined) patch.completedStages = change.completedStages;
    if (statusChanges) patch.status = change.status!;
    if (change.doctorId !== undefined) patch.doctorId = change.doctorId;
    if (change.pharmacyId !== undefined) patch.pharmacyId = change.pharmacyId;
    const order = await repo.update(tx, state.order.id, patch);
    if (events.length > 0) await audit.recordAll(events, tx);
    const masks = new Map((change.items ?? []).map((i) => [i.id, i.completedStages]));
    return stateOf(order, state.items.map((i) => (masks.has(i.id) ? { ...i, completedStages: masks.get(i.id)! } : i)));
  }

  /** Locks the order and answers its state; another owner's (when given) or an unknown one: 404. */
  async function lock(tx: DbOrTx, where: { orderId: string; storefrontId?: string | undefined; owner?: OrderOwner | undefined }): Promise<OrderState> {
    const found = await state(tx, where, { forUpdate: true });
    if (!found) throw notFound();
    return found;
  }

  /**
   * An order with its items and stage masks. With `storefrontId` and `owner`, only the owner's
   * order in that storefront (another's is null); `forUpdate` locks the order row.
   */
  async function state(
    executor: DbOrTx,
    where: { orderId: string; storefrontId?: string | undefined; owner?: OrderOwner | undefined },
    opts: { forUpdate?: boolean } = {},
  ): Promise<OrderState | null> {
    if (!isUuid(where.orderId)) return null;
    const found =
      where.owner && where.storefrontId
        ? await repo.findOwnedWithItems(executor, { id: where.orderId, storefrontId: where.storefrontId, owner: where.owner }, opts)
        : await repo.findByIdWithItems(executor, where.orderId, opts);
    if (!found || (where.storefrontId !== undefined && found.order.storefrontId !== where.storefrontId)) return null;
    return stateOf(found.order, found.items);
  }

  return {
    storeData,
    view,
    stateOf,
    state,
    lock,
    update,

    /**
     * Any status change of the order's life (DATA-MODEL.md), on the order locked in `tx` (or a new
     * transaction): refuses (409 ORDER_CLOSED) a transition the domain does not allow, audits the
     * rest; the same status again is a no-op.
     */
    async transition(input: {
      orderId: string;
      to: OrderStatus;
      reason?: string | undefined;
      audit?: AuditContext | undefined;
      tx?: DbOrTx | undefined;
    }): Promise<void> {
      const work = async (tx: DbOrTx) => {
        const current = await lock(tx, { orderId: input.orderId });
        if (statusOf(current) === input.to) return;
        if (!canTransition(statusOf(current), input.to)) throw new AppError(409, 'ORDER_CLOSED', CHECKOUT_MESSAGES.ORDER_CLOSED);
        await update(tx, current, { status: input.to }, auditOf(current, input.audit), { statusDetails: { reason: input.reason ?? null } });
      };
      await (input.tx ? work(input.tx) : db.transaction((t) => work(t)));
    },

    /** GET /api/orders/:id: one of the caller's orders (any status); another's is a 404. */
    async getOrder(storefront: StorefrontConfig, owner: OrderOwner, orderId: string): Promise<OrderView> {
      if (!isUuid(orderId)) throw notFound();
      const found = await repo.findOwnedWithItems(db, { id: orderId, storefrontId: storefront.id, owner });
      if (!found) throw notFound();
      return view(storefront, await storeData(storefront.id), found.order, found.items, owner.kind === 'user');
    },

    /** The caller's newest order in one of these statuses, as the API serves it, or null. */
    async latestOwned(storefront: StorefrontConfig, owner: OrderOwner, statuses: OrderRow['status'][]): Promise<OrderView | null> {
      const order = await repo.findLatestOwned(db, { storefrontId: storefront.id, owner, statuses });
      if (!order) return null;
      return view(storefront, await storeData(storefront.id), order, await repo.itemsOf(db, order.id), owner.kind === 'user');
    },

    /** The doctors' review queue: a page of it (see `ordersRepo.reviewQueue`), rows with their stage masks. */
    async reviewQueue(where: Parameters<typeof repo.reviewQueue>[1], page: { limit: number; offset: number }): Promise<OrderState[]> {
      return (await repo.reviewQueue(db, where, page)).map((o) => stateOf(o.order, o.items));
    },

    /** The queue's size by storefront, state, status and product (see `ordersRepo.reviewCounts`). */
    reviewCounts: (where: ReviewScope) => repo.reviewCounts(db, where),

    /** The orders sent to a pharmacy (issue 15 fulfilment): see `ordersRepo.pharmacyOrders`; rows with their stage masks. */
    async pharmacyOrders(
      where: Parameters<typeof repo.pharmacyOrders>[1],
      page: Parameters<typeof repo.pharmacyOrders>[2],
    ): Promise<{ orders: OrderState[]; total: number; counts: Partial<Record<OrderStatus, number>> }> {
      const found = await repo.pharmacyOrders(db, where, page);
      return { orders: found.orders.map((o) => stateOf(o.order, o.items)), total: found.total, counts: found.counts };
    },

    /** The storefront of each of these orders, by order id (a patient's records are read per storefront). */
    async storefrontsOf(orderIds: readonly string[]): Promise<Map<string, string>> {
      const ids = [...new Set(orderIds)].filter(isUuid);
      return new Map((await repo.storefrontsOf(db, ids)).map((r) => [r.id, r.storefrontId]));
    },

    /** A patient's placed orders, newest first (the doctor's review shows their history). */
    async placedByUser(userId: string, limit = 50): Promise<OrderState[]> {
      return (await repo.placedByUser(db, userId, limit)).map((o) => stateOf(o.order, o.items));
    },

    /** A page of a patient's orders for My account (see `ordersRepo.patientOrders`), rows with their stage masks. */
    async patientOrders(where: Parameters<typeof repo.patientOrders>[1], page: { limit: number; offset: number }): Promise<{ orders: OrderState[]; total: number }> {
      const found = await repo.patientOrders(db, where, page);
      return { orders: found.orders.map((o) => stateOf(o.order, o.items)), total: found.total };
    },

    /** issue 18: the operator's order search (see `ordersRepo.adminSearch`), rows with their stage masks. */
    async adminSearch(where: Parameters<typeof repo.adminSearch>[1], page: { limit: number; offset: number }): Promise<{ orders: OrderState[]; total: number }> {
      const found = await repo.adminSearch(db, where, page);
      return { orders: found.orders.map((o) => stateOf(o.order, o.items)), total: found.total };
    },

    /** The order an order item belongs to, or null. */
    async orderIdOfItem(executor: DbOrTx, itemId: string): Promise<string | null> {
      if (!isUuid(itemId)) return null;
      return (await repo.orderIdOfItem(executor, itemId)) ?? null;
    },

    // ---- Row operations for the cart, which edits a draft inside its own transaction (the order
    // locked). They write rows only; the cart checks the store's rules and re-prices.
    findDraft: repo.findDraft,
    findOwned: repo.findOwned,
    findById: repo.findById,
    findLatestOwned: repo.findLatestOwned,
    insertDraft: repo.insertDraft,
    /** Writes the order's own columns (prices, shipping, coupon, owner, doctor): never its status (see `update`). */
    write: (executor: DbOrTx, id: string, patch: Partial<Omit<OrderRow, 'status'>>) => repo.update(executor, id, { updatedAt: now(), ...patch }),
    delete: repo.delete,
    itemsOf: repo.itemsOf,
    insertItems: repo.insertItems,
    updateItemQty: repo.updateItemQty,
    updateItemStages: repo.updateItemStages,
    deleteItems: repo.deleteItems,
    moveItem: repo.moveItem,
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
