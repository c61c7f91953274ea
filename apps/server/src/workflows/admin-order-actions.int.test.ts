// issue 18 (orders slice): the operator's order search, one order's page with its full timeline,
// cancel, refunds (partial, full, over the remainder, concurrent, repeated, cut off by a crash),
// resending a mail, the audit viewer and the CSV exports. Company-scoped: another company's admin
// reaches none of it (404), and nobody, a patient or a doctor reaches no route at all (404).
import { randomUUID } from 'node:crypto';
import { ADMIN_ORDER_MESSAGES, orderNumberOf } from '@store/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherCompany, signedInAdmin, type AdminClient } from '../../test/admin.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { completeStagesButPayment, payWithTestCard } from '../../test/orders.ts';
import { signedInPatient, type PatientClient } from '../../test/patients.ts';
import { signedInDoctor } from '../../test/reviews.ts';
import { readSandboxIntent } from '../adapters/payments/sandbox.gateway.ts';
import type { PaymentGateway } from '../adapters/payments/payment-gateway.ts';
import { accessLog } from '../db/schema/access-log.ts';
import { auditEvents } from '../db/schema/audit.ts';
import { paymentRefunds, payments as paymentsTable } from '../db/schema/payments.ts';
import { DEMO_PRODUCTS } from '../db/seed/store.ts';
import { LUMEN_ID } from '../db/seed/storefronts.ts';
import { createPaymentsService } from '../modules/payments/payments.service.ts';
import { PAYMENTS_RECONCILE_SWEEP_JOB } from './pay.ts';

let ctx: TestContext;
let admin: AdminClient;
let other: Awaited<ReturnType<typeof otherCompany>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
  other = await otherCompany(ctx);
});
afterAll(() => ctx.close());

const TX_ADDRESS = { fullName: 'Rosa Diaz', line1: '12 Elm St', line2: null, city: 'Austin', state: 'TX', zip: '78701', phone: '5125550100' };
const key = () => `test-${randomUUID()}`;

/** A patient's minoxidil order to Austin, TX, charged at once with the sandbox card (status paid). */
async function paidOrder(patient: PatientClient): Promise<string> {
  const orderId = (await patient.post('/api/cart')).json().id as string;
  expect((await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.minoxidil }] })).statusCode).toBe(200);
  expect((await patient.put(`/api/orders/${orderId}/shipping-address`, { address: TX_ADDRESS })).statusCode).toBe(200);
  await completeStagesButPayment(ctx, orderId);
  const paid = await payWithTestCard(ctx, patient, orderId);
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().status).toBe('paid');
  await ctx.app.services.jobs.drain();
  return orderId;
}

async function payment(orderId: string) {
  const [row] = await ctx.database.db.select().from(paymentsTable).where(eq(paymentsTable.orderId, orderId));
  return row!;
}

