// The cart: an order in 'draft', owned by a guest session or a signed-in patient, with items whose
// prices are snapshots. Every change runs in one transaction that locks the order, checks the
// store's rules (quantity range, one consult product per order, shipping state) and re-prices it
// on the server with the domain's pricing rules; a client never sends a price.
import {
  firstPendingRoute,
  hasStage,
  withoutStage,
  lineSubtotal,
  MESSAGES,
  needsPatientState,
  orderStateProblem,
  priceOrder,
  Stage,
  type OrderStatus,
  type OrderStateProblem,
  type StateRuleItem,
  type PricedItem,
  type StorefrontConfig,
  type VisitType,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound, problem, type FieldProblem } from '../../lib/problem.ts';
import {
  isUuid,
  PLACEHOLDER_THUMBNAIL,
  type CatalogService,
  type CatalogSnapshot,
  type Product,
} from '../catalog/catalog.service.ts';
import type { LandingService } from '../landing/landing.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import { toOrderCoupon } from '../promotions/promotions.rules.ts';
import { shippingCostFor, type ShippingService, type ShippingSnapshot } from '../shipping/shipping.service.ts';
import type { StorefrontService } from '../storefronts/storefronts.service.ts';
import { CART_MESSAGES } from './cart.messages.ts';
import { cartRepo as repo, type CartOwner, type OrderItemRow, type OrderRow } from './cart.repo.ts';
import { orderStages, orderVisitType, toOrderView, type ItemProductInfo, type OrderView } from './order-view.ts';

export type { CartOwner, OrderView, OrderRow, OrderItemRow };

/** An order as the checkout engine sees it: rows and stage masks (see `orderStages`). */
export interface CheckoutState {
  order: OrderRow;
  items: OrderItemRow[];
  /** The union of the items' masks. */
  required: number;
  /** Order-level completed stages plus those every item needing them has completed, within `required`. */
  completed: number;
  visitType: VisitType | null;
}

export interface ItemInput {
  productId: string;
  /** Omitted: the product's default quantity (flexible quantity) or its minimum. 0 removes (patch). */
  qty?: number | undefined;
}

interface Deps {
  db: Db;
  now: () => Date;
  catalog: CatalogService;
  shipping: ShippingService;
  promotions: PromotionsService;
  landing: LandingService;
  storefronts: Pick<StorefrontService, 'getById'>;
  /**
   * Editing an order that waits for payment reopens it (issue 7): the checkout engine moves it back
   * to draft inside the cart's transaction, or refuses (409) while a payment for it is under way.
   */
  reopenForEdit?: (tx: DbOrTx, orderId: string) => Promise<void>;
  hooks?: CartHooks;
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

/** Called by the cart inside its transaction (the order locked) — no reads outside `tx`. */
export interface CartHooks {
  /**
   * After the order's shipping address or method changed and was re-priced (issue 5): the
   * shipping wiring completes the Shipping stage once address and method are both set.
   */
  onShippingSaved?: (
    tx: DbOrTx,
    input: { storefront: StorefrontConfig; order: OrderRow; items: OrderItemRow[] },
  ) => Promise<OrderAndItems | void>;
}

/** An order as a transaction holding its lock last wrote it, with its items. */
export interface OrderAndItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** What a cart change answers: the order and items as they now stand, and the order columns still to write (written with the re-priced totals, in one statement). */
interface CartChange extends OrderAndItems {
  pending?: Partial<OrderRow>;
}

/** An order's rows as the checkout engine sees them, with its stage masks. */
function checkoutStateOf(order: OrderRow, items: OrderItemRow[]): CheckoutState {
  const { required, completed } = orderStages(order.completedStages, items);
  return { order, items, required, completed, visitType: order.visitType ?? orderVisitType(items) };
}

/** A change to the order's own columns, written with the re-priced totals. */
const changeOf = (order: OrderRow, items: OrderItemRow[], patch: Partial<OrderRow>): CartChange => ({
  order: { ...order, ...patch },
  items,
  pending: patch,
});

/** Runs after a change, inside its transaction; answers the order as it then stands, or nothing when it wrote nothing. */
type AfterChange = (tx: DbOrTx, current: OrderAndItems) => Promise<OrderAndItems | void>;

const ORDER_NOT_EDITABLE = () => new AppError(409, 'ORDER_NOT_EDITABLE', CART_MESSAGES.ORDER_NOT_EDITABLE);

function fieldProblems(errors: FieldProblem[], codes: string[]): AppError {
  if (errors.length === 1) return new AppError(400, codes[0]!, errors[0]!.message, { errors });
  return new AppError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, { errors });
}

