// The cart: an order in 'draft', owned by a guest session or a signed-in patient, with items whose
// prices are snapshots. Every change runs in one transaction that locks the order, checks the
// store's rules (quantity range, one consult product per order, shipping state) and re-prices it
// on the server with the domain's pricing rules; a client never sends a price.
import {
  allowedShippingMethodIds,
  firstPendingRoute,
  hasStage,
  withoutStage,
  lineSubtotal,
  MESSAGES,
  priceOrder,
  Stage,
  type PricedItem,
  type StorefrontConfig,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound, problem, type FieldProblem } from '../../lib/problem.ts';
import { isUuid, type CatalogService, type Product } from '../catalog/catalog.service.ts';
import type { LandingService } from '../landing/landing.service.ts';
import {
  assertOrderState,
  type OrderAndItems,
  type OrderItemRow,
  type OrderOwner,
  type OrderRow,
  type OrdersService,
  type OrderView,
  type StoreData,
} from '../orders/orders.service.ts';
import { orderVisitType } from '../orders/order-view.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import { toOrderCoupon } from '../promotions/promotions.rules.ts';
import { shippingCostFor } from '../shipping/shipping.service.ts';
import type { StorefrontService } from '../storefronts/storefronts.service.ts';
import { CART_MESSAGES } from './cart.messages.ts';

export interface ItemInput {
  productId: string;
  /** Omitted: the product's default quantity (flexible quantity) or its minimum. 0 removes (patch). */
  qty?: number | undefined;
}

interface Deps {
  db: Db;
  now: () => Date;
  orders: OrdersService;
  catalog: Pick<CatalogService, 'snapshot'>;
  promotions: PromotionsService;
  landing: LandingService;
  storefronts: Pick<StorefrontService, 'getById'>;
}

/** A shipping address as copied onto the order (issue 5). */
export interface OrderShippingAddress {
  fullName: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

/** What a cart change answers: the order and items as they now stand, and the order columns still to write (written with the re-priced totals, in one statement). */
interface CartChange extends OrderAndItems {
  pending?: Partial<OrderRow>;
}

/**
 * One change to a draft order (see `CartService.edits`), run by the edit-order workflow on the
 * order it holds locked; answers the order as it now stands, or nothing to have it read back.
 */
export type CartEdit = (tx: DbOrTx, order: OrderRow, items: OrderItemRow[], data: StoreData) => Promise<CartChange | void>;

/** A change to the order's own columns, written with the re-priced totals. */
const changeOf = (order: OrderRow, items: OrderItemRow[], patch: Partial<OrderRow>): CartChange => ({
  order: { ...order, ...patch },
  items,
  pending: patch,
});

const ORDER_NOT_EDITABLE = () => new AppError(409, 'ORDER_NOT_EDITABLE', CART_MESSAGES.ORDER_NOT_EDITABLE);

function fieldProblems(errors: FieldProblem[], codes: string[]): AppError {
  if (errors.length === 1) return new AppError(400, codes[0]!, errors[0]!.message, { errors });
  return new AppError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, { errors });
}

const shippingMethodUnavailable = () =>
  new AppError(400, 'SHIPPING_METHOD_UNAVAILABLE', CART_MESSAGES.SHIPPING_METHOD_UNAVAILABLE, {
    errors: [{ field: 'methodId', message: CART_MESSAGES.SHIPPING_METHOD_UNAVAILABLE }],
  });

/**
 * SPEC §7 product-wise shipping methods (issue 18): the methods the order's shipped items all
 * allow (null: any of the storefront's). A product with none listed ships by any method.
 */
export function allowedMethodsOf(data: StoreData, items: readonly Pick<OrderItemRow, 'productId' | 'requiredStages'>[]): string[] | null {
  return allowedShippingMethodIds(
    items
      .filter((i) => hasStage(i.requiredStages, Stage.Shipping))
      .map((i) => ({ shippingMethodIds: data.catalog.findAny(i.productId)?.shippingMethodIds ?? [] })),
  );
}

/**
 * The shipping method `methodId` names in this storefront, one every shipped item of the order
 * may use (SPEC §7 product-wise shipping methods), else 400 SHIPPING_METHOD_UNAVAILABLE.
 */
function assertShippingMethod(data: StoreData, methodId: string, items: readonly OrderItemRow[]): void {
  if (!(isUuid(methodId) && data.shipping.method(methodId))) throw shippingMethodUnavailable();
  const allowed = allowedMethodsOf(data, items);
  if (allowed !== null && !allowed.includes(methodId)) throw shippingMethodUnavailable();
}

/** The method an order ships by: its own when allowed, else the cheapest allowed (none allowed: the storefront's default). */
function methodFor(data: StoreData, methodId: string | null, items: readonly OrderItemRow[]) {
  const allowed = allowedMethodsOf(data, items);
  const current = methodId ? data.shipping.method(methodId) : undefined;
  if (current && (allowed === null || allowed.includes(current.id))) return current;
  if (allowed === null || allowed.length === 0) return data.shipping.defaultMethod();
  const choices = allowed.map((id) => data.shipping.method(id)).filter((m) => m !== undefined);
  return choices.sort((a, b) => a.costCents - b.costCents)[0] ?? data.shipping.defaultMethod();
}