describe('order search (issue 18: by number, email, status, storefront, dates; paged, newest first)', () => {
  it('finds the order by its number, the patient’s email (exact or prefix, any case) and status; another storefront’s filter finds none', async () => {
    const email = `Rosa.${randomUUID().slice(0, 8)}@Example.com`;
    const patient = await signedInPatient(ctx, { email, firstName: 'Rosa', lastName: 'Diaz' });
    const orderId = await paidOrder(patient);
    const number = orderNumberOf(orderId);

    const byNumber = (await admin.get(`/api/admin/orders?number=${number}`)).json();
    expect(byNumber.items.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(byNumber.items[0]).toMatchObject({ orderNumber: number, status: 'paid', patientName: 'Rosa Diaz', patientEmail: email, storefrontName: 'Evergreen Health', refundedCents: 0 });

    const exact = (await admin.get(`/api/admin/orders?email=${encodeURIComponent(email.toUpperCase())}`)).json();
    expect(exact.items.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const prefix = (await admin.get(`/api/admin/orders?email=${encodeURIComponent(email.slice(0, 9).toLowerCase())}`)).json();
    expect(prefix.items.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect((await admin.get(`/api/admin/orders?email=nobody-${randomUUID()}@example.com`)).json()).toMatchObject({ items: [], total: 0 });

    const paidOnes = (await admin.get(`/api/admin/orders?status=paid&pageSize=100`)).json();
    expect(paidOnes.items.some((o: { id: string }) => o.id === orderId)).toBe(true);
    expect(paidOnes.items.every((o: { status: string }) => o.status === 'paid')).toBe(true);
    expect((await admin.get(`/api/admin/orders?number=${number}&storefrontId=${LUMEN_ID}`)).json().total).toBe(0);
    const today = ctx.clock.now.toISOString().slice(0, 10);
    expect((await admin.get(`/api/admin/orders?number=${number}&from=${today}&to=${today}`)).json().total).toBe(1);
    expect((await admin.get(`/api/admin/orders?number=${number}&to=2000-01-01`)).json().total).toBe(0);
  });

  it('pages newest first and leaves carts out unless asked', async () => {
    const patient = await signedInPatient(ctx);
    // Orders of the tests before share the frozen clock's instant: move on first, so "newest" is
    // decided by the time and not by the tie-breaking id.
    ctx.clock.advance(1000);
    const first = await paidOrder(patient);
    ctx.clock.advance(1000);
    const second = await paidOrder(patient);
    const page = (await admin.get(`/api/admin/orders?pageSize=10&page=1`)).json();
    expect(page.items[0].id).toBe(second);
    expect(page.items[1].id).toBe(first);
    expect(page.items.some((o: { status: string }) => o.status === 'draft')).toBe(false);
    expect(page).toMatchObject({ page: 1, pageSize: 10 });
    expect(page.total).toBeGreaterThanOrEqual(2);
  });

  it('bad filters: 400 with the field’s message', async () => {
    const res = await admin.get('/api/admin/orders?from=2026-05-02&to=2026-05-01&status=lost');
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['status']));
    const range = await admin.get('/api/admin/orders?from=2026-05-02&to=2026-05-01');
    expect(range.statusCode).toBe(400);
    expect(range.json().errors).toEqual([{ field: 'to', message: ADMIN_ORDER_MESSAGES.DATE_RANGE_INVALID }]);
  });
});

describe('one order’s page (issue 18: items, money, contact, payments, the full timeline)', () => {
  it('shows snapshots, the contact (the read written to the access log, reason support) and a timeline of who did what', async () => {
    const patient = await signedInPatient(ctx, { firstName: 'Rosa', lastName: 'Diaz' });
    const orderId = await paidOrder(patient);
    const res = await admin.get(`/api/admin/orders/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order.items).toHaveLength(1);
    expect(order.money.totalCents).toBeGreaterThan(0);
    expect(order.patient).toMatchObject({ name: 'Rosa Diaz', phone: '5125550100', guest: false });
    expect(order.payments[0]).toMatchObject({ status: 'captured', refundedCents: 0, refunds: [] });
    expect(order.actions).toMatchObject({ cancel: true, refund: true, refundableCents: order.money.totalCents });
    const labels = order.timeline.map((t: { label: string }) => t.label);
    expect(labels[0]).toBe('Order started');
    expect(labels).toEqual(expect.arrayContaining(['Payment captured', 'Status: awaiting payment → paid', 'Mail sent: Order confirmation and receipt']));
    const paid = order.timeline.find((t: { label: string }) => t.label === 'Status: awaiting payment → paid');
    expect(paid.who).toBe('Rosa Diaz (patient)');
    expect(order.mails).toEqual([expect.objectContaining({ label: 'Order confirmation and receipt', status: 'sent', resend: false })]);

    const logged = await ctx.database.db.select().from(accessLog).where(eq(accessLog.recordId, orderId));
    expect(logged).toEqual([expect.objectContaining({ actorUserId: admin.userId, actorRole: 'admin', patientId: patient.userId, what: 'order', reason: 'support' })]);
  });
});

describe('refunds (issue 18: full or partial, never more than was charged, once per key)', () => {
  it('a partial refund, then the rest: the payment and the order turn refunded; audited with before/after; the sandbox shows both', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    const total = (await payment(orderId)).amountCents;

    const part = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: 500, reason: 'damaged box', idempotencyKey: key() });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ orderStatus: 'paid', refundedCents: 500, replayed: false, refund: { amountCents: 500, status: 'succeeded', reason: 'damaged box', requestedBy: 'Ola Operator' } });
    expect((await payment(orderId)).status).toBe('captured');

    const over = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: total, reason: 'too much', idempotencyKey: key() });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'REFUND_OVER_REMAINING', detail: ADMIN_ORDER_MESSAGES.REFUND_OVER_REMAINING, errors: [{ field: 'amountCents', message: ADMIN_ORDER_MESSAGES.REFUND_OVER_REMAINING }] });

    const rest = await admin.post(`/api/admin/orders/${orderId}/refunds`, { reason: 'customer asked', idempotencyKey: key() });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ orderStatus: 'refunded', refundedCents: total, refund: { amountCents: total - 500 } });
    const row = await payment(orderId);
    expect(row).toMatchObject({ status: 'refunded', refundedCents: total });
    const intent = await readSandboxIntent(ctx.database.db, row.gatewayIntentId!);
    expect(intent!.amountRefundedCents).toBe(total);
    const sandbox = (await ctx.app.inject({ method: 'GET', url: '/dev/sandbox-payments.json' })).json();
    const shown = sandbox.payments.find((p: { id: string }) => p.id === row.gatewayIntentId);
    expect(shown.amountRefundedCents).toBe(total);
    expect(shown.refunds.map((r: { amountCents: number }) => r.amountCents)).toEqual([500, total - 500]);

    const nothing = await admin.post(`/api/admin/orders/${orderId}/refunds`, { reason: 'again', idempotencyKey: key() });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('REFUND_NOTHING_LEFT');

    const events = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, orderId));
    const partial = events.find((e) => e.action === 'payment.refunded_partially')!;
    expect(partial.actorId).toBe(admin.userId);
    expect(partial.details).toMatchObject({ refundCents: 500, before: { refundedCents: 0, paymentStatus: 'captured' }, after: { refundedCents: 500, paymentStatus: 'captured' } });
    const full = events.find((e) => e.action === 'payment.refunded')!;
    expect(full.details).toMatchObject({ before: { refundedCents: 500, paymentStatus: 'captured' }, after: { refundedCents: total, paymentStatus: 'refunded' } });
    expect(events.find((e) => e.action === 'order.status_changed' && (e.details as { to?: string }).to === 'refunded')).toBeTruthy();

    const page = (await admin.get(`/api/admin/orders/${orderId}`)).json();
    expect(page.payments[0].refunds.map((r: { amountCents: number; status: string }) => [r.amountCents, r.status])).toEqual([[500, 'succeeded'], [total - 500, 'succeeded']]);
    expect(page.timeline.map((t: { label: string }) => t.label)).toEqual(expect.arrayContaining(['Partial refund', 'Refunded in full', 'Status: paid → refunded']));
    expect(page.actions).toMatchObject({ refund: false, refundableCents: 0, cancel: false });
  });

  it('a double click (the same key) refunds once; the same key for another amount is refused', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    const k = key();
    const [a, b] = await Promise.all([
      admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: 300, reason: 'double click', idempotencyKey: k }),
      admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: 300, reason: 'double click', idempotencyKey: k }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refund.id).toBe(b.json().refund.id);
    expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
    const again = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: 300, reason: 'double click', idempotencyKey: k });
    expect(again.json()).toMatchObject({ replayed: true, refundedCents: 300 });
    expect((await payment(orderId)).refundedCents).toBe(300);
    const intent = await readSandboxIntent(ctx.database.db, (await payment(orderId)).gatewayIntentId!);
    expect(intent!.amountRefundedCents).toBe(300);
    const other = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: 200, reason: 'double click', idempotencyKey: k });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('REFUND_KEY_REUSED');
  });

  it('concurrent partial refunds never give back more than was charged', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    const total = (await payment(orderId)).amountCents;
    const share = Math.floor(total / 2) + 1; // two fit only once
    const answers = await Promise.all([1, 2, 3].map(() => admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: share, reason: 'race', idempotencyKey: key() })));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(2);
    const row = await payment(orderId);
    expect(row.refundedCents).toBe(share);
    expect((await readSandboxIntent(ctx.database.db, row.gatewayIntentId!))!.amountRefundedCents).toBe(share);
  });

  it('bad input: 400 beside the field and nothing refunded; no charged payment: 409', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    const bad = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: -5, reason: 'x', idempotencyKey: key() });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['amountCents', 'reason']));
    expect((await payment(orderId)).refundedCents).toBe(0);
    const cart = (await patient.post('/api/cart')).json().id as string;
    await patient.patch(`/api/orders/${cart}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.minoxidil }] });
    const none = await admin.post(`/api/admin/orders/${cart}/refunds`, { reason: 'nothing paid', idempotencyKey: key() });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'REFUND_NOTHING_CAPTURED', detail: ADMIN_ORDER_MESSAGES.REFUND_NOTHING_CAPTURED });
  });

  it.each([
    ['before the gateway was asked', false],
    ['after the gateway refunded, its answer lost', true],
  ])('a refund cut off %s is settled by reconciliation, once', async (_when, gatewayActed) => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    const total = (await payment(orderId)).amountCents;
    const sandbox = ctx.app.services.paymentGateway.sandbox!;
    // The process "dies" at the gateway call: before it reaches the gateway, or after the gateway acted.
    const crashing: PaymentGateway = Object.assign(Object.create(sandbox) as PaymentGateway, {
      async refund(input: Parameters<PaymentGateway['refund']>[0], options: Parameters<PaymentGateway['refund']>[1]) {
        if (gatewayActed) await sandbox.refund(input, options);
        throw new Error('process died');
      },
    });
    const dying = createPaymentsService({ db: ctx.database.db, gateway: crashing, now: () => ctx.clock.now, audit: ctx.app.services.audit });
    await expect(dying.refund({ orderId, idempotencyKey: key(), reason: 'crash', requestedBy: admin.userId })).rejects.toMatchObject({ code: 'REFUND_IN_PROGRESS' });
    const [pending] = await ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
    expect(pending!.status).toBe('pending');
    const intentId = (await payment(orderId)).gatewayIntentId!;
    expect((await readSandboxIntent(ctx.database.db, intentId))!.amountRefundedCents).toBe(gatewayActed ? total : 0);
    // Meanwhile the pending refund counts against what is left.
    const more = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: 1, reason: 'meanwhile', idempotencyKey: key() });
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe('REFUND_NOTHING_LEFT');

    ctx.clock.advance(2 * 60_000);
    await ctx.app.services.jobs.enqueue(PAYMENTS_RECONCILE_SWEEP_JOB, {});
    await ctx.app.services.jobs.drain();
    const [settled] = await ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
    expect(settled!.status).toBe('succeeded');
    expect(await payment(orderId)).toMatchObject({ status: 'refunded', refundedCents: total });
    expect((await readSandboxIntent(ctx.database.db, intentId))!.amountRefundedCents).toBe(total);
    expect((await ctx.app.services.orders.state(ctx.database.db, { orderId }))!.order.status).toBe('refunded');
  });
});