/** A state refused for the order (issue 13 #13), shown beside `field`. */
const stateRefusal = (found: OrderStateProblem, field: string) =>
  new AppError(422, found.code, found.message, { errors: [{ field, message: found.message }] });

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

/** Catalog and shipping of one storefront, read before a transaction starts (see CatalogService.snapshot). */
interface StoreData {
  catalog: CatalogSnapshot;
  shipping: ShippingSnapshot;
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
  const { db, now, catalog, shipping, promotions, landing } = deps;

  /** Items as the order-state rules see them: each with the states its product is sold in. */
  function stateItems(data: StoreData, items: readonly Pick<OrderItemRow, 'productId' | 'title' | 'requiredStages'>[]): StateRuleItem[] {
    return items.map((i) => ({ title: i.title, requiredStages: i.requiredStages, availableIn: data.catalog.findAny(i.productId)?.shipsTo ?? [] }));
  }

  /**
   * The order's state against its items (issue 13 #13): every product must be sold in `state` —
   * where it ships, or where the patient is for one that ships nothing (a lab panel) — else 422 and
   * nothing changes (SHIPPING_STATE_UNAVAILABLE for a product that ships, STATE_UNAVAILABLE naming
   * the states otherwise). No state: 422 STATE_REQUIRED only where nothing ships and tax or an
   * item's availability depends on it.
   */
  function assertOrderState(data: StoreData, items: readonly OrderItemRow[], state: string | null, field: string) {
    const found = orderStateProblem(state, stateItems(data, items), { taxesByState: data.shipping.taxesByState() });
    if (found) throw stateRefusal(found, field);
  }

  function shippingSaved(storefront: StorefrontConfig) {
    const hook = deps.hooks?.onShippingSaved;
    return hook ? (tx: DbOrTx, current: OrderAndItems) => hook(tx, { storefront, ...current }) : undefined;
  }

  async function storeData(storefrontId: string): Promise<StoreData> {
    const [c, s] = await Promise.all([catalog.snapshot(storefrontId), shipping.snapshot(storefrontId)]);
    return { catalog: c, shipping: s };
  }

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
    let methodId = order.shippingMethodId;
    let method = ships && methodId ? data.shipping.method(methodId) : undefined;
    if (ships && !method) {
      // Until the patient picks one, the storefront's first (cheapest) method prices the order.
      method = data.shipping.defaultMethod();
    }
    methodId = ships ? (method?.id ?? null) : order.shippingMethodId;

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

    const updated = await repo.update(tx, order.id, {
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
    });
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

    // Products must be sold in the order's state: where they ship, or where the patient is (issue 13 #13).
    if (order.shippingState) {
      for (const [index, change] of changes.entries()) {
        const product = desired.get(change.productId)?.product;
        if (!product) continue;
        const found = orderStateProblem(
          order.shippingState,
          [{ title: product.title, requiredStages: product.stageMask, availableIn: product.shipsTo }],
          { taxesByState: data.shipping.taxesByState() },
        );
        if (found) throw stateRefusal(found, field(index, 'productId'));
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
      updated = await repo.update(tx, order.id, { completedStages: order.completedStages & ~Stage.Consult });
    }
    return { order: updated, items: [...kept, ...added] };
  }

  /** Runs a change on one of the caller's draft orders, locked, then re-prices and answers the view. */
  async function mutate(
    storefront: StorefrontConfig,
    owner: CartOwner,
    orderId: string,
    change: (
      tx: DbOrTx,
      order: OrderRow,
      items: OrderItemRow[],
      data: StoreData,
    ) => Promise<CartChange | void>,
    after?: AfterChange,
  ): Promise<OrderView> {
    if (!isUuid(orderId)) throw notFound();
    const data = await storeData(storefront.id);
    const result = await db.transaction(async (tx) => {
      const order = await repo.findOwned(tx, { id: orderId, storefrontId: storefront.id, owner }, { forUpdate: true });
      if (!order) throw notFound();
      if (order.status === 'awaiting_payment' && deps.reopenForEdit) {
        await deps.reopenForEdit(tx, order.id);
        order.status = 'draft';
      }
      if (order.status !== 'draft') throw ORDER_NOT_EDITABLE();
      const items = await repo.itemsOf(tx, order.id);
      const changed = await change(tx, order, items, data);
      // A change answers the order and items as they now stand; otherwise they are read back.
      const priced = changed
        ? await reprice(tx, data, changed.order, changed.items, changed.pending)
        : await reprice(tx, data, (await repo.findById(tx, order.id))!);
      if (!after) return priced;
      // The hook may complete stages or set the pharmacy: it answers the order as it then stands,
      // or nothing when it changed nothing.
      return (await after(tx, priced)) ?? priced;
    });
    return view(storefront, data, result.order, result.items, owner.kind === 'user');
  }