const patientOf = (order: Pick<OrderRow, 'userId' | 'guestSessionId'>) => ({
  userId: order.userId,
  guestSessionId: order.userId ? null : order.guestSessionId,
});

const linesOf = (items: readonly Pick<OrderItemRow, 'productId' | 'unitPriceCents' | 'qty'>[]) =>
  items.map((i) => ({ productId: i.productId, subtotalCents: lineSubtotal(i.unitPriceCents, i.qty) }));

/** The quantity an item gets when none is given (SPEC §3 defaultQuantity). */
export function defaultQuantity(product: Pick<Product, 'flexibleQty' | 'defaultQty' | 'qtyMin'>): number {
  return product.flexibleQty ? product.defaultQty : product.qtyMin;
}

const NO_SHIPPING_ADDRESS = {
  shipFullName: null,
  shipLine1: null,
  shipLine2: null,
  shipCity: null,
  shipState: null,
  shipZip: null,
  shipPhone: null,
} satisfies Partial<OrderRow>;

export function createCartService(deps: Deps) {
  const { db, now, orders, promotions, landing } = deps;
  const repo = orders;
  const storeData = orders.storeData;
  const view = orders.view;

  /** Re-prices the order from its items (snapshots), coupon, shipping method and tax; stores it. */
  async function reprice(
    tx: DbOrTx,
    data: StoreData,
    order: OrderRow,
    knownItems?: OrderItemRow[],
    pending: Partial<OrderRow> = {},
  ): Promise<OrderAndItems> {
    const items = knownItems ?? (await repo.itemsOf(tx, order.id));
    const priced: PricedItem[] = items.map((i) => ({
      productId: i.productId,
      unitPriceCents: i.unitPriceCents,
      qty: i.qty,
      consultFeeCents: i.consultFeeCents,
      consultAttached: i.consultAttached,
    }));

    // A code that no longer qualifies (items changed, expired, used up) comes off the order.
    let coupon = order.couponId ? await promotions.getById(order.couponId, tx) : undefined;
    if (coupon) {
      const failure = await promotions.failureFor(coupon, { now: now(), lines: linesOf(items), patient: patientOf(order), orderId: order.id }, tx);
      if (failure) coupon = undefined;
    }
    const orderCoupon = coupon ? toOrderCoupon(coupon) : null;

    const ships = items.some((i) => hasStage(i.requiredStages, Stage.Shipping));
    // Until the patient picks one, the storefront's first (cheapest) method prices the order; a
    // method the items no longer allow (a cold-chain product joined) gives way to the cheapest
    // one they do (SPEC §7 product-wise shipping methods).
    const method = ships ? methodFor(data, order.shippingMethodId, items) : undefined;
    const methodId = ships ? (method?.id ?? null) : order.shippingMethodId;

    const tax = order.shippingState ? data.shipping.taxRateFor(order.shippingState) : null;
    const base = priceOrder({ items: priced, coupon: orderCoupon, shippingCents: 0, taxRatePercent: 0, taxAppliesToConsultFee: false });
    const shippingCents = method && ships ? shippingCostFor(method, base.subtotalCents - base.discountCents) : 0;
    const price = priceOrder({
      items: priced,
      coupon: orderCoupon,
      shippingCents,
      taxRatePercent: tax?.ratePercent ?? 0,
      taxAppliesToConsultFee: tax?.appliesToConsultFee ?? false,
    });

    const updated = await repo.write(tx, order.id, {
      ...pending,
      requiredStages: items.reduce((mask, i) => mask | i.requiredStages, 0),
      visitType: orderVisitType(items),
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      shippingMethodId: methodId,
      shippingCents: price.shippingCents,
      subtotalCents: price.subtotalCents,
      consultFeeCents: price.consultFeeCents,
      discountCents: price.discountCents,
      salesTaxApplied: tax !== null && tax.ratePercent > 0,
      taxRatePercent: tax?.ratePercent ?? 0,
      taxCents: price.taxCents,
      // The summary's donation (issue 7) is added after pricing: no discount or tax applies to it.
      totalCents: price.totalCents + order.donationCents,
      updatedAt: now(),
    });
    return { order: updated, items };
  }

  /** The desired item list after a change, validated against the catalogue and the store's rules. */
  function resolveItems(
    storefront: StorefrontConfig,
    data: StoreData,
    order: OrderRow,
    current: OrderItemRow[],
    changes: readonly ItemInput[],
    mode: 'replace' | 'patch',
    opts: { field?: (index: number, key: string) => string } = {},
  ): { keep: Map<string, number>; add: { product: Product; qty: number }[] } {
    const field = opts.field ?? ((index: number, key: string) => `items.${index}.${key}`);
    const errors: FieldProblem[] = [];
    const codes: string[] = [];
    const desired = new Map<string, { qty: number; product?: Product }>();
    if (mode === 'patch') for (const item of current) desired.set(item.productId, { qty: item.qty });

    for (const [index, change] of changes.entries()) {
      const existing = current.find((i) => i.productId === change.productId);
      if (change.qty === 0) {
        if (mode === 'patch') desired.delete(change.productId);
        continue;
      }
      const product = data.catalog.findActive(change.productId);
      if (!product) {
        errors.push({ field: field(index, 'productId'), message: CART_MESSAGES.PRODUCT_UNAVAILABLE });
        codes.push('PRODUCT_UNAVAILABLE');
        continue;
      }
      const qty = change.qty ?? (existing ? existing.qty : defaultQuantity(product));
      if (qty < product.qtyMin || qty > product.qtyMax) {
        errors.push({ field: field(index, 'qty'), message: MESSAGES.QUANTITY_OUT_OF_RANGE });
        codes.push('QUANTITY_OUT_OF_RANGE');
        continue;
      }
      desired.set(product.id, { qty, product });
    }
    if (errors.length > 0) throw fieldProblems(errors, codes);

    // SPEC §7 product-wise shipping methods (issue 18): the shipped products must share a method.
    const shipped = [...desired].map(([productId, entry]) => ({
      productId,
      product: entry.product ?? data.catalog.findAny(productId),
    }));
    const restricting = shipped.filter((p) => p.product && hasStage(p.product.stageMask, Stage.Shipping) && p.product.shippingMethodIds.length > 0);
    const allowed = allowedShippingMethodIds(restricting.map((p) => p.product!));
    if (allowed !== null && allowed.length === 0) {
      const index = changes.findIndex((c) => restricting.some((p) => p.productId === c.productId));
      throw new AppError(422, 'SHIPPING_METHODS_CONFLICT', CART_MESSAGES.SHIPPING_METHODS_CONFLICT, {
        errors: [{ field: field(Math.max(index, 0), 'productId'), message: CART_MESSAGES.SHIPPING_METHODS_CONFLICT }],
      });
    }

    // Products must be sold in the order's state: where they ship, or where the patient is (issue 13 #13).
    if (order.shippingState) {
      for (const [index, change] of changes.entries()) {
        const product = desired.get(change.productId)?.product;
        if (!product) continue;
        assertOrderState(data, [{ productId: product.id, title: product.title, requiredStages: product.stageMask }], order.shippingState, field(index, 'productId'));
      }
    }

    // SPEC §8: a second product that needs its own consult cannot join the order (a storefront setting).
    if (storefront.settings.oneConsultProductPerOrder) {
      let consultProducts = 0;
      for (const [productId, entry] of desired) {
        const needsConsult = entry.product
          ? entry.product.consultRequired
          : (current.find((i) => i.productId === productId)?.consultRequired ?? false);
        if (needsConsult) consultProducts += 1;
      }
      if (consultProducts > 1) throw problem(422, 'MULTIPLE_PRODUCTS');
    }

    const keep = new Map<string, number>();
    const add: { product: Product; qty: number }[] = [];
    for (const [productId, entry] of desired) {
      if (current.some((i) => i.productId === productId)) keep.set(productId, entry.qty);
      else if (entry.product) add.push({ product: entry.product, qty: entry.qty });
    }
    return { keep, add };
  }

  /**
   * Creation times for `count` new lines of an order: after the order's existing lines and one
   * millisecond apart, so the lines keep the order they were added in (items are listed by it).
   */
  function nextItemTimes(existing: readonly Pick<OrderItemRow, 'createdAt'>[], count: number): Date[] {
    const latest = existing.reduce((max, i) => Math.max(max, i.createdAt.getTime()), 0);
    const start = Math.max(now().getTime(), latest + 1);
    return Array.from({ length: count }, (_, i) => new Date(start + i));
  }

  function itemFromProduct(orderId: string, product: Product, qty: number, createdAt: Date) {
    return {
      orderId,
      productId: product.id,
      qty,
      title: product.title,
      unitPriceCents: product.priceCents,
      consultFeeCents: product.consultFeeCents,
      consultRequired: product.consultRequired,
      consultAttached: product.consultAttached,
      visitType: product.visitType,
      requiredStages: product.stageMask,
      completedStages: 0,
      createdAt,
    };
  }

  /**
   * Writes the resolved item list: keeps (with new quantities), adds, and removes the rest.
   * Answers the order and its items as they now stand, so nothing needs reading back.
   */
  async function applyItems(
    tx: DbOrTx,
    order: OrderRow,
    current: OrderItemRow[],
    resolved: ReturnType<typeof resolveItems>,
  ): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
    const removed = current.filter((i) => !resolved.keep.has(i.productId)).map((i) => i.id);
    await repo.deleteItems(tx, removed);
    const kept: OrderItemRow[] = [];
    for (const item of current) {
      const qty = resolved.keep.get(item.productId);
      if (qty === undefined) continue;
      if (qty !== item.qty) await repo.updateItemQty(tx, item.id, qty);
      kept.push({ ...item, qty });
    }
    const times = nextItemTimes(current, resolved.add.length);
    const added = await repo.insertItems(
      tx,
      resolved.add.map(({ product, qty }, index) => itemFromProduct(order.id, product, qty, times[index]!)),
    );
    let updated = order;
    // A newly added product's consult is not done yet, whatever the order-level mask said.
    if (resolved.add.some(({ product }) => product.consultRequired) && hasStage(order.completedStages, Stage.Consult)) {
      updated = await repo.write(tx, order.id, { completedStages: order.completedStages & ~Stage.Consult });
    }
    return { order: updated, items: [...kept, ...added] };
  }

  /**
   * Runs `edit` on a draft the caller's transaction holds locked (the edit-order workflow), then
   * re-prices it. An order past its draft: 409 ORDER_NOT_EDITABLE, nothing changed.
   */
  async function applyEdit(tx: DbOrTx, data: StoreData, order: OrderRow, edit: CartEdit): Promise<OrderAndItems> {
    if (order.status !== 'draft') throw ORDER_NOT_EDITABLE();
    const items = await repo.itemsOf(tx, order.id);
    const changed = await edit(tx, order, items, data);
    // A change answers the order and items as they now stand; otherwise they are read back.
    return changed
      ? reprice(tx, data, changed.order, changed.items, changed.pending)
      : reprice(tx, data, (await repo.findById(tx, order.id))!);
  }

  async function getOrCreateDraft(
    tx: DbOrTx,
    storefront: StorefrontConfig,
    owner: OrderOwner,
    landingGuid: string | null,
  ): Promise<{ order: OrderRow; created: boolean }> {
    const existing = await repo.findDraft(tx, { storefrontId: storefront.id, owner }, { forUpdate: true });
    if (existing) {
      if (landingGuid && !existing.landingGuid) {
        return { order: await repo.write(tx, existing.id, { landingGuid }), created: false };
      }
      return { order: existing, created: false };
    }
    const at = now();
    const inserted = await repo.insertDraft(tx, {
      storefrontId: storefront.id,
      userId: owner.kind === 'user' ? owner.userId : null,
      guestSessionId: owner.kind === 'guest' ? owner.guestSessionId : null,
      status: 'draft',
      landingGuid,
      createdAt: at,
      updatedAt: at,
    });
    if (inserted) return { order: inserted, created: true };
    // Another request made it first.
    const raced = await repo.findDraft(tx, { storefrontId: storefront.id, owner }, { forUpdate: true });
    if (!raced) throw new Error('draft order vanished');
    return { order: raced, created: false };
  }

  async function knownLandingGuid(storefrontId: string, guid: string | null | undefined): Promise<string | null> {
    if (!guid || !isUuid(guid)) return null;
    return (await landing.exists(storefrontId, guid)) ? guid : null;
  }

  /**
   * For sign-in (the sign-in workflow): moves the guest's open cart to the patient. When the
   * patient already has an open cart, the guest's items are merged into it (one line per product,
   * the larger quantity kept, clamped to the product's range) and the guest's cart is deleted. When
   * the merge would put two consult products in one order (and the storefront forbids it), the
   * guest's, the most recent choice, wins. The guest's promo code carries over when the patient's
   * cart has none and it still applies. Reads the storefront and its catalogue first and answers
   * the step to run in the workflow's transaction, which answers the patient's open cart id (or
   * null) and whether the guest's cart had items (sign-in then carries on to the checkout).
   */
  async function prepareAdoption(input: { guestSessionId: string; userId: string; storefrontId: string }): Promise<(tx: DbOrTx) => Promise<{ orderId: string | null; guestHadItems: boolean }>> {
    const guestOwner: OrderOwner = { kind: 'guest', guestSessionId: input.guestSessionId };
    const userOwner: OrderOwner = { kind: 'user', userId: input.userId };
    const storefront = await deps.storefronts.getById(input.storefrontId);
    const data = await storeData(input.storefrontId);
    return async (tx) => {
      const guestOrder = await repo.findDraft(tx, { storefrontId: input.storefrontId, owner: guestOwner }, { forUpdate: true });
      const userOrder = await repo.findDraft(tx, { storefrontId: input.storefrontId, owner: userOwner }, { forUpdate: true });
      if (!guestOrder) return { orderId: userOrder?.id ?? null, guestHadItems: false };
      if (!userOrder) {
        // The new owner is written with the re-pricing (a code may be limited per patient).
        const patch = { userId: input.userId, guestSessionId: null, updatedAt: now() };
        const { order: moved, items } = await reprice(tx, data, { ...guestOrder, ...patch }, undefined, patch);
        return { orderId: moved.id, guestHadItems: items.length > 0 };
      }
      const guestItems = await repo.itemsOf(tx, guestOrder.id);
      const userItems = await repo.itemsOf(tx, userOrder.id);
      const oneConsult = storefront.settings.oneConsultProductPerOrder;
      const guestHasConsult = guestItems.some((i) => i.consultRequired);
      // The guest's consult product wins over the patient's older one.
      const dropped = oneConsult && guestHasConsult ? userItems.filter((i) => i.consultRequired && !guestItems.some((g) => g.productId === i.productId)) : [];
      await repo.deleteItems(tx, dropped.map((i) => i.id));
      const remaining = userItems.filter((i) => !dropped.includes(i));
      const additions: (typeof guestItems)[number][] = [];
      for (const g of guestItems) {
        const mine = remaining.find((i) => i.productId === g.productId);
        if (mine) {
          const product = data.catalog.findAny(g.productId);
          const larger = Math.max(mine.qty, g.qty);
          const qty = product ? Math.min(Math.max(larger, product.qtyMin), product.qtyMax) : larger;
          if (qty !== mine.qty) await repo.updateItemQty(tx, mine.id, qty);
        } else {
          additions.push(g);
        }
      }
      const times = nextItemTimes(remaining, additions.length);
      // Moved, not copied: the items keep their ids, so their consults (and answers) go with them.
      for (const [index, g] of additions.entries()) await repo.moveItem(tx, g.id, userOrder.id, times[index]!);
      // What the patient's cart takes over from the guest's, written with the re-pricing (one update).
      const patch: Partial<OrderRow> = {};
      if (!userOrder.couponId && guestOrder.couponId) {
        Object.assign(patch, { couponId: guestOrder.couponId, couponCode: guestOrder.couponCode });
      }
      if (!userOrder.landingGuid && guestOrder.landingGuid) patch.landingGuid = guestOrder.landingGuid;
      // The doctor the guest chose for the visit (their appointment moves to this order too).
      if (!userOrder.doctorId && guestOrder.doctorId) patch.doctorId = guestOrder.doctorId;
      // Consult is done per item: the order's bit cannot stand for a moved-in item still to answer.
      const merged = await repo.itemsOf(tx, userOrder.id);
      if (
        hasStage(userOrder.completedStages, Stage.Consult) &&
        merged.some((i) => hasStage(i.requiredStages, Stage.Consult) && !hasStage(i.completedStages, Stage.Consult))
      ) {
        patch.completedStages = userOrder.completedStages & ~Stage.Consult;
      }
      await repo.delete(tx, guestOrder.id);
      await reprice(tx, data, { ...userOrder, ...patch }, merged, patch);
      return { orderId: userOrder.id, guestHadItems: guestItems.length > 0 };
    };
  }

  return {
    /** GET /api/cart: the caller's open cart, or null. */
    async currentCart(storefront: StorefrontConfig, owner: OrderOwner): Promise<OrderView | null> {
      // An order waiting for payment is still the patient's cart: they may see and edit it (issue 7).
      const order =
        (await repo.findDraft(db, { storefrontId: storefront.id, owner })) ??
        (await repo.findLatestOwned(db, { storefrontId: storefront.id, owner, statuses: ['awaiting_payment'] }));
      if (!order) return null;
      const data = await storeData(storefront.id);
      return view(storefront, data, order, await repo.itemsOf(db, order.id), owner.kind === 'user');
    },

    /** POST /api/cart: the caller's open cart, created when there is none. */
    async openCart(
      storefront: StorefrontConfig,
      owner: OrderOwner,
      input: { landingGuid?: string | null | undefined } = {},
    ): Promise<{ order: OrderView; created: boolean }> {
      const landingGuid = await knownLandingGuid(storefront.id, input.landingGuid);
      const data = await storeData(storefront.id);
      const result = await db.transaction(async (tx) => {
        const { order, created } = await getOrCreateDraft(tx, storefront, owner, landingGuid);
        // A new draft has no items: nothing to price (its totals start at zero) and nothing to read.
        const priced = created ? { order, items: [] } : { order, items: await repo.itemsOf(tx, order.id) };
        return { ...priced, created };
      });
      return { order: view(storefront, data, result.order, result.items, owner.kind === 'user'), created: result.created };
    },

    /** PUT /api/orders/:id/items etc.: runs an edit on a draft the caller holds locked (the edit-order workflow). */
    applyEdit,

    /**
     * The changes a patient makes to a draft order. Each answers a `CartEdit` for the edit-order
     * workflow, which locks the caller's order (another's is a 404), reopens one waiting for
     * payment, runs the edit, re-prices and answers the order.
     */
    edits: {
      /** PUT /api/orders/:id/items: the order's items become exactly these. */
      replaceItems(storefront: StorefrontConfig, items: readonly ItemInput[]): CartEdit {
        return (tx, order, current, data) => applyItems(tx, order, current, resolveItems(storefront, data, order, current, items, 'replace'));
      },

      /** PATCH /api/orders/:id/items: add or change the listed items; qty 0 removes one. */
      patchItems(storefront: StorefrontConfig, items: readonly ItemInput[]): CartEdit {
        return (tx, order, current, data) => applyItems(tx, order, current, resolveItems(storefront, data, order, current, items, 'patch'));
      },

      /** DELETE /api/orders/:id/items/:productId. */
      removeItem(productId: string): CartEdit {
        return async (tx, order, current) => {
          const item = current.find((i) => i.productId === productId);
          if (!item) throw notFound();
          await repo.deleteItems(tx, [item.id]);
          return { order, items: current.filter((i) => i !== item) };
        };
      },

      /** PATCH /api/orders/:id/shipping: the state it ships to and the method (the address comes later). */
      setShipping(input: { state?: string | null | undefined; methodId?: string | null | undefined }): CartEdit {
        return async (tx, order, items, data) => {
          const patch: Partial<OrderRow> = { updatedAt: now() };
          if (input.state !== undefined) {
            // The state it ships to, or where the patient is when nothing ships (issue 13 #13).
            if (input.state !== null) assertOrderState(data, items, input.state, 'state');
            patch.shippingState = input.state;
          }
          if (input.methodId !== undefined) {
            if (input.methodId !== null) assertShippingMethod(data, input.methodId, items);
            patch.shippingMethodId = input.methodId;
          }
          // A state other than the address's leaves the order without an address (asked again), so
          // the Shipping stage is no longer done: the patient is sent back to shipping details.
          let itemsNow = items;
          if (patch.shippingState !== undefined && order.shipState !== null && patch.shippingState !== order.shipState) {
            Object.assign(patch, NO_SHIPPING_ADDRESS);
            patch.completedStages = withoutStage(order.completedStages, Stage.Shipping);
            itemsNow = [];
            for (const item of items) {
              const completedStages = withoutStage(item.completedStages, Stage.Shipping);
              if (completedStages !== item.completedStages) await repo.updateItemStages(tx, item.id, completedStages);
              itemsNow.push({ ...item, completedStages });
            }
          }
          return changeOf(order, itemsNow, patch);
        };
      },

      /**
       * PUT /api/orders/:id/shipping-address (issue 5): copies the address onto the order (a
       * snapshot) and ships to its state. A product in the order that cannot ship there: 422
       * SHIPPING_STATE_UNAVAILABLE and nothing changes.
       */
      setShippingAddress(address: OrderShippingAddress, opts: { methodId?: string | undefined } = {}): CartEdit {
        return async (_tx, order, items, data) => {
          assertOrderState(data, items, address.state, 'address.state');
          const patch: Partial<OrderRow> = {
            shipFullName: address.fullName,
            shipLine1: address.line1,
            shipLine2: address.line2,
            shipCity: address.city,
            shipState: address.state,
            shipZip: address.zip,
            shipPhone: address.phone,
            shippingState: address.state,
            updatedAt: now(),
          };
          if (opts.methodId !== undefined) {
            assertShippingMethod(data, opts.methodId, items);
            patch.shippingMethodId = opts.methodId;
          }
          return changeOf(order, items, patch);
        };
      },

      /** PUT /api/orders/:id/pharmacy (issue 5): the pharmacy the prescription goes to (the caller checked it is one the owner may use). */
      setPharmacy(pharmacyId: string): CartEdit {
        return async (_tx, order, items) => changeOf(order, items, { pharmacyId, updatedAt: now() });
      },

      /**
       * POST /api/orders/:id/promo-code. Unknown, inactive, not yet started, expired, used up
       * (overall or by this patient), below its minimum or for products not in the order:
       * PROMO_INVALID, and the order is left as it was.
       */
      applyPromoCode(storefront: StorefrontConfig, code: string): CartEdit {
        return async (tx, order, items) => {
          const coupon = await promotions.findByCode(storefront.id, code, tx);
          const failure = await promotions.failureFor(coupon, { now: now(), lines: linesOf(items), patient: patientOf(order), orderId: order.id }, tx);
          if (failure || !coupon) throw problem(422, 'PROMO_INVALID', [{ field: 'promoCode', message: MESSAGES.PROMO_INVALID }]);
          return changeOf(order, items, { couponId: coupon.id, couponCode: coupon.code });
        };
      },

      /**
       * PUT /api/orders/:id/donation (issue 7, flags.enableDonationsSummaryPage): the donation the
       * patient adds on the summary, in cents (0 removes it); re-prices so the total includes it.
       * A storefront without donations: 409 DONATIONS_OFF, nothing changed.
       */
      setDonation(storefront: StorefrontConfig, donationCents: number): CartEdit {
        if (!storefront.flags.enableDonationsSummaryPage) throw new AppError(409, 'DONATIONS_OFF', 'This store does not take donations.');
        return async (_tx, order, items) => changeOf(order, items, { donationCents });
      },

      /** DELETE /api/orders/:id/promo-code. */
      removePromoCode(): CartEdit {
        return async (_tx, order, items) => changeOf(order, items, { couponId: null, couponCode: null });
      },
    },

    /**
     * POST /api/checkout/redirect: puts the product in the caller's cart (creating the cart) and
     * answers the route of the first pending stage, so an ad or e-prescribing link lands the
     * patient where the flow needs them. The link states the patient's intent, so a product that
     * needs its own consult replaces another consult product, and a shipping state the product
     * cannot ship to is cleared (the shipping stage asks again).
     */
    async checkoutRedirect(
      storefront: StorefrontConfig,
      ownerOrStart: OrderOwner | (() => Promise<OrderOwner>),
      input: { product: string; qty?: number | undefined; landingGuid?: string | null | undefined },
    ): Promise<{ orderId: string; route: string; order: OrderView }> {
      const data = await storeData(storefront.id);
      const product = data.catalog.findActive(input.product);
      if (!product) throw notFound();
      const landingGuid = await knownLandingGuid(storefront.id, input.landingGuid);
      // A visitor's guest session is started only once the link is known good (issue 20's fuzzing:
      // a link to no product answered 404 but had already written a session). A new visitor's cart
      // is empty, so the product and its quantity are all that can be wrong with it.
      if (input.qty !== undefined && (input.qty < product.qtyMin || input.qty > product.qtyMax)) {
        throw fieldProblems([{ field: 'qty', message: MESSAGES.QUANTITY_OUT_OF_RANGE }], ['QUANTITY_OUT_OF_RANGE']);
      }
      const owner = typeof ownerOrStart === 'function' ? await ownerOrStart() : ownerOrStart;
      const result = await db.transaction(async (tx) => {
        let { order } = await getOrCreateDraft(tx, storefront, owner, landingGuid);
        const current = await repo.itemsOf(tx, order.id);
        if (order.shippingState && !product.shipsTo.includes(order.shippingState)) {
          order = await repo.write(tx, order.id, { shippingState: null });
        }
        let kept = current;
        if (storefront.settings.oneConsultProductPerOrder && product.consultRequired) {
          const rivals = current.filter((i) => i.consultRequired && i.productId !== product.id);
          await repo.deleteItems(tx, rivals.map((i) => i.id));
          kept = current.filter((i) => !rivals.includes(i));
        }
        const inCart = kept.find((i) => i.productId === product.id);
        if (!inCart || input.qty !== undefined) {
          const resolved = resolveItems(storefront, data, order, kept, [{ productId: product.id, qty: input.qty }], 'patch', {
            field: (_index, key) => (key === 'qty' ? 'qty' : 'productId'),
          });
          await applyItems(tx, order, kept, resolved);
        }
        return reprice(tx, data, (await repo.findById(tx, order.id))!);
      });
      const orderView = view(storefront, data, result.order, result.items, owner.kind === 'user');
      const route =
        firstPendingRoute(orderView.checkoutStages, orderView.completedCheckoutStages, {
          loggedIn: owner.kind === 'user',
          display: storefront.settings.displayPages,
          visitType: orderView.visitType,
        }) ?? '/cart';
      return { orderId: orderView.id, route, order: orderView };
    },

    /**
     * issue 17 renewal: the patient's draft on this storefront with `productId` in it, in the
     * caller's transaction (the order locked). There is one draft per patient and storefront, and
     * the checkout works on it, so the renewal is that draft: made when there is none; otherwise the
     * product joins what is already there by the store's rules (nothing the patient put in the cart
     * is taken out). A cart holding another product that needs its own consult (one consult product
     * per order): 409 RENEWAL_CART_BUSY and nothing changes. Answers the order re-priced, and the
     * product's item.
     */
    async placeRenewal(
      tx: DbOrTx,
      storefront: StorefrontConfig,
      owner: OrderOwner & { kind: 'user' },
      productId: string,
    ): Promise<OrderAndItems & { item: OrderItemRow; product: Product; data: StoreData }> {
      const data = await storeData(storefront.id);
      const product = data.catalog.findActive(productId);
      if (!product) throw new AppError(409, 'PRODUCT_UNAVAILABLE', CART_MESSAGES.PRODUCT_UNAVAILABLE);
      const { order } = await getOrCreateDraft(tx, storefront, owner, null);
      const current = await repo.itemsOf(tx, order.id);
      if (
        storefront.settings.oneConsultProductPerOrder &&
        product.consultRequired &&
        current.some((i) => i.consultRequired && i.productId !== product.id)
      ) {
        throw new AppError(409, 'RENEWAL_CART_BUSY', CART_MESSAGES.RENEWAL_CART_BUSY);
      }
      const placed = current.some((i) => i.productId === product.id)
        ? { order, items: current }
        : await applyItems(tx, order, current, resolveItems(storefront, data, order, current, [{ productId: product.id }], 'patch'));
      const priced = await reprice(tx, data, placed.order, placed.items);
      const item = priced.items.find((i) => i.productId === product.id)!;
      return { ...priced, item, product, data };
    },

    prepareAdoption,

    /** The cart's part of sign-in alone (`prepareAdoption` in a transaction of its own): the patient's open cart id, or null. */
    async adoptGuestOrder(input: { guestSessionId: string; userId: string; storefrontId: string }): Promise<string | null> {
      const adopt = await prepareAdoption(input);
      return (await db.transaction((tx) => adopt(tx))).orderId;
    },

    /**
     * For pay now (issue 13 #2): claims a use of the order's promo code in `tx`, the transaction that
     * claims the order's payment, before the card is charged. A code that is no longer valid for
     * the order (used up overall or by this patient, expired, paused) throws PROMO_INVALID and the
     * payment is not made; the order keeps its code until the patient removes it. No code: nothing.
     */
    async claimRedemption(tx: DbOrTx, orderId: string): Promise<void> {
      const found = await orders.state(tx, { orderId });
      const couponId = found?.order.couponId;
      if (!found || !couponId) return;
      const { order, items } = found;
      await promotions.claim(
        {
          couponId,
          orderId: order.id,
          patient: patientOf(order),
          discountCents: order.discountCents,
          now: now(),
          lines: linesOf(items),
        },
        tx,
      );
    },

    /**
     * The caller's newest order waiting for payment: the cart leaves 'draft' once every stage but
     * Payment is done, so GET /api/cart no longer finds it; the checkout still must.
     */
    awaitingPayment(storefront: StorefrontConfig, owner: OrderOwner): Promise<OrderView | null> {
      return orders.latestOwned(storefront, owner, ['awaiting_payment']);
    },

    /**
     * issue 17 reorder (SPEC §7): puts these products (the active ones; others are skipped) in the
     * patient's cart, a draft made when there is none, with the store's rules (SPEC §8: a second
     * consult product is 422 MULTIPLE_PRODUCTS). Answers the cart's id and the products added.
     */
    async addProducts(storefront: StorefrontConfig, owner: OrderOwner, items: readonly { productId: string; qty: number }[]): Promise<{ orderId: string; added: number }> {
      const data = await storeData(storefront.id);
      const wanted = items.filter((i) => data.catalog.findActive(i.productId));
      return db.transaction(async (tx) => {
        const { order } = await getOrCreateDraft(tx, storefront, owner, null);
        const current = await repo.itemsOf(tx, order.id);
        if (wanted.length === 0) return { orderId: order.id, added: 0 };
        const clamped = wanted.map((i) => {
          const product = data.catalog.findActive(i.productId)!;
          return { productId: i.productId, qty: Math.min(Math.max(i.qty, product.qtyMin), product.qtyMax) };
        });
        const applied = await applyItems(tx, order, current, resolveItems(storefront, data, order, current, clamped, 'patch'));
        await reprice(tx, data, applied.order, applied.items);
        return { orderId: order.id, added: clamped.length };
      });
    },

    /**
     * issue 17 refills: reads the storefront's catalogue and prices first and answers the step that
     * writes a refill order in the renewal's transaction: one product at its current catalogue price
     * (no consult fee: the prescription approves it), shipped to the source order's address by its
     * method, to its pharmacy, taxed for its state; every stage done; status `refill_pending` until
     * its charge. Answers null when the product is no longer sold.
     */
    async prepareRefillOrder(storefrontId: string): Promise<(tx: DbOrTx, input: { source: OrderRow; productId: string; qty: number }) => Promise<OrderAndItems | null>> {
      const data = await storeData(storefrontId);
      return async (tx, { source, productId, qty }) => {
        const product = data.catalog.findActive(productId);
        if (!product) return null;
        const at = now();
        const inserted = await repo.insertDraft(tx, {
          storefrontId: source.storefrontId,
          userId: source.userId,
          guestSessionId: null,
          status: 'refill_pending',
          requiredStages: product.stageMask,
          completedStages: product.stageMask,
          shipFullName: source.shipFullName,
          shipLine1: source.shipLine1,
          shipLine2: source.shipLine2,
          shipCity: source.shipCity,
          shipState: source.shipState,
          shipZip: source.shipZip,
          shipPhone: source.shipPhone,
          shippingState: source.shippingState,
          shippingMethodId: source.shippingMethodId,
          pharmacyId: source.pharmacyId,
          doctorId: source.doctorId,
          createdAt: at,
          updatedAt: at,
        });
        if (!inserted) throw new Error('refill order not written');
        const [item] = await repo.insertItems(tx, [
          {
            ...itemFromProduct(inserted.id, product, Math.min(Math.max(qty, product.qtyMin), product.qtyMax), at),
            consultFeeCents: 0,
            consultRequired: false,
            consultAttached: false,
            completedStages: product.stageMask,
          },
        ]);
        return reprice(tx, data, inserted, [item!]);
      };
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