describe('cancel (issue 18: the existing cancel path, the status machine’s refusal in words)', () => {
  it('cancels a paid order (its charge refunded), then refuses a second cancel with a clear message', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    const res = await admin.post(`/api/admin/orders/${orderId}/cancel`, { reason: 'patient called' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orderStatus: 'cancelled', payment: 'refunded' });
    expect((await payment(orderId)).status).toBe('refunded');
    const again = await admin.post(`/api/admin/orders/${orderId}/cancel`, { reason: 'patient called' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CANCEL_REFUSED', detail: ADMIN_ORDER_MESSAGES.CANCEL_REFUSED });
    const events = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, orderId));
    const cancelled = events.find((e) => e.action === 'order.status_changed' && (e.details as { to?: string }).to === 'cancelled')!;
    expect(cancelled.actorId).toBe(admin.userId);
  });
});

describe('resend a mail (issue 18)', () => {
  it('lists the order’s mails and sends the confirmation again (a job, audited, once per key), also after a refund', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    await admin.post(`/api/admin/orders/${orderId}/refunds`, { reason: 'refund first', idempotencyKey: key() });
    const { mails } = (await admin.get(`/api/admin/orders/${orderId}`)).json();
    const confirmation = mails.find((m: { label: string }) => m.label === 'Order confirmation and receipt');
    const before = (await ctx.app.services.notifications.outbox(500)).filter((m) => m.subject?.includes(orderNumberOf(orderId))).length;
    const k = key();
    const res = await admin.post(`/api/admin/orders/${orderId}/mails/resend`, { key: confirmation.key, idempotencyKey: k });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mail).toMatchObject({ resend: true, label: 'Order confirmation and receipt' });
    await admin.post(`/api/admin/orders/${orderId}/mails/resend`, { key: confirmation.key, idempotencyKey: k });
    await ctx.app.services.jobs.drain();
    const after = (await ctx.app.services.notifications.outbox(500)).filter((m) => m.subject?.includes(orderNumberOf(orderId))).length;
    expect(after).toBe(before + 1);
    const page = (await admin.get(`/api/admin/orders/${orderId}`)).json();
    expect(page.mails.filter((m: { resend: boolean; status: string }) => m.resend && m.status === 'sent')).toHaveLength(1);
    expect(page.timeline.map((t: { label: string }) => t.label)).toEqual(expect.arrayContaining(['Mail resent', 'Mail sent: Order confirmation and receipt (resent)']));
    const unknown = await admin.post(`/api/admin/orders/${orderId}/mails/resend`, { key: `order-confirmation:${randomUUID()}`, idempotencyKey: key() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('MAIL_UNKNOWN');
  });
});

