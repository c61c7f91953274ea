// Refill plans and their cycles (private to the refills module; issue 17).
import { and, asc, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refillCycles, refillPlans, type RefillCycleStatus, type RefillPlanStatus } from '../../db/schema/refills.ts';

export type PlanRow = typeof refillPlans.$inferSelect;
export type NewPlanRow = typeof refillPlans.$inferInsert;
export type CycleRow = typeof refillCycles.$inferSelect;

/** The plans the renewal job works: auto-refills and one-time refills ("refill now"). */
const RENEWING: RefillPlanStatus[] = ['active', 'once'];

export const refillsRepo = {
  async insertPlan(db: DbOrTx, row: NewPlanRow): Promise<PlanRow | undefined> {
    const [inserted] = await db.insert(refillPlans).values(row).onConflictDoNothing().returning();
    return inserted;
  },

  async planById(db: DbOrTx, id: string, opts: { patientId?: string; forUpdate?: boolean } = {}): Promise<PlanRow | undefined> {
    const where = opts.patientId ? and(eq(refillPlans.id, id), eq(refillPlans.patientId, opts.patientId)) : eq(refillPlans.id, id);
    const q = db.select().from(refillPlans).where(where);
    const [row] = opts.forUpdate ? await q.for('update') : await q;
    return row;
  },

  /** The patient's plans in these statuses on one storefront, next due first. */
  async plansOf(db: DbOrTx, patientId: string, storefrontId: string, statuses: RefillPlanStatus[]): Promise<PlanRow[]> {
    return db
      .select()
      .from(refillPlans)
      .where(and(eq(refillPlans.patientId, patientId), eq(refillPlans.storefrontId, storefrontId), inArray(refillPlans.status, statuses)))
      .orderBy(asc(refillPlans.nextDate));
  },

  /** The live (not ended) plan of each of these prescriptions. */
  async livePlansOf(db: DbOrTx, prescriptionIds: string[]): Promise<PlanRow[]> {
    if (prescriptionIds.length === 0) return [];
    return db.select().from(refillPlans).where(and(inArray(refillPlans.prescriptionId, prescriptionIds), ne(refillPlans.status, 'ended')));
  },

  async planOfRenewalOrder(db: DbOrTx, orderId: string): Promise<PlanRow | undefined> {
    const [row] = await db.select().from(refillPlans).where(eq(refillPlans.renewalOrderId, orderId)).limit(1);
    return row;
  },

  async updatePlan(db: DbOrTx, id: string, set: Partial<Omit<PlanRow, 'id' | 'createdAt'>>): Promise<PlanRow> {
    const [row] = await db.update(refillPlans).set(set).where(eq(refillPlans.id, id)).returning();
    return row!;
  },

  /**
   * Claims one plan whose next cycle is due (SKIP LOCKED: another worker's plan is passed over), in
   * the caller's transaction, which holds the plan's row until it commits. A plan whose due cycle
   * is in flight (claimed by a worker within `leaseBefore`) or waiting for a retry is not due.
   */
  async claimDuePlan(db: DbOrTx, at: Date, leaseBefore: Date): Promise<PlanRow | undefined> {
    const [row] = await db
      .select()
      .from(refillPlans)
      .where(
        and(
          inArray(refillPlans.status, RENEWING),
          lte(refillPlans.nextDate, at),
          sql`not exists (select 1 from ${refillCycles} c where c.plan_id = ${refillPlans.id} and c.cycle = ${refillPlans.nextCycle}
            and ((c.status = 'claimed' and c.updated_at > ${leaseBefore.toISOString()}::timestamptz)
              or (c.status = 'declined' and c.next_attempt_at > ${at.toISOString()}::timestamptz)
              or c.status in ('renewal', 'failed')))`,
        ),
      )
      .orderBy(asc(refillPlans.nextDate))
      .limit(1)
      .for('update', { skipLocked: true });
    return row;
  },

  /**
   * Plans due within `before` whose patient was not told of their next cycle yet: marked told (in
   * the caller's transaction) and answered, at most `limit`.
   */
  async markNoticesDue(db: DbOrTx, before: Date, limit: number): Promise<PlanRow[]> {
    const due = db
      .select({ id: refillPlans.id })
      .from(refillPlans)
      .where(
        and(
          eq(refillPlans.status, 'active'),
          lte(refillPlans.nextDate, before),
          or(isNull(refillPlans.noticeSentForCycle), lt(refillPlans.noticeSentForCycle, refillPlans.nextCycle)),
        ),
      )
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(refillPlans)
      .set({ noticeSentForCycle: sql`${refillPlans.nextCycle}` })
      .where(inArray(refillPlans.id, due))
      .returning();
  },

  /** Claims the cycle (insert … on conflict do nothing); the existing row when it was claimed before. */
  async claimCycle(db: DbOrTx, row: typeof refillCycles.$inferInsert): Promise<{ cycle: CycleRow; claimed: boolean }> {
    const [inserted] = await db.insert(refillCycles).values(row).onConflictDoNothing().returning();
    if (inserted) return { cycle: inserted, claimed: true };
    const [existing] = await db
      .select()
      .from(refillCycles)
      .where(and(eq(refillCycles.planId, row.planId), eq(refillCycles.cycle, row.cycle)))
      .for('update');
    return { cycle: existing!, claimed: false };
  },

  async cycleOf(db: DbOrTx, planId: string, cycle: number, forUpdate = false): Promise<CycleRow | undefined> {
    const q = db.select().from(refillCycles).where(and(eq(refillCycles.planId, planId), eq(refillCycles.cycle, cycle)));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  /** The cycle that created this refill order, if it is one. */
  async cycleOfOrder(db: DbOrTx, orderId: string): Promise<CycleRow | undefined> {
    const [row] = await db.select().from(refillCycles).where(eq(refillCycles.orderId, orderId)).limit(1);
    return row;
  },

  async cycleById(db: DbOrTx, id: string): Promise<CycleRow | undefined> {
    const [row] = await db.select().from(refillCycles).where(eq(refillCycles.id, id));
    return row;
  },

  async updateCycle(db: DbOrTx, id: string, set: Partial<Omit<CycleRow, 'id' | 'planId' | 'cycle' | 'createdAt'>>): Promise<CycleRow> {
    const [row] = await db.update(refillCycles).set(set).where(eq(refillCycles.id, id)).returning();
    return row!;
  },

  /** The latest cycle of each plan. */
  async latestCycles(db: DbOrTx, planIds: string[]): Promise<Map<string, CycleRow>> {
    if (planIds.length === 0) return new Map();
    const rows = await db.select().from(refillCycles).where(inArray(refillCycles.planId, planIds)).orderBy(desc(refillCycles.cycle));
    const latest = new Map<string, CycleRow>();
    for (const r of rows) if (!latest.has(r.planId)) latest.set(r.planId, r);
    return latest;
  },

  async cyclesOf(db: DbOrTx, planId: string): Promise<CycleRow[]> {
    return db.select().from(refillCycles).where(eq(refillCycles.planId, planId)).orderBy(asc(refillCycles.cycle));
  },

  async countCycles(db: DbOrTx, status: RefillCycleStatus): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(refillCycles).where(eq(refillCycles.status, status));
    return row?.n ?? 0;
  },
};
