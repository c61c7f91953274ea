// issue 17 refills: "Across restarts and two worker processes, no cycle is charged twice" — "refill
// integration tests with two concurrent workers and a worker killed with SIGKILL mid-cycle (0 double
// charges, 0 lost cycles)". The workers here are real processes (test/refill-worker.ts: the store's
// services built against this file's PostgreSQL database) and the charges are counted where the
// money moves: the sandbox gateway's intents (sandbox_gateway_intents), one per charge.
// PostgreSQL only: a second process cannot open a PGlite database.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { prescribedOrder } from '../../test/refills.ts';
import { copyDuePlans, rowsOf } from '../../test/refill-seed.ts';
import { startRefillWorker, type WorkerProcess } from '../../test/refill-worker-process.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { prescriptions } from '../db/schema/prescriptions.ts';
import { refillCycles, refillPlans } from '../db/schema/refills.ts';
import { REFILL_CLAIM_LEASE_MS } from './refill-renewal.ts';

const template = inject('dbTemplate');
const onPostgres = template.kind === 'postgres';
const MIN = 60_000;

describe.skipIf(!onPostgres)('renewal workers killed with SIGKILL, and two worker processes (issue 17; PostgreSQL only: a second process cannot share a PGlite database)', () => {
  let ctx: TestContext;
  let databaseUrl: string;
  const started: WorkerProcess[] = [];
  beforeAll(async () => {
    // This process does not work the queue on its own (its jobs run when a test drains them), so
    // what the worker processes leave behind is seen as they left it.
    ctx = await createTestApp({ JOB_WORKER: false });
    const [{ name }] = (await rowsOf<{ name: string }>(ctx.database.db, sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL((template as { url: string }).url);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    for (const w of started) w.child.kill('SIGKILL');
    await ctx?.close();
  });

  const db = () => ctx.database.db;
  const worker = (at: number, hold?: 'after-charge' | 'before-charge') => {
    const w = startRefillWorker({ DATABASE_URL: databaseUrl, REFILL_NOW: at, ...(hold ? { REFILL_HOLD: hold } : {}) });
    started.push(w);
    return w;
  };
  const planRow = async (id: string) => (await db().select().from(refillPlans).where(eq(refillPlans.id, id)))[0]!;
  const cyclesOf = (id: string) => db().select().from(refillCycles).where(eq(refillCycles.planId, id)).orderBy(refillCycles.cycle);
  const refillsLeft = async (id: string) => (await db().select().from(prescriptions).where(eq(prescriptions.id, id)))[0]!.refillsLeft;
  /** Per plan: the charges the sandbox gateway made for its patient's orders other than the first fill, and those orders. */
  const atGateway = async (planIds: string[]) =>
    rowsOf<{ plan_id: string; charges: number; refill_orders: number }>(
      db(),
      sql`select rp.id as plan_id,
            (select count(*)::int from sandbox_gateway_intents i join orders o on o.id::text = i.metadata->>'orderId'
              where o.user_id = rp.patient_id and o.id <> rp.source_order_id and i.status = 'succeeded') as charges,
            (select count(*)::int from orders o where o.user_id = rp.patient_id and o.id <> rp.source_order_id and o.status <> 'draft') as refill_orders
          from refill_plans rp where rp.id in (${sql.join(planIds.map((id) => sql`${id}::uuid`), sql`, `)})`,
    );
  /** A plan activated through the API, its date moved (SQL) to `dueAt` so that no other plan of this file is due before it. */
  async function duePlan(dueAt: number, refills = 2) {
    const made = await prescribedOrder(ctx, { refills });
    const activated = await made.patient.post('/api/refills', { orderId: made.orderId });
    expect(activated.statusCode).toBe(201);
    const plan = activated.json() as { id: string };
    await db().update(refillPlans).set({ nextDate: new Date(dueAt) }).where(eq(refillPlans.id, plan.id));
    return { ...made, planId: plan.id };
  }

  it('a worker killed after the gateway charged and before the cycle was recorded: the next worker, after the lease, records it without charging again', async () => {
    const due = ctx.clock.now.getTime() + MIN;
    const { planId, prescription } = await duePlan(due);
    const at = due + MIN;

    const doomed = worker(at, 'after-charge');
    await doomed.line('READY');
    doomed.go();
    expect(await doomed.line('CHARGED')).toBe(`${planId} 1`);
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // Where it died: the card charged once, nothing recorded — the cycle still claimed, the refill
    // order unpaid in our books' eyes (refill_pending), no refill used.
    const [left] = await cyclesOf(planId);
    expect(left).toMatchObject({ cycle: 1, status: 'claimed', orderId: expect.any(String) });
    expect(await atGateway([planId])).toEqual([{ plan_id: planId, charges: 1, refill_orders: 1 }]);
    expect((await db().select().from(orders).where(eq(orders.id, left!.orderId!)))[0]!.status).toBe('refill_pending');
    expect(await refillsLeft(prescription.id)).toBe(2);

    // Within the lease another worker leaves it alone (its owner might still be alive)…
    ctx.clock.now = new Date(at + MIN);
    expect(await ctx.app.services.refillRenewal.run()).toMatchObject({ charged: 0, errors: 0 });
    // …after it, takes it over: the same key, the gateway's first answer, no second charge.
    ctx.clock.now = new Date(at + REFILL_CLAIM_LEASE_MS + MIN);
    expect(await ctx.app.services.refillRenewal.run()).toMatchObject({ charged: 1, errors: 0 });
    await ctx.app.services.jobs.drain();

    expect(await atGateway([planId])).toEqual([{ plan_id: planId, charges: 1, refill_orders: 1 }]);
    expect(await db().select().from(payments).where(eq(payments.idempotencyKey, `refill:${planId}:1`))).toHaveLength(1);
    const cycles = await cyclesOf(planId);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ cycle: 1, status: 'transmitted', orderId: left!.orderId });
    // Approved once paid, then prescribed once the refill reached the pharmacy.
    expect((await db().select().from(orders).where(eq(orders.id, left!.orderId!)))[0]!.status).toBe('prescribed');
    expect(await refillsLeft(prescription.id)).toBe(1);
    expect(await planRow(planId)).toMatchObject({ status: 'active', nextCycle: 2 });
    // Nothing more to do for this cycle, however often the job runs.
    expect(await ctx.app.services.refillRenewal.run()).toMatchObject({ charged: 0, errors: 0 });
    expect(await atGateway([planId])).toEqual([{ plan_id: planId, charges: 1, refill_orders: 1 }]);
  }, 120_000);

  it('a worker killed after claiming the cycle and before charging: another worker process picks the cycle up after the lease and charges it once', async () => {
    const due = ctx.clock.now.getTime() + MIN;
    const { planId, prescription } = await duePlan(due);
    const at = due + MIN;

    const doomed = worker(at, 'before-charge');
    await doomed.line('READY');
    doomed.go();
    expect(await doomed.line('CLAIMED')).toBe(`refill:${planId}:1`);
    doomed.child.kill('SIGKILL');
    expect((await doomed.exited).signal).toBe('SIGKILL');

    const [left] = await cyclesOf(planId);
    expect(left).toMatchObject({ cycle: 1, status: 'claimed', orderId: expect.any(String) });
    expect(await atGateway([planId])).toEqual([{ plan_id: planId, charges: 0, refill_orders: 1 }]);

    // A worker inside the lease: nothing to take over.
    const early = worker(at + MIN);
    await early.line('READY');
    early.go();
    expect(JSON.parse(await early.line('DONE'))).toMatchObject({ charged: 0, errors: 0 });
    // After the lease: taken over, the refill order written by the dead worker reused, charged once.
    const next = worker(at + REFILL_CLAIM_LEASE_MS + MIN);
    await next.line('READY');
    next.go();
    expect(JSON.parse(await next.line('DONE'))).toMatchObject({ charged: 1, errors: 0 });
    expect(await next.exited).toEqual({ code: 0, signal: null });

    expect(await atGateway([planId])).toEqual([{ plan_id: planId, charges: 1, refill_orders: 1 }]);
    const cycles = await cyclesOf(planId);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ cycle: 1, status: 'charged', orderId: left!.orderId });
    expect((await db().select().from(orders).where(eq(orders.id, left!.orderId!)))[0]!.status).toBe('approved');
    expect(await refillsLeft(prescription.id)).toBe(1);
    expect(await planRow(planId)).toMatchObject({ status: 'active', nextCycle: 2 });
  }, 120_000);

  it('two worker processes renewing 50 due plans at once: each plan charged exactly once and advanced exactly one cycle', async () => {
    const due = ctx.clock.now.getTime() + MIN;
    const first = await duePlan(due, 3);
    const planIds = [first.planId, ...(await copyDuePlans(db(), first.planId, 49, new Date(due)))];
    expect(planIds).toHaveLength(50);
    // As in a running store, the job told the patients a few days before; at the due time two
    // processes renew. (Had neither told them, the first to start would mark all 50 notices in one
    // transaction and the other, finding every due plan locked, would end its run at once.)
    expect(await ctx.app.services.refillRenewal.sendNotices()).toBe(50);
    const at = due + MIN;

    const a = worker(at);
    const b = worker(at);
    await Promise.all([a.line('READY'), b.line('READY')]);
    a.go();
    b.go();
    const [doneA, doneB] = await Promise.all([a.line('DONE', 120_000), b.line('DONE', 120_000)]);
    const countsA = JSON.parse(doneA) as { charged: number; errors: number };
    const countsB = JSON.parse(doneB) as { charged: number; errors: number };
    expect(countsA.errors + countsB.errors).toBe(0);
    expect(countsA.charged + countsB.charged).toBe(50);
    // Both took part (each claims one due plan at a time, skipping the other's).
    expect(countsA.charged).toBeGreaterThan(0);
    expect(countsB.charged).toBeGreaterThan(0);
    console.info(`two worker processes: ${countsA.charged} + ${countsB.charged} cycles charged`);

    // 0 double charges: one charge per plan at the gateway, one refill order per plan.
    const gateway = await atGateway(planIds);
    expect(gateway).toHaveLength(50);
    expect(gateway.filter((g) => g.charges !== 1 || g.refill_orders !== 1)).toEqual([]);
    // 0 lost cycles: every plan's cycle 1 charged and the plan on to cycle 2, one refill used each.
    const cycles = await db().select().from(refillCycles).where(sql`${refillCycles.planId} in (${sql.join(planIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
    expect(cycles).toHaveLength(50);
    expect(cycles.filter((c) => c.cycle !== 1 || c.status !== 'charged')).toEqual([]);
    const plans = await db().select().from(refillPlans).where(sql`${refillPlans.id} in (${sql.join(planIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
    expect(plans.filter((p) => p.nextCycle !== 2 || p.status !== 'active')).toEqual([]);
    const rx = await db().select({ left: prescriptions.refillsLeft }).from(prescriptions).where(sql`${prescriptions.id} in (${sql.join(plans.map((p) => sql`${p.prescriptionId}::uuid`), sql`, `)})`);
    expect(rx.map((r) => r.left)).toEqual(plans.map(() => 2));
  }, 180_000);
});