describe('audit log viewer and CSV exports (issue 18)', () => {
  it('filters by action (exact or prefix), actor, subject and storefront; shows before/after; company-scoped', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    await admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: 100, reason: 'audit me', idempotencyKey: key() });
    const page = (await admin.get(`/api/admin/audit?action=payment.refunded_partially&subjectType=order&subjectId=${orderId}`)).json();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ action: 'payment.refunded_partially', actor: 'Ola Operator (admin)', storefrontName: 'Evergreen Health', before: { refundedCents: 0 }, after: { refundedCents: 100 } });
    const prefixed = (await admin.get(`/api/admin/audit?action=payment.*&subjectId=${orderId}&pageSize=50`)).json();
    expect(prefixed.items.every((e: { action: string }) => e.action.startsWith('payment.'))).toBe(true);
    expect(prefixed.items.length).toBeGreaterThanOrEqual(3);
    const byActor = (await admin.get(`/api/admin/audit?actor=${admin.userId}&subjectId=${orderId}`)).json();
    expect(byActor.items.every((e: { actorId: string }) => e.actorId === admin.userId)).toBe(true);
    expect((await admin.get(`/api/admin/audit?subjectId=${orderId}&storefrontId=${LUMEN_ID}`)).json().total).toBe(0);

    expect((await other.admin.get(`/api/admin/audit?subjectId=${orderId}`)).json().total).toBe(0);
    expect((await other.admin.get(`/api/admin/audit?storefrontId=${LUMEN_ID}`)).statusCode).toBe(200);
    expect((await other.admin.get(`/api/admin/audit?storefrontId=${LUMEN_ID}`)).json().total).toBe(0);
  });

  it('CSV of orders: a header row, escaping, formula injection guarded, scoped, audited', async () => {
    const patient = await signedInPatient(ctx, { firstName: '=HYPERLINK("x")', lastName: 'Smith, "Jr"' });
    const orderId = await paidOrder(patient);
    const res = await admin.get(`/api/admin/orders.csv?number=${orderNumberOf(orderId)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Order number,Order id,Placed (UTC),Storefront,Status,Patient,Email,Total,Refunded');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(orderNumberOf(orderId));
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Smith, ""Jr"""`);
    const exported = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'admin.orders.exported'));
    expect(exported.at(-1)).toMatchObject({ actorId: admin.userId, details: expect.objectContaining({ rows: 1 }) });

    const theirs = await other.admin.get(`/api/admin/orders.csv?number=${orderNumberOf(orderId)}`);
    expect(theirs.body.trim().split('\n')).toHaveLength(1); // the header only
  });

  it('CSV of audit events: header row, before/after, the export itself audited', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    await admin.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: 100, reason: '+cmd|calc', idempotencyKey: key() });
    const res = await admin.get(`/api/admin/audit.csv?subjectId=${orderId}&action=payment.refunded_partially`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('When (UTC),Action,Actor,Actor id,Subject type,Subject id,Storefront,Details,Before,After');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('payment.refunded_partially');
    expect(lines[1]).toContain('""refundedCents"":100');
    expect((await admin.get('/api/admin/audit?action=admin.audit.exported')).json().items[0]).toMatchObject({ actorId: admin.userId });
  });
});

