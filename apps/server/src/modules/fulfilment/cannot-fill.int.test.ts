// issue 15: "every status in the domain's state machine is reached by a user action or a job
// outside tests" — `refunded`: a partner pharmacist who cannot fill an unshipped order marks it so;
// the captured payment is refunded, the order is refunded (audited with the pharmacist), the
// prescription revoked, and the patient told by mail with the amount. After shipping: 409. Anyone
// but the pharmacy's staff: 404. A repeat refunds nothing twice. State first, money after: a ship
// racing it never leaves goods shipped and the money refunded, and a refund failing after the
// order is refunded is made by the payments reconciliation sweep.
import { randomUUID } from 'node:crypto';
import { approveInputSchema, cardDetailsSchema } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { completeStagesButPayment } from '../../../test/orders.ts';
import { signedInPatient, type PatientClient } from '../../../test/patients.ts';
import { paidConsultOrder, prescribingDoctor } from '../../../test/prescribing.ts';
import { toFailureResult } from '../payments/payment-failures.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { pharmacyStaff } from '../../db/schema/fulfilment.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { PAYMENTS_RECONCILE_SWEEP_JOB } from '../../workflows/pay.ts';

let ctx: TestContext;
let evergreenPartner: string;
let lumenPartner: string;
let doctorId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  evergreenPartner = (await ctx.app.services.pharmacies.partnerPharmacy(EVERGREEN_ID))!.id;
  lumenPartner = (await ctx.app.services.pharmacies.partnerPharmacy(LUMEN_ID))!.id;
  doctorId = (await prescribingDoctor(ctx, ['TX'])).id;
});
afterAll(() => ctx.close());

