// Queries for payments and saved cards; private to the payments module. Every card query filters
// by its owner, so a miss for someone else's card looks exactly like a card that does not exist.
import type { OrderStatus, PaymentStatus } from '@store/domain';
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { paymentMethods, paymentRefunds, payments, type GatewayName } from '../../db/schema/payments.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type CardRow = typeof paymentMethods.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type NewCardRow = typeof paymentMethods.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids from a URL: anything that is not a UUID is simply not found. */
export const isUuid = (id: string) => UUID.test(id);

export function createPaymentsRepo(db: DbOrTx) {
  return {
    async findByKey(idempotencyKey: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
      return row ?? null;
    },

    async findById(id: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },

    /** The order's one payment that is being made, held or charged. */
    async findLive(orderId: string): Promise<PaymentRow | null> {
      if (!isUuid(orderId)) return null;
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['pending', 'authorized', 'captured'])));
      return row ?? null;
    },

    /** The order's most recent payment of any status (the live one first when there is one). */
    async findLatest(orderId: string): Promise<PaymentRow | null> {
      if (!isUuid(orderId)) return null;
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(
          sql`case when ${payments.status} in ('pending', 'authorized', 'captured') then 0 else 1 end`,
          desc(payments.createdAt),
        )
        .limit(1);
      return row ?? null;
    },

    async listForOrder(orderId: string): Promise<PaymentRow[]> {
      if (!isUuid(orderId)) return [];
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);
    },

    /**
     * Claims the key and the order's live slot at once. Null when either is taken: the idempotency
     * key is unique, and so is a live payment per order.
     */
    async insertPending(values: NewPaymentRow): Promise<PaymentRow | null> {
      const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Moves a payment on only from the states given; null when it had already moved. */
    async transition(
      id: string,
      from: readonly PaymentStatus[],
      patch: Partial<NewPaymentRow> & { status: PaymentStatus },
    ): Promise<PaymentRow | null> {
      const [row] = await db
        .update(payments)
        .set(patch)
        .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
        .returning();
      return row ?? null;
    },

    /**
     * Takes over a pending payment to ask the gateway again, only if nobody has since it was read
     * (its version is unchanged). Clears the unknown-answer mark while the question is out.
     */
    async claimPending(id: string, version: number, at: Date): Promise<PaymentRow | null> {
      const [row] = await db
        .update(payments)
        .set({ version: sql`${payments.version} + 1`, failureCode: null, failureReason: null, updatedAt: at })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending'), eq(payments.version, version)))
        .returning();
      return row ?? null;
    },

    /** Whether a payment other than `paymentId` charged (or tried) the card. */
    async cardUsedElsewhere(cardId: string, paymentId: string): Promise<boolean> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.paymentMethodId, cardId), ne(payments.id, paymentId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Pending payments last touched before `before`, oldest first. */
    async pendingBefore(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.status, 'pending'), lt(payments.updatedAt, before)))
        .orderBy(payments.updatedAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Payments holding or having taken money whose order is in one of `orderStatuses`, at most
     * `limit` (reconciliation's sweep). One join, so the order status filters before the limit,
     * whatever the payment's age: the orders table is read here as named debt in the lint config.
     */
    async liveBehindOrdersIn(orderStatuses: readonly string[], limit: number): Promise<{ id: string; orderId: string; orderStatus: string }[]> {
      return db
        .select({ id: payments.id, orderId: payments.orderId, orderStatus: orders.status })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(inArray(payments.status, ['authorized', 'captured']), inArray(orders.status, [...orderStatuses] as OrderStatus[])))
        .limit(limit);
    },

    /**
     * issue 15: orders in these statuses whose hold was recorded as lapsed (voided, authorization_expired,
     * e.g. by an approval refused after it lapsed) and which hold no live payment.
     */
    async lapsedBehindOrdersIn(orderStatuses: readonly string[], limit: number): Promise<{ orderId: string; storefrontId: string }[]> {
      return db
        .selectDistinct({ orderId: payments.orderId, storefrontId: orders.storefrontId })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(payments.status, 'voided'),
            eq(payments.failureCode, 'authorization_expired'),
            inArray(orders.status, [...orderStatuses] as OrderStatus[]),
            sql`not exists (select 1 from ${payments} as live where live.order_id = ${orders.id} and live.status in ('pending', 'authorized', 'captured'))`,
          ),
        )
        .limit(limit);
    },

    /** The live (authorized or captured) payments of these orders: when each was held and when its hold lapses. */
    async liveHolds(orderIds: readonly string[]): Promise<{ orderId: string; status: PaymentStatus; authorizedAt: Date | null; holdExpiresAt: Date | null }[]> {
      const ids = orderIds.filter(isUuid);
      if (ids.length === 0) return [];
      return db
        .select({ orderId: payments.orderId, status: payments.status, authorizedAt: payments.authorizedAt, holdExpiresAt: payments.holdExpiresAt })
        .from(payments)
        .where(and(inArray(payments.orderId, ids), inArray(payments.status, ['authorized', 'captured'])));
    },

    /** Authorized (held, not captured) payments whose hold lapses before `before`, soonest first. */
    async holdsLapsingBefore(before: Date, limit: number): Promise<{ id: string; orderId: string; holdExpiresAt: Date }[]> {
      const rows = await db
        .select({ id: payments.id, orderId: payments.orderId, holdExpiresAt: payments.holdExpiresAt })
        .from(payments)
        .where(and(eq(payments.status, 'authorized'), lt(payments.holdExpiresAt, before)))
        .orderBy(payments.holdExpiresAt)
        .limit(limit);
      return rows.map((r) => ({ id: r.id, orderId: r.orderId, holdExpiresAt: r.holdExpiresAt! }));
    },

    /** Whether the order has a payment pending, authorized or captured. */
    async hasLive(orderId: string): Promise<boolean> {
      const [live] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['pending', 'authorized', 'captured'])))
        .limit(1);
      return live !== undefined;
    },

    async createdAt(id: string): Promise<Date | undefined> {
      const [row] = await db.select({ createdAt: payments.createdAt }).from(payments).where(eq(payments.id, id));
      return row?.createdAt;
    },

    async update(id: string, patch: Partial<NewPaymentRow>): Promise<void> {
      await db.update(payments).set(patch).where(eq(payments.id, id));
    },

    // ---- refunds (issue 18) --------------------------------------------------------------------

    /** The order's captured (or fully refunded) payment, its row locked: refunds of one payment run one at a time. */
    async lockRefundable(orderId: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['captured', 'refunded'])))
        .orderBy(desc(payments.createdAt))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    async lockPayment(id: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
      return row ?? null;
    },

    /** Cents asked of the gateway and not answered yet, for one payment. */
    async pendingRefundCents(paymentId: string): Promise<number> {
      const [row] = await db
        .select({ cents: sql<string>`coalesce(sum(${paymentRefunds.amountCents}), 0)` })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'pending')));
      return Number(row?.cents ?? 0);
    },

    /** Writes a pending refund; null when its key is taken (a repeat). */
    async insertRefund(values: typeof paymentRefunds.$inferInsert): Promise<RefundRow | null> {
      const [row] = await db.insert(paymentRefunds).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async findRefundByKey(key: string): Promise<RefundRow | null> {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      return row ?? null;
    },

    async findRefund(id: string, opts: { forUpdate?: boolean } = {}): Promise<RefundRow | null> {
      const query = db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
      const [row] = opts.forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /** Moves a pending refund on; null when it had already been answered. */
    async settleRefund(id: string, patch: Partial<typeof paymentRefunds.$inferInsert> & { status: 'succeeded' | 'failed' }): Promise<RefundRow | null> {
      const [row] = await db
        .update(paymentRefunds)
        .set(patch)
        .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** The gateway could not say what it did: a repeat re-asks at once. */
    async markRefundUnknown(id: string): Promise<void> {
      await db.update(paymentRefunds).set({ failureReason: 'gateway_unavailable' }).where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')));
    },

    async updateReturning(id: string, patch: Partial<NewPaymentRow>): Promise<PaymentRow | null> {
      const [row] = await db.update(payments).set(patch).where(eq(payments.id, id)).returning();
      return row ?? null;
    },

    /** Refunds still pending since before `before`, oldest first (reconciliation). */
    async pendingRefundsBefore(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: paymentRefunds.id })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.status, 'pending'), lt(paymentRefunds.createdAt, before)))
        .orderBy(paymentRefunds.createdAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async refundsOfOrder(orderId: string): Promise<RefundRow[]> {
      if (!isUuid(orderId)) return [];
      return db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(paymentRefunds.createdAt);
    },

    /** Refunded cents by order (the admin order list). */
    async refundedCentsOf(orderIds: readonly string[]): Promise<{ orderId: string; cents: number }[]> {
      const ids = orderIds.filter(isUuid);
      if (ids.length === 0) return [];
      const rows = await db
        .select({ orderId: payments.orderId, cents: sql<string>`sum(${payments.refundedCents})` })
        .from(payments)
        .where(inArray(payments.orderId, ids))
        .groupBy(payments.orderId);
      return rows.map((r) => ({ orderId: r.orderId, cents: Number(r.cents) }));
    },

    // Saved cards

    listCards(userId: string, gateway: GatewayName): Promise<CardRow[]> {
      return db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.gateway, gateway)))
        .orderBy(desc(paymentMethods.isCurrent), desc(paymentMethods.createdAt), desc(paymentMethods.id));
    },

    async findCard(userId: string, id: string, gateway: GatewayName): Promise<CardRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), eq(paymentMethods.gateway, gateway)));
      return row ?? null;
    },

    async findCardByGatewayId(gateway: GatewayName, gatewayPaymentMethodId: string): Promise<CardRow | null> {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(
          and(eq(paymentMethods.gateway, gateway), eq(paymentMethods.gatewayPaymentMethodId, gatewayPaymentMethodId)),
        );
      return row ?? null;
    },

    /** The gateway customer the patient's cards are kept under, when they have one. */
    async findCustomerId(userId: string, gateway: GatewayName): Promise<string | null> {
      const [row] = await db
        .select({ customerId: paymentMethods.gatewayCustomerId })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.gateway, gateway)))
        .orderBy(paymentMethods.createdAt)
        .limit(1);
      return row?.customerId ?? null;
    },

    async insertCard(values: NewCardRow): Promise<CardRow | null> {
      const [row] = await db.insert(paymentMethods).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async updateCard(userId: string, id: string, patch: Partial<NewCardRow>): Promise<CardRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .update(paymentMethods)
        .set(patch)
        .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
        .returning();
      return row ?? null;
    },

    async deleteCard(userId: string, id: string): Promise<CardRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .delete(paymentMethods)
        .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
        .returning();
      return row ?? null;
    },

    async clearCurrent(userId: string, gateway: GatewayName): Promise<void> {
      await db
        .update(paymentMethods)
        .set({ isCurrent: false })
        .where(
          and(eq(paymentMethods.userId, userId), eq(paymentMethods.gateway, gateway), eq(paymentMethods.isCurrent, true)),
        );
    },

    /** Makes the card current when the patient has no current card of this gateway. */
    async makeCurrentIfNone(userId: string, id: string, gateway: GatewayName, at: Date): Promise<void> {
      await db.execute(sql`
        update ${paymentMethods} set is_current = true, updated_at = ${at.toISOString()}
        where ${paymentMethods.id} = ${id}
          and not exists (
            select 1 from ${paymentMethods} p
            where p.user_id = ${userId} and p.gateway = ${gateway} and p.is_current
          )`);
    },
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