describe('who may (issue 18: another company’s admin reaches nothing of ours; patients, doctors, nobody: 404)', () => {
  it('another company’s admin: 404 on every order id, read or write, and none of our orders in their search', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    const theirs = other.admin;
    expect((await theirs.get(`/api/admin/orders/${orderId}`)).statusCode).toBe(404);
    expect((await theirs.post(`/api/admin/orders/${orderId}/cancel`, { reason: 'not yours' })).statusCode).toBe(404);
    expect((await theirs.post(`/api/admin/orders/${orderId}/refunds`, { reason: 'not yours', idempotencyKey: key() })).statusCode).toBe(404);
    expect((await theirs.post(`/api/admin/orders/${orderId}/mails/resend`, { key: `order-confirmation:${orderId}`, idempotencyKey: key() })).statusCode).toBe(404);
    expect((await theirs.get(`/api/admin/orders?number=${orderNumberOf(orderId)}`)).json().total).toBe(0);
    expect((await payment(orderId))).toMatchObject({ status: 'captured', refundedCents: 0 });
    expect((await ctx.app.services.orders.state(ctx.database.db, { orderId }))!.order.status).toBe('paid');
    expect((await admin.get(`/api/admin/orders/${randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/orders/not-an-id`)).statusCode).toBe(404);
  });

  it('nobody, a patient and a doctor: 404 on every route, even with bad input', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient);
    const doctor = await signedInDoctor(ctx, ['CA']);
    const anonymous = {
      get: (url: string) => ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } }),
      post: (url: string, payload?: unknown) => ctx.app.inject({ method: 'POST', url, headers: { host: 'localhost:3000', 'x-requested-with': 'fetch' }, payload: payload as string }),
    };
    for (const who of [anonymous, patient, doctor]) {
      for (const url of ['/api/admin/orders', '/api/admin/orders?status=lost', '/api/admin/orders.csv', `/api/admin/orders/${orderId}`, '/api/admin/audit', '/api/admin/audit?from=bad', '/api/admin/audit.csv']) {
        expect((await who.get(url)).statusCode, url).toBe(404);
      }
      expect((await who.post(`/api/admin/orders/${orderId}/cancel`, { reason: 'x' })).statusCode).toBe(404);
      expect((await who.post(`/api/admin/orders/${orderId}/refunds`, { amountCents: 'lots' })).statusCode).toBe(404);
      expect((await who.post(`/api/admin/orders/${orderId}/mails/resend`, {})).statusCode).toBe(404);
    }
    expect((await payment(orderId)).refundedCents).toBe(0);
  });
});
