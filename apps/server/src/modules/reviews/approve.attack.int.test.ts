// issue 15 (security review): a doctor's approve attacked — a lapsed claim nobody took over, another
// storefront's formulary choice, and races: two approves of the same order at once, an approve and
// a decline at once. Exactly one capture, one prescription, one transmission, one fax; the money and
// the order's status always agree.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { paidConsultOrder, prescribingDoctor } from '../../../test/prescribing.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { faxOutbox, prescriptions, prescriptionTransmissions } from '../../db/schema/prescriptions.ts';
import { decisions } from '../../db/schema/reviews.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { REVIEW_LEASE_MS } from './reviews.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const approveBody = (overrides: Record<string, unknown> = {}) => ({
  formularyId: DEMO_FORMULARY.metforminEr500,
  quantity: 60,
  daysSupply: 30,
  directions: 'Take 1 tablet by mouth twice daily with meals.',
  refills: 2,
  ...overrides,
});

const statusOf = async (orderId: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
const paymentsOf = (orderId: string) => ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const rxOf = (orderId: string) => ctx.database.db.select().from(prescriptions).where(eq(prescriptions.orderId, orderId));
const moneyEvents = (orderId: string, action: string) =>
  ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, orderId)));

describe('approving an order the doctor does not hold (issue 15: the doctor must hold the claim)', () => {
  it('refuses an approve after the lease lapsed, even with nobody else holding it, before any money moves', async () => {
    const doctor = await prescribingDoctor(ctx, ['TX']);
    const { orderId } = await paidConsultOrder(ctx, 'TX');
    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    ctx.clock.advance(REVIEW_LEASE_MS + 1_000);
    const late = await doctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody());
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('REVIEW_NOT_HELD');
    expect(await statusOf(orderId)).toBe('awaiting_review');
    expect((await paymentsOf(orderId))[0]!.status).toBe('authorized');
    expect(await rxOf(orderId)).toHaveLength(0);
  });

  it("refuses another storefront's formulary choice (404), nothing captured", async () => {
    const doctor = await prescribingDoctor(ctx, ['TX']);
    const { orderId } = await paidConsultOrder(ctx, 'TX');
    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    // Lumen's Weight Reset semaglutide, on an Evergreen Metformin order.
    const foreign = await doctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody({ formularyId: DEMO_FORMULARY.weightSemaglutide, refills: 0 }));
    expect(foreign.statusCode).toBe(404);
    expect((await paymentsOf(orderId))[0]!.status).toBe('authorized');
    expect(await rxOf(orderId)).toHaveLength(0);
  });
});

describe('racing decisions (issue 15: one capture, one prescription, one transmission)', () => {
  it('two approves of the same order at once: one succeeds; one capture, one prescription, one fax', async () => {
    const doctor = await prescribingDoctor(ctx, ['TX']);
    const { orderId } = await paidConsultOrder(ctx, 'TX');
    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const answers = await Promise.all([
      doctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody()),
      doctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody({ refills: 1 })),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode >= 500)).toHaveLength(0);
    const [payment, ...more] = await paymentsOf(orderId);
    expect(more).toHaveLength(0);
    expect(payment!.status).toBe('captured');
    expect(await moneyEvents(orderId, 'payment.captured')).toHaveLength(1);
    const rx = await rxOf(orderId);
    expect(rx).toHaveLength(1);
    expect(await ctx.database.db.select().from(decisions).where(eq(decisions.orderId, orderId))).toHaveLength(1);
    expect(await ctx.database.db.select().from(prescriptionTransmissions).where(eq(prescriptionTransmissions.prescriptionId, rx[0]!.id))).toHaveLength(1);
    await ctx.app.services.jobs.drain();
    expect(await statusOf(orderId)).toBe('prescribed');
    expect(await ctx.database.db.select().from(faxOutbox).where(eq(faxOutbox.idempotencyKey, `rx:${rx[0]!.id}:1`))).toHaveLength(1);
  });

  it('an approve and a decline at once: the money and the order agree (captured and approved, or voided and declined)', async () => {
    const doctor = await prescribingDoctor(ctx, ['TX']);
    const { orderId } = await paidConsultOrder(ctx, 'TX');
    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const [approved, declined] = await Promise.all([
      doctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody()),
      doctor.post(`/api/doctor/orders/${orderId}/decline`, { reasonCode: 'other' }),
    ]);
    expect([approved.statusCode, declined.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const status = await statusOf(orderId);
    const [payment] = await paymentsOf(orderId);
    if (approved.statusCode === 200) {
      expect(status).toBe('approved');
      expect(payment!.status).toBe('captured');
      expect(await rxOf(orderId)).toHaveLength(1);
    } else {
      expect(status).toBe('declined');
      expect(payment!.status).toBe('voided');
      expect(await rxOf(orderId)).toHaveLength(0);
    }
    expect(await ctx.database.db.select().from(decisions).where(eq(decisions.orderId, orderId))).toHaveLength(1);
  });
});
