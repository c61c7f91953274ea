// Order and order-item queries (private to the orders module). Every read of a patient's order goes
// through its owner: a guest session or a user, and the storefront (DATA-MODEL.md).
import { Stage } from '@store/domain';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import type { Owner as OrderOwner } from '../../plugins/identity.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** Who owns an order. */
export type { OrderOwner };

function ownedBy(owner: OrderOwner): SQL {
  return owner.kind === 'user'
    ? eq(orders.userId, owner.userId)
    : and(eq(orders.guestSessionId, owner.guestSessionId), isNull(orders.userId))!;
}

/**
 * The order's items as one JSON column of the order's row, so an order and its items are read in
 * one statement (the checkout reads them several times a request; each statement costs a round
 * trip). Keys are the row's property names; the one timestamp is revived in `itemsFromJson`.
 */
const itemsJson = sql<ItemJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', i.id, 'orderId', i.order_id, 'productId', i.product_id, 'qty', i.qty, 'title', i.title,
    'unitPriceCents', i.unit_price_cents, 'consultFeeCents', i.consult_fee_cents,
    'consultRequired', i.consult_required, 'consultAttached', i.consult_attached,
    'visitType', i.visit_type, 'requiredStages', i.required_stages,
    'completedStages', i.completed_stages, 'createdAt', i.created_at
  ) order by i.created_at, i.id)
  from ${orderItems} i where i.order_id = "orders"."id"
), '[]'::json)`; // "orders"."id" spelled out: drizzle writes a lone ${orders.id} as "id" here.
type ItemJson = Omit<OrderItemRow, 'createdAt'> & { createdAt: string };

function itemsFromJson(items: ItemJson[] | string): OrderItemRow[] {
  // node-postgres parses json; PGlite may hand back the text.
  const list = typeof items === 'string' ? (JSON.parse(items) as ItemJson[]) : items;
  return list.map((i) => ({ ...i, createdAt: new Date(i.createdAt) }));
}

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

async function withItems(
  db: DbOrTx,
  where: SQL | undefined,
  opts: { forUpdate?: boolean },
): Promise<OrderWithItems | undefined> {
  if (opts.forUpdate) {
    // Lock first, then read the items: a statement that waited for the lock re-reads the order
    // row but would still see the items as they were when it started (its snapshot), missing what
    // the transaction it waited for wrote.
    const [order] = await db.select().from(orders).where(where).limit(1).for('update');
    if (!order) return undefined;
    return { order, items: await ordersRepo.itemsOf(db, order.id) };
  }
  const [row] = await db
    .select({ ...getTableColumns(orders), items: itemsJson })
    .from(orders)
    .where(where)
    .limit(1);
  if (!row) return undefined;
  const { items, ...order } = row;
  return { order, items: itemsFromJson(items) };
}

/** The orders a doctor may see in the review queue (see `ordersRepo.reviewQueue`). */
export interface ReviewScope {
  storefrontIds: readonly string[];
  states: readonly string[];
  /** Orders waiting for the patient's answer to this doctor's question. */
  alsoIds: readonly string[];
}

export interface ReviewCountRow {
  storefrontId: string;
  state: string;
  status: OrderRow['status'];
  n: number;
}

function reviewScope(where: ReviewScope): SQL | undefined {
  if (where.storefrontIds.length === 0 || where.states.length === 0) return undefined;
  return and(
    inArray(orders.storefrontId, [...where.storefrontIds]),
    sql`coalesce(${orders.shippingState}, ${orders.shipState}) in ${[...where.states]}`,
    where.alsoIds.length > 0
      ? or(eq(orders.status, 'awaiting_review'), and(eq(orders.status, 'needs_info'), inArray(orders.id, [...where.alsoIds])))
      : eq(orders.status, 'awaiting_review'),
  );
}

export const ordersRepo = {
  /** The owner's order and its items (oldest first), in one statement. */
  findOwnedWithItems(
    db: DbOrTx,
    where: { id: string; storefrontId: string; owner: OrderOwner },
    opts: { forUpdate?: boolean } = {},
  ): Promise<OrderWithItems | undefined> {
    return withItems(db, and(eq(orders.id, where.id), eq(orders.storefrontId, where.storefrontId), ownedBy(where.owner)), opts);
  },

  /** An order and its items (oldest first), in one statement. */
  findByIdWithItems(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<OrderWithItems | undefined> {
    return withItems(db, eq(orders.id, id), opts);
  },

  async findOwned(
    db: DbOrTx,
    where: { id: string; storefrontId: string; owner: OrderOwner },
    opts: { forUpdate?: boolean } = {},
  ): Promise<OrderRow | undefined> {
    const query = db
      .select()
      .from(orders)
      .where(and(eq(orders.id, where.id), eq(orders.storefrontId, where.storefrontId), ownedBy(where.owner)))
      .limit(1);
    const [row] = opts.forUpdate ? await query.for('update') : await query;
    return row;
  },

  async findDraft(
    db: DbOrTx,
    where: { storefrontId: string; owner: OrderOwner },
    opts: { forUpdate?: boolean } = {},
  ): Promise<OrderRow | undefined> {
    const query = db
      .select()
      .from(orders)
      .where(and(eq(orders.storefrontId, where.storefrontId), eq(orders.status, 'draft'), ownedBy(where.owner)))
      .limit(1);
    const [row] = opts.forUpdate ? await query.for('update') : await query;
    return row;
  },

  async findById(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<OrderRow | undefined> {
    const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
    const [row] = opts.forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** Inserts a draft; undefined when the owner already has one (the partial unique index). */
  async insertDraft(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow | undefined> {
    const [row] = await db.insert(orders).values(values).onConflictDoNothing().returning();
    return row;
  },

  async update(db: DbOrTx, id: string, patch: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
    const [row] = await db.update(orders).set(patch).where(eq(orders.id, id)).returning();
    return row!;
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(orders).where(eq(orders.id, id));
  },

  itemsOf(db: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
    return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  },

  async insertItems(db: DbOrTx, values: (typeof orderItems.$inferInsert)[]): Promise<OrderItemRow[]> {
    if (values.length === 0) return [];
    return db.insert(orderItems).values(values).returning();
  },

  async updateItemQty(db: DbOrTx, itemId: string, qty: number): Promise<void> {
    await db.update(orderItems).set({ qty }).where(eq(orderItems.id, itemId));
  },

  async deleteItems(db: DbOrTx, itemIds: string[]): Promise<void> {
    if (itemIds.length > 0) await db.delete(orderItems).where(inArray(orderItems.id, itemIds));
  },

  // ---- For the checkout engine (issue 8) ----

  /** The owner's newest order in one of these statuses. */
  async findLatestOwned(
    db: DbOrTx,
    where: { storefrontId: string; owner: OrderOwner; statuses: OrderRow['status'][] },
  ): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storefrontId, where.storefrontId), inArray(orders.status, where.statuses), ownedBy(where.owner)))
      .orderBy(desc(orders.updatedAt))
      .limit(1);
    return row;
  },

  /**
   * The doctors' review queue (issue 15), in SQL so it stays fast at any size: orders awaiting
   * review of these storefronts whose patient is in one of `states` (the shipping state, else the
   * shipping address's), plus the orders in `alsoIds` (waiting for the patient's answer to this
   * doctor) — those last; otherwise longest waiting first (the status was the order's last change),
   * with their items.
   */
  async reviewQueue(
    db: DbOrTx,
    where: ReviewScope & { storefrontId?: string | undefined; state?: string | undefined; productId?: string | undefined; status?: string | undefined },
    page: { limit: number; offset: number },
  ): Promise<OrderWithItems[]> {
    const scope = reviewScope(where);
    if (!scope) return [];
    const rows = await db
      .select({ ...getTableColumns(orders), items: itemsJson })
      .from(orders)
      .where(
        and(
          scope,
          where.storefrontId ? eq(orders.storefrontId, where.storefrontId) : undefined,
          where.state ? sql`coalesce(${orders.shippingState}, ${orders.shipState}) = ${where.state}` : undefined,
          where.status ? eq(orders.status, where.status as OrderRow['status']) : undefined,
          where.productId ? sql`exists (select 1 from ${orderItems} i where i.order_id = "orders"."id" and i.product_id = ${where.productId})` : undefined,
        ),
      )
      .orderBy(sql`${orders.status} = 'needs_info'`, asc(orders.updatedAt), asc(orders.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map(({ items, ...order }) => ({ order, items: itemsFromJson(items) }));
  },

  /**
   * How many orders of the queue's scope there are by storefront, state and status, and again by
   * product too (an order with two products counts once for each), so every filter's count and
   * any filter's total come from one read.
   */
  async reviewCounts(db: DbOrTx, where: ReviewScope): Promise<{ orders: ReviewCountRow[]; products: (ReviewCountRow & { productId: string; title: string })[] }> {
    const scope = reviewScope(where);
    if (!scope) return { orders: [], products: [] };
    const state = sql<string>`coalesce(${orders.shippingState}, ${orders.shipState})`;
    const count = sql<number>`count(*)::int`;
    const [byOrder, byProduct] = await Promise.all([
      db.select({ storefrontId: orders.storefrontId, state, status: orders.status, n: count }).from(orders).where(scope).groupBy(orders.storefrontId, state, orders.status),
      db
        .select({ storefrontId: orders.storefrontId, state, status: orders.status, productId: orderItems.productId, title: sql<string>`min(${orderItems.title})`, n: count })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(scope)
        .groupBy(orders.storefrontId, state, orders.status, orderItems.productId),
    ]);
    return { orders: byOrder, products: byProduct };
  },

  /**
   * The orders sent to a pharmacy (issue 15 fulfilment): those whose pharmacy it is, and — when it
   * is a storefront's partner — that storefront's paid orders with no pharmacy of their own that
   * ship something (a product needing no prescription ships from the partner). Oldest first by the
   * last change; `ids` narrows to or `notIds` leaves out given orders. Answers the page, the total,
   * and the count per status over every status asked for.
   */
  async pharmacyOrders(
    db: DbOrTx,
    where: { pharmacyId: string; partnerOf: string | null; statuses: readonly OrderRow['status'][]; ids?: readonly string[] | undefined; notIds?: readonly string[] | undefined },
    page: { limit: number; offset: number; statuses: readonly OrderRow['status'][] },
  ): Promise<{ orders: OrderWithItems[]; total: number; counts: Partial<Record<OrderRow['status'], number>> }> {
    if (where.statuses.length === 0 || (where.ids && where.ids.length === 0)) return { orders: [], total: 0, counts: {} };
    const sentHere = or(
      eq(orders.pharmacyId, where.pharmacyId),
      where.partnerOf
        ? and(
            eq(orders.storefrontId, where.partnerOf),
            isNull(orders.pharmacyId),
            eq(orders.status, 'paid'),
            sql`exists (select 1 from ${orderItems} i where i.order_id = "orders"."id" and (i.required_stages & ${Stage.Shipping}) <> 0)`,
          )
        : undefined,
    );
    const base = and(
      inArray(orders.status, [...where.statuses]),
      sentHere,
      where.ids ? inArray(orders.id, [...where.ids]) : undefined,
      where.notIds && where.notIds.length > 0 ? notInArray(orders.id, [...where.notIds]) : undefined,
    );
    const listed = and(base, page.statuses.length > 0 ? inArray(orders.status, [...page.statuses]) : sql`false`);
    const [rows, counted] = await Promise.all([
      db
        .select({ ...getTableColumns(orders), items: itemsJson })
        .from(orders)
        .where(listed)
        .orderBy(asc(orders.updatedAt), asc(orders.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ status: orders.status, n: sql<number>`count(*)::int` }).from(orders).where(base).groupBy(orders.status),
    ]);
    const counts: Partial<Record<OrderRow['status'], number>> = {};
    for (const c of counted) counts[c.status] = c.n;
    return {
      orders: rows.map(({ items, ...order }) => ({ order, items: itemsFromJson(items) })),
      total: page.statuses.reduce((n, s) => n + (counts[s] ?? 0), 0),
      counts,
    };
  },

  /** A patient's orders past the cart (newest first, at most `limit`), with their items. */
  /** The storefront of each of these orders (ids not found are absent). */
  async storefrontsOf(db: DbOrTx, ids: readonly string[]): Promise<{ id: string; storefrontId: string }[]> {
    if (ids.length === 0) return [];
    return db.select({ id: orders.id, storefrontId: orders.storefrontId }).from(orders).where(inArray(orders.id, [...ids]));
  },

  async placedByUser(db: DbOrTx, userId: string, limit: number): Promise<OrderWithItems[]> {
    const rows = await db
      .select({ ...getTableColumns(orders), items: itemsJson })
      .from(orders)
      .where(and(eq(orders.userId, userId), sql`${orders.status} not in ('draft', 'awaiting_payment', 'disqualified')`))
      .orderBy(desc(orders.createdAt))
      .limit(limit);
    return rows.map(({ items, ...order }) => ({ order, items: itemsFromJson(items) }));
  },

  /**
   * A patient's orders on one storefront for My account (issue 17), newest first, a page at a time
   * with the total: `recent` the live ones (a cart with items, waiting for payment, and every
   * Pending status — approved and prescribed only when something ships), `previous` the completed
   * and terminal ones (delivered; approved or prescribed with nothing to ship; disqualified,
   * declined, cancelled, refunded). The labels are `patientStatusLabel`'s (SPEC §4).
   */
  async patientOrders(
    db: DbOrTx,
    where: { storefrontId: string; userId: string; scope: 'recent' | 'previous' },
    page: { limit: number; offset: number },
  ): Promise<{ orders: OrderWithItems[]; total: number }> {
    const ships = sql`exists (select 1 from ${orderItems} i where i.order_id = "orders"."id" and (i.required_stages & ${Stage.Shipping}) <> 0)`;
    const hasItems = sql`exists (select 1 from ${orderItems} i where i.order_id = "orders"."id")`;
    const decidedShipless = and(inArray(orders.status, ['approved', 'prescribed']), sql`not ${ships}`);
    const scope =
      where.scope === 'recent'
        ? or(
            and(eq(orders.status, 'draft'), hasItems),
            inArray(orders.status, ['awaiting_payment', 'paid', 'authorized', 'refill_pending', 'awaiting_review', 'visit_scheduled', 'needs_info', 'visit_missed', 'fulfilling', 'shipped']),
            and(inArray(orders.status, ['approved', 'prescribed']), ships),
          )
        : or(inArray(orders.status, ['delivered', 'disqualified', 'declined', 'cancelled', 'refunded']), decidedShipless);
    const condition = and(eq(orders.storefrontId, where.storefrontId), eq(orders.userId, where.userId), scope);
    const [rows, counted] = await Promise.all([
      db
        .select({ ...getTableColumns(orders), items: itemsJson })
        .from(orders)
        .where(condition)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(orders).where(condition),
    ]);
    return { orders: rows.map(({ items, ...order }) => ({ order, items: itemsFromJson(items) })), total: counted[0]?.n ?? 0 };
  },

  /**
   * The operator's order search (issue 18): orders of these storefronts (the company's), newest
   * first, by the id's beginning (the order number), owners, status and creation day range. Without
   * a status, carts (drafts) are left out. `limit` 0 counts only.
   */
  async adminSearch(
    db: DbOrTx,
    where: { storefrontIds: readonly string[]; idPrefix?: string | undefined; userIds?: readonly string[] | undefined; status?: OrderRow['status'] | undefined; from?: Date | undefined; before?: Date | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ orders: OrderWithItems[]; total: number }> {
    if (where.storefrontIds.length === 0 || (where.userIds && where.userIds.length === 0)) return { orders: [], total: 0 };
    const conditions: (SQL | undefined)[] = [inArray(orders.storefrontId, [...where.storefrontIds])];
    if (where.idPrefix) conditions.push(sql`${orders.id}::text like ${`${where.idPrefix.toLowerCase().replace(/[%_\\]/g, '')}%`}`);
    if (where.userIds) conditions.push(inArray(orders.userId, [...where.userIds]));
    conditions.push(where.status ? eq(orders.status, where.status) : sql`${orders.status} <> 'draft'`);
    if (where.from) conditions.push(sql`${orders.createdAt} >= ${where.from.toISOString()}`);
    if (where.before) conditions.push(sql`${orders.createdAt} < ${where.before.toISOString()}`);
    const condition = and(...conditions);
    const [rows, counted] = await Promise.all([
      page.limit > 0
        ? db
            .select({ ...getTableColumns(orders), items: itemsJson })
            .from(orders)
            .where(condition)
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(page.limit)
            .offset(page.offset)
        : Promise.resolve([]),
      db.select({ n: sql<number>`count(*)::int` }).from(orders).where(condition),
    ]);
    return { orders: rows.map(({ items, ...order }) => ({ order, items: itemsFromJson(items) })), total: counted[0]?.n ?? 0 };
  },

  async orderIdOfItem(db: DbOrTx, itemId: string): Promise<string | undefined> {
    const [row] = await db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, itemId)).limit(1);
    return row?.orderId;
  },

  /** Moves an item to another order; its id, and so its consult, stays. */
  async moveItem(db: DbOrTx, itemId: string, orderId: string, createdAt: Date): Promise<void> {
    await db.update(orderItems).set({ orderId, createdAt }).where(eq(orderItems.id, itemId));
  },

  async updateItemStages(db: DbOrTx, itemId: string, completedStages: number): Promise<void> {
    await db.update(orderItems).set({ completedStages }).where(eq(orderItems.id, itemId));
  },
};