/** A signed-in user of `role` (Bearer); a pharmacist of `pharmacyId` gets their pharmacy_staff row. */
async function staff(role: 'pharmacist' | 'doctor' | 'patient', pharmacyId?: string) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `${role}.${randomUUID()}@example.com`, role, firstName: 'Pat', lastName: 'Lee' })
    .returning({ id: users.id });
  if (pharmacyId) await ctx.database.db.insert(pharmacyStaff).values({ userId: user!.id, pharmacyId });
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
  const post = (url: string, payload?: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { host: 'localhost:3000', 'x-requested-with': 'fetch', authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  return { userId: user!.id, post };
}

/**
 * A consult order captured on the doctor's approval and prescribed to the Evergreen partner (the
 * prescription written with its PDF, as the approve step does); answers its verification code.
 */
async function prescribedOrder() {
  const { orderId, patient } = await paidConsultOrder(ctx, 'TX');
  await ctx.app.services.orders.write(ctx.database.db, orderId, { pharmacyId: evergreenPartner });
  await ctx.app.services.orderDecisions.approveOrder({ orderId });
  const prescriptions = ctx.app.services.prescriptions;
  const input = {
    orderId,
    doctorId,
    patientId: patient.userId,
    pharmacyId: evergreenPartner,
    option: (await prescriptions.formularyChoice(DEMO_FORMULARY.metforminEr500))!,
    approve: approveInputSchema.parse({ formularyId: DEMO_FORMULARY.metforminEr500, quantity: 60, daysSupply: 30, directions: 'Take 1 tablet by mouth twice daily with meals.', refills: 2 }),
  };
  const facts = {
    store: { name: 'Evergreen', origin: 'https://localhost', phone: null, email: null },
    prescriber: { name: 'Dr. Ana Ruiz', credentials: 'MD', npi: '1234567893', licenseNumber: 'TX-12345', licenseState: 'TX' },
    patient: { name: 'Pat Jones', dateOfBirth: '1980-02-03', address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
    pharmacy: { name: 'The pharmacy', npi: '1234567893', phone: '(555) 010-0100', fax: '(555) 010-0101', address: null },
  };
  const prepared = await prescriptions.prepare(input, facts);
  const { verificationCode } = await ctx.database.db.transaction((tx) => prescriptions.write(tx, { ...input, prepared }));
  await ctx.app.services.orders.transition({ orderId, to: 'prescribed', reason: 'test_prescribed' });
  return { orderId, patient, verificationCode };
}

/** A paid order of a product needing no prescription (charged at once): the Evergreen partner's. */
async function paidOtcOrder() {
  const patient = await signedInPatient(ctx, { firstName: 'Rosa' });
  const orderId = (await patient.post('/api/cart')).json().id as string;
  expect((await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.minoxidil }] })).statusCode).toBe(200);
  expect((await patient.patch(`/api/orders/${orderId}/shipping`, { state: 'TX' })).statusCode).toBe(200);
  await ctx.app.services.orders.write(ctx.database.db, orderId, { shipFullName: 'Rosa Díaz', shipLine1: '12 Elm St', shipCity: 'Austin', shipState: 'TX', shipZip: '78701' });
  await completeStagesButPayment(ctx, orderId);
  const card = cardDetailsSchema(ctx.clock.now).parse({ number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' });
  const { token } = await ctx.app.services.paymentGateway.sandbox!.tokenize(card);
  const acceptedConsentIds = (await ctx.app.services.consents.current(EVERGREEN_ID)).map((c) => c.id);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/pay`,
    headers: { host: 'localhost:3000', authorization: `Bearer ${patient.token}`, 'x-requested-with': 'fetch', 'idempotency-key': `pay-${randomUUID()}` },
    payload: { paymentMethod: { token }, acceptedConsentIds },
  });
  expect(paid.json().status).toBe('paid');
  return { orderId, patient };
}

const orderOf = async (orderId: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const paymentStatuses = async (orderId: string) => (await ctx.database.db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, orderId))).map((p) => p.status);
const refundEvents = async (orderId: string) =>
  (await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'payment.refunded'))).filter((e) => JSON.stringify(e).includes(orderId));
const runSweep = async () => {
  await ctx.app.services.jobs.enqueue(PAYMENTS_RECONCILE_SWEEP_JOB, {});
  await ctx.app.services.jobs.drain();
};
const verify = async (code: string) => (await ctx.app.inject({ url: `/api/prescriptions/verify?code=${encodeURIComponent(code)}`, headers: { host: 'localhost:3000' } })).json();

/** The patient's mails (and texts) after the queued notices ran. */
async function messagesTo(patient: PatientClient) {
  await ctx.app.services.jobs.drain();
  const [user] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, patient.userId));
  return (await ctx.app.services.notifications.outbox(500)).filter((m) => m.to === user!.email);
}

describe('a partner pharmacist cannot fill an order: the patient is refunded (issue 15: refunded reached)', () => {
  it('refunds the payment, refunds the order (audited with the pharmacist), revokes the prescription and mails the patient the amount', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId, patient, verificationCode } = await prescribedOrder();
    expect(await paymentStatuses(orderId)).toEqual(['captured']);
    expect((await verify(verificationCode)).status).toBe('valid');
    const total = (await orderOf(orderId)).totalCents;

    // A note over 500 characters or an unknown reason: 400, nothing moves.
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'bored' })).statusCode).toBe(400);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'other', note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await orderOf(orderId)).status).toBe('prescribed');

    const res = await pharmacist.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'out_of_stock', note: 'Back order until next month' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'refunded', refundedCents: total });

    expect(await paymentStatuses(orderId)).toEqual(['refunded']);
    expect((await orderOf(orderId)).status).toBe('refunded');
    expect((await verify(verificationCode)).status).toBe('revoked');
    const revoked = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'prescription.revoked'));
    expect(revoked.filter((e) => e.actorId === pharmacist.userId).map((e) => e.details)).toEqual([{ reason: 'pharmacy_cannot_fill:out_of_stock' }]);
    const [step] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, orderId), eq(auditEvents.action, 'order.status_changed')))
      .then((rows) => rows.filter((e) => (e.details as { to: string }).to === 'refunded'));
    expect(step).toMatchObject({ actorId: pharmacist.userId, details: expect.objectContaining({ reason: 'pharmacy_cannot_fill:out_of_stock' }) });

    const messages = await messagesTo(patient);
    const mail = messages.find((m) => m.channel === 'email' && (m.subject ?? '').includes('could not fill'));
    expect(mail?.body).toContain('The pharmacy could not fill your order');
    expect(mail?.body).toContain(`you have been refunded $${(total / 100).toFixed(2)}`.replace('you', 'You'));
    expect(mail?.body).toContain('does not have your medication in stock');
    // Never the clinical detail or the pharmacist's note.
    expect(mail?.body).not.toContain('Metformin');
    expect(mail?.body).not.toContain('Back order');

    // A second click: no second refund, the same answer.
    const again = await pharmacist.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'out_of_stock' });
    expect(again.statusCode).toBe(200);
    expect(await refundEvents(orderId)).toHaveLength(1);
    expect(await paymentStatuses(orderId)).toEqual(['refunded']);
    // The revoked prescription cannot be filled any more.
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(404);
  });

  it('refunds a filled (fulfilling) order, and a paid order of a product needing no prescription (paid → refunded)', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId } = await prescribedOrder();
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(200);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'prescription_problem' })).statusCode).toBe(200);
    expect((await orderOf(orderId)).status).toBe('refunded');
    expect(await paymentStatuses(orderId)).toEqual(['refunded']);

    const otc = await paidOtcOrder();
    expect(await paymentStatuses(otc.orderId)).toEqual(['captured']);
    const res = await pharmacist.post(`/api/pharmacy/orders/${otc.orderId}/cannot-fill`, { reason: 'cannot_dispense' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderOf(otc.orderId)).toMatchObject({ status: 'refunded', pharmacyId: evergreenPartner });
    expect(await paymentStatuses(otc.orderId)).toEqual(['refunded']);
    const mail = (await messagesTo(otc.patient)).find((m) => m.channel === 'email' && (m.subject ?? '').includes('could not fill'));
    expect(mail?.body).toContain('not able to dispense this medication');
  });

  it('answers 409 once the order shipped, and changes nothing', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId, patient, verificationCode } = await prescribedOrder();
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(200);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).statusCode).toBe(200);
    const res = await pharmacist.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'out_of_stock' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This order has already shipped, so it can no longer be refunded as not filled.');
    expect((await orderOf(orderId)).status).toBe('shipped');
    expect(await paymentStatuses(orderId)).toEqual(['captured']);
    expect((await verify(verificationCode)).status).toBe('valid');
    expect((await messagesTo(patient)).some((m) => (m.subject ?? '').includes('could not fill'))).toBe(false);
  });

  it("answers 404 to another pharmacy's pharmacist, a pharmacist without a pharmacy, a doctor and a patient, and refunds nothing", async () => {
    const { orderId } = await prescribedOrder();
    for (const who of [await staff('pharmacist', lumenPartner), await staff('pharmacist'), await staff('doctor'), await staff('patient')]) {
      expect((await who.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'out_of_stock' })).statusCode).toBe(404);
    }
    expect((await orderOf(orderId)).status).toBe('prescribed');
    expect(await paymentStatuses(orderId)).toEqual(['captured']);
    // An unknown order: the same 404 to the right pharmacist.
    expect((await (await staff('pharmacist', evergreenPartner)).post(`/api/pharmacy/orders/${randomUUID()}/cannot-fill`, { reason: 'other' })).statusCode).toBe(404);
  });

  it('refunds the order when the refund fails after it, and the payments reconciliation sweep then refunds the payment (issue 15: refunded; issue 13 #3 reconciliation)', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId, patient, verificationCode } = await prescribedOrder();
    const total = (await orderOf(orderId)).totalCents;
    const gateway = ctx.app.services.paymentGateway.gateway;
    const spy = vi.spyOn(gateway, 'refund').mockResolvedValueOnce(toFailureResult('gateway_unavailable'));
    const res = await pharmacist.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'out_of_stock' });
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    // Nothing is left for the pharmacist to do: the order is refunded, the money follows.
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'refunded', refundedCents: total });
    expect((await orderOf(orderId)).status).toBe('refunded');
    expect((await verify(verificationCode)).status).toBe('revoked');
    expect(await paymentStatuses(orderId)).toEqual(['captured']);
    expect(await refundEvents(orderId)).toHaveLength(0);
    // The order cannot be shipped any more.
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(404);

    // The sweep (every 5 minutes) finds the charge behind a refunded order and refunds it, once.
    await runSweep();
    expect(await paymentStatuses(orderId)).toEqual(['refunded']);
    expect(await refundEvents(orderId)).toHaveLength(1);
    await runSweep();
    expect(await refundEvents(orderId)).toHaveLength(1);
    const mail = (await messagesTo(patient)).find((m) => m.channel === 'email' && (m.subject ?? '').includes('could not fill'));
    expect(mail?.body).toContain(`You have been refunded $${(total / 100).toFixed(2)}`);
    // A repeat of the request afterwards: the same answer, nothing refunded twice.
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'out_of_stock' })).json()).toEqual({ status: 'refunded', refundedCents: total });
    expect(await refundEvents(orderId)).toHaveLength(1);
  });

  it('refuses to ship an order refunded as not filled (404: it left the pharmacy), and the patient is never told it shipped', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId, patient } = await prescribedOrder();
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(200);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'out_of_stock' })).statusCode).toBe(200);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).statusCode).toBe(404);
    expect((await orderOf(orderId)).status).toBe('refunded');
    expect(await paymentStatuses(orderId)).toEqual(['refunded']);
    expect((await messagesTo(patient)).some((m) => (m.subject ?? '').includes('has shipped'))).toBe(false);
  });

  it('never leaves goods shipped and the payment refunded when a ship and a cannot-fill race on the same order', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    // A gateway slow to answer a refund (as a real one is): the window a check made before the
    // refund would leave open to a ship.
    const gateway = ctx.app.services.paymentGateway.gateway;
    const refund = gateway.refund.bind(gateway);
    const spy = vi.spyOn(gateway, 'refund').mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return refund(...args);
    });
    onTestFinished(() => spy.mockRestore());
    for (let i = 0; i < 5; i++) {
      const { orderId } = await prescribedOrder();
      expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(200);
      const ship = () => pharmacist.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
      const cannotFill = () => pharmacist.post(`/api/pharmacy/orders/${orderId}/cannot-fill`, { reason: 'out_of_stock' });
      // Either one started first, alternately.
      const [shipped, refused] =
        i % 2 === 0
          ? await Promise.all([ship(), cannotFill()])
          : await Promise.all([cannotFill(), ship()]).then(([c, s]) => [s, c] as const);
      // Whatever the reconciliation sweep would still do, it has done.
      await runSweep();
      const status = (await orderOf(orderId)).status;
      const paymentsNow = await paymentStatuses(orderId);
      if (status === 'shipped') {
        expect([shipped.statusCode, refused.statusCode]).toEqual([200, 409]);
        expect(paymentsNow).toEqual(['captured']);
        expect(await refundEvents(orderId)).toHaveLength(0);
      } else {
        expect(status).toBe('refunded');
        expect([shipped.statusCode, refused.statusCode]).toEqual([404, 200]);
        expect(paymentsNow).toEqual(['refunded']);
      }
    }
  });
});