  async function getOrCreateDraft(
    tx: DbOrTx,
    storefront: StorefrontConfig,
    owner: CartOwner,
    landingGuid: string | null,
  ): Promise<{ order: OrderRow; created: boolean }> {
    const existing = await repo.findDraft(tx, { storefrontId: storefront.id, owner }, { forUpdate: true });
    if (existing) {
      if (landingGuid && !existing.landingGuid) {
        return { order: await repo.update(tx, existing.id, { landingGuid }), created: false };
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

  async function adoptGuestCart(input: { guestSessionId: string; userId: string; storefrontId: string }): Promise<{ orderId: string | null; guestHadItems: boolean }> {
    const guestOwner: CartOwner = { kind: 'guest', guestSessionId: input.guestSessionId };
    const userOwner: CartOwner = { kind: 'user', userId: input.userId };
    const storefront = await deps.storefronts.getById(input.storefrontId);
    const data = await storeData(input.storefrontId);
    return db.transaction(async (tx) => {
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
    });
  }

  return {
    /** GET /api/cart: the caller's open cart, or null. */
    async currentCart(storefront: StorefrontConfig, owner: CartOwner): Promise<OrderView | null> {
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
      owner: CartOwner,
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

    /** GET /api/orders/:id: one of the caller's orders (any status); another's is a 404. */
    async getOrder(storefront: StorefrontConfig, owner: CartOwner, orderId: string): Promise<OrderView> {
      if (!isUuid(orderId)) throw notFound();
      const found = await repo.findOwnedWithItems(db, { id: orderId, storefrontId: storefront.id, owner });
      if (!found) throw notFound();
      const data = await storeData(storefront.id);
      return view(storefront, data, found.order, found.items, owner.kind === 'user');
    },

    /** PUT /api/orders/:id/items: the order's items become exactly these. */
    replaceItems(storefront: StorefrontConfig, owner: CartOwner, orderId: string, items: readonly ItemInput[]) {
      return mutate(storefront, owner, orderId, (tx, order, current, data) =>
        applyItems(tx, order, current, resolveItems(storefront, data, order, current, items, 'replace')),
      );
    },

    /** PATCH /api/orders/:id/items: add or change the listed items; qty 0 removes one. */
    patchItems(storefront: StorefrontConfig, owner: CartOwner, orderId: string, items: readonly ItemInput[]) {
      return mutate(storefront, owner, orderId, (tx, order, current, data) =>
        applyItems(tx, order, current, resolveItems(storefront, data, order, current, items, 'patch')),
      );
    },

    /** DELETE /api/orders/:id/items/:productId. */
    removeItem(storefront: StorefrontConfig, owner: CartOwner, orderId: string, productId: string) {
      return mutate(storefront, owner, orderId, async (tx, order, current) => {
        const item = current.find((i) => i.productId === productId);
        if (!item) throw notFound();
        await repo.deleteItems(tx, [item.id]);
        return { order, items: current.filter((i) => i !== item) };
      });
    },

    /** PATCH /api/orders/:id/shipping: the state it ships to and the method (the address comes later). */
    setShipping(
      storefront: StorefrontConfig,
      owner: CartOwner,
      orderId: string,
      input: { state?: string | null | undefined; methodId?: string | null | undefined },
    ) {
      return mutate(storefront, owner, orderId, async (tx, order, items, data) => {
        const patch: Partial<OrderRow> = { updatedAt: now() };
        if (input.state !== undefined) {
          // The state it ships to, or where the patient is when nothing ships (issue 13 #13).
          if (input.state !== null) assertOrderState(data, items, input.state, 'state');
          patch.shippingState = input.state;
        }
        if (input.methodId !== undefined) {
          if (input.methodId !== null && !(isUuid(input.methodId) && data.shipping.method(input.methodId))) {
            throw new AppError(400, 'SHIPPING_METHOD_UNAVAILABLE', CART_MESSAGES.SHIPPING_METHOD_UNAVAILABLE, {
              errors: [{ field: 'methodId', message: CART_MESSAGES.SHIPPING_METHOD_UNAVAILABLE }],
            });
          }
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
      }, shippingSaved(storefront));
    },

    /**
     * PUT /api/orders/:id/shipping-address (issue 5): copies the address onto the order (a snapshot)
     * and ships to its state. A product in the order that cannot ship there: 422
     * SHIPPING_STATE_UNAVAILABLE and nothing changes. `after` runs inside the transaction.
     */
    setShippingAddress(
      storefront: StorefrontConfig,
      owner: CartOwner,
      orderId: string,
      address: OrderShippingAddress,
      opts: { methodId?: string | undefined } = {},
    ) {
      return mutate(
        storefront,
        owner,
        orderId,
        async (tx, order, items, data) => {
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
            if (!(isUuid(opts.methodId) && data.shipping.method(opts.methodId))) {
              throw new AppError(400, 'SHIPPING_METHOD_UNAVAILABLE', CART_MESSAGES.SHIPPING_METHOD_UNAVAILABLE, {
                errors: [{ field: 'methodId', message: CART_MESSAGES.SHIPPING_METHOD_UNAVAILABLE }],
              });
            }
            patch.shippingMethodId = opts.methodId;
          }
          return changeOf(order, items, patch);
        },
        shippingSaved(storefront),
      );
    },

    /**
     * PUT /api/orders/:id/pharmacy (issue 5): the pharmacy the prescription goes to (the caller
     * checked it is one the owner may use); `after` (the stage completion) runs in the transaction.
     */
    setPharmacy(
      storefront: StorefrontConfig,
      owner: CartOwner,
      orderId: string,
      pharmacyId: string,
      after?: AfterChange,
    ) {
      return mutate(
        storefront,
        owner,
        orderId,
        async (_tx, order, items) => changeOf(order, items, { pharmacyId, updatedAt: now() }),
        after,
      );
    },

    /** For the shipping wiring inside the cart's transaction: sets the order's pharmacy. */
    async writePharmacy(executor: DbOrTx, orderId: string, pharmacyId: string | null): Promise<void> {
      await repo.update(executor, orderId, { pharmacyId, updatedAt: now() });
    },

    /**
     * POST /api/orders/:id/promo-code. Unknown, inactive, not yet started, expired, used up (overall
     * or by this patient), below its minimum or for products not in the order: PROMO_INVALID, and
     * the order is left as it was.
     */
    applyPromoCode(storefront: StorefrontConfig, owner: CartOwner, orderId: string, code: string) {
      return mutate(storefront, owner, orderId, async (tx, order, items) => {
        const coupon = await promotions.findByCode(storefront.id, code, tx);
        const failure = await promotions.failureFor(coupon, { now: now(), lines: linesOf(items), patient: patientOf(order), orderId: order.id }, tx);
        if (failure || !coupon) throw problem(422, 'PROMO_INVALID', [{ field: 'promoCode', message: MESSAGES.PROMO_INVALID }]);
        return changeOf(order, items, { couponId: coupon.id, couponCode: coupon.code });
      });
    },

    /**
     * PUT /api/orders/:id/donation (issue 7, flags.enableDonationsSummaryPage): the donation the
     * patient adds on the summary, in cents (0 removes it); re-prices so the total includes it.
     * A storefront without donations: 409 DONATIONS_OFF, nothing changed.
     */
    setDonation(storefront: StorefrontConfig, owner: CartOwner, orderId: string, donationCents: number) {
      if (!storefront.flags.enableDonationsSummaryPage) throw new AppError(409, 'DONATIONS_OFF', 'This store does not take donations.');
      return mutate(storefront, owner, orderId, async (_tx, order, items) => changeOf(order, items, { donationCents }));
    },

    /** DELETE /api/orders/:id/promo-code. */
    removePromoCode(storefront: StorefrontConfig, owner: CartOwner, orderId: string) {
      return mutate(storefront, owner, orderId, async (_tx, order, items) => changeOf(order, items, { couponId: null, couponCode: null }));
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
      owner: CartOwner,
      input: { product: string; qty?: number | undefined; landingGuid?: string | null | undefined },
    ): Promise<{ orderId: string; route: string; order: OrderView }> {
      const data = await storeData(storefront.id);
      const product = data.catalog.findActive(input.product);
      if (!product) throw notFound();
      const landingGuid = await knownLandingGuid(storefront.id, input.landingGuid);
      const result = await db.transaction(async (tx) => {
        let { order } = await getOrCreateDraft(tx, storefront, owner, landingGuid);
        const current = await repo.itemsOf(tx, order.id);
        if (order.shippingState && !product.shipsTo.includes(order.shippingState)) {
          order = await repo.update(tx, order.id, { shippingState: null });
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
     * For sign-in (accounts): moves the guest's open cart to the patient. When the patient already
     * has an open cart, the guest's items are merged into it (one line per product, the larger
     * quantity kept, clamped to the product's range) and the guest's cart is deleted. When the
     * merge would put two consult products in one order (and the storefront forbids it), the
     * guest's, the most recent choice, wins. The guest's promo code carries over when the patient's
     * cart has none and it still applies. Returns the patient's open cart id, or null.
     */
    async adoptGuestOrder(input: { guestSessionId: string; userId: string; storefrontId: string }): Promise<string | null> {
      return (await adoptGuestCart(input)).orderId;
    },

    /** `adoptGuestOrder`, also telling whether the guest's cart had items (sign-in then carries on to the checkout). */
    adoptGuestCart,

    /**
     * For pay now (issue 13 #2): claims a use of the order's promo code in `tx`, the transaction that
     * claims the order's payment, before the card is charged. A code that is no longer valid for
     * the order (used up overall or by this patient, expired, paused) throws PROMO_INVALID and the
     * payment is not made; the order keeps its code until the patient removes it. No code: nothing.
     */
    async claimRedemption(tx: DbOrTx, orderId: string): Promise<void> {
      const found = await repo.findByIdWithItems(tx, orderId);
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

    // ---- For the checkout engine (issue 8): it checks the stage rules, the status transitions and
    // writes the audit event; these only read and write the masks and status, inside its transaction.

    /**
     * An order with its items and stage masks. With `storefrontId` and `owner`, only the owner's
     * order in that storefront (another's is null); `forUpdate` locks the order row.
     */
    async checkoutState(
      executor: DbOrTx,
      where: { orderId: string; storefrontId?: string; owner?: CartOwner },
      opts: { forUpdate?: boolean } = {},
    ): Promise<CheckoutState | null> {
      if (!isUuid(where.orderId)) return null;
      const found =
        where.owner && where.storefrontId
          ? await repo.findOwnedWithItems(executor, { id: where.orderId, storefrontId: where.storefrontId, owner: where.owner }, opts)
          : await repo.findByIdWithItems(executor, where.orderId, opts);
      if (!found || (where.storefrontId !== undefined && found.order.storefrontId !== where.storefrontId)) return null;
      return checkoutStateOf(found.order, found.items);
    },

    /**
     * For pay (issue 13 #13), before anything is charged: reads the storefront's catalogue and tax
     * rates (call it before opening the transaction) and answers the check to run on the order as
     * the transaction holds it locked — its state missing where nothing ships and tax or an item's
     * availability needs it (422 STATE_REQUIRED), or one an item is not sold in (422
     * STATE_UNAVAILABLE naming the states, or SHIPPING_STATE_UNAVAILABLE).
     */
    async stateCheck(storefrontId: string): Promise<(state: Pick<CheckoutState, 'order' | 'items'>) => void> {
      const data = await storeData(storefrontId);
      return ({ order, items }) => assertOrderState(data, items, order.shippingState, 'state');
    },

    /** The checkout state of an order and items a caller already holds (locked, in its transaction): no read. */
    stateOf: checkoutStateOf,

    /** The order an order item belongs to, or null. */
    async orderIdOfItem(executor: DbOrTx, itemId: string): Promise<string | null> {
      if (!isUuid(itemId)) return null;
      return (await repo.orderIdOfItem(executor, itemId)) ?? null;
    },

    /** Writes completed masks (order-level and per item) and the status the checkout engine decided. */
    async writeCheckoutState(
      executor: DbOrTx,
      orderId: string,
      change: {
        completedStages?: number;
        status?: OrderStatus;
        items?: { id: string; completedStages: number }[];
        /** The visit's doctor (scheduling); null for "next available". */
        doctorId?: string | null;
      },
    ): Promise<OrderRow> {
      for (const item of change.items ?? []) await repo.updateItemStages(executor, item.id, item.completedStages);
      const patch: Partial<OrderRow> = { updatedAt: now() };
      if (change.completedStages !== undefined) patch.completedStages = change.completedStages;
      if (change.status !== undefined) patch.status = change.status;
      if (change.doctorId !== undefined) patch.doctorId = change.doctorId;
      return repo.update(executor, orderId, patch);
    },

    /**
     * The caller's newest order waiting for payment: the cart leaves 'draft' once every stage but
     * Payment is done, so GET /api/cart no longer finds it; the checkout still must.
     */
    async awaitingPayment(storefront: StorefrontConfig, owner: CartOwner): Promise<OrderView | null> {
      const order = await repo.findLatestOwned(db, { storefrontId: storefront.id, owner, statuses: ['awaiting_payment'] });
      if (!order) return null;
      const data = await storeData(storefront.id);
      return view(storefront, data, order, await repo.itemsOf(db, order.id), owner.kind === 'user');
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
