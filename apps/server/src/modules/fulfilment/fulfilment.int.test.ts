// issue 15 "Fulfilment": partner pharmacy staff see the orders sent to their pharmacy (prescribed
// there, or the partner's paid orders of products needing no prescription), fill them, ship them
// with carrier and tracking number, mark them delivered; the patient is told at each step (the
// mail carries the tracking number). Everyone else reaches none of it (404); a step out of order
// is a 409.
import { randomUUID } from 'node:crypto';
import { approveInputSchema } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { completeStagesButPayment, payWithTestCard } from '../../../test/orders.ts';
import { signedInPatient, type PatientClient } from '../../../test/patients.ts';
import { accessLog } from '../../db/schema/access-log.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { doctorLicenses, doctors } from '../../db/schema/doctors.ts';
import { fulfilments, pharmacyStaff } from '../../db/schema/fulfilment.ts';
import { orders } from '../../db/schema/orders.ts';
import { pharmacies } from '../../db/schema/pharmacies.ts';
import { prescriptions as prescriptionsTable, productFormulary } from '../../db/schema/prescriptions.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
let evergreenPartner: string;
let lumenPartner: string;
beforeAll(async () => {
  ctx = await createTestApp();
  evergreenPartner = (await ctx.app.services.pharmacies.partnerPharmacy(EVERGREEN_ID))!.id;
  lumenPartner = (await ctx.app.services.pharmacies.partnerPharmacy(LUMEN_ID))!.id;
});
afterAll(() => ctx.close());

type Client = Awaited<ReturnType<typeof staff>>;

/** A signed-in user of `role` (Bearer); a pharmacist of `pharmacyId` gets their pharmacy_staff row. */
async function staff(role: 'pharmacist' | 'doctor' | 'patient', pharmacyId?: string) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `${role}.${randomUUID()}@example.com`, role, firstName: 'Pat', lastName: 'Lee' })
    .returning({ id: users.id });
  if (pharmacyId) await ctx.database.db.insert(pharmacyStaff).values({ userId: user!.id, pharmacyId });
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
  return { ...client(token), userId: user!.id };
}

function client(token: string | null) {
  const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: 'localhost:3000', 'x-requested-with': 'fetch', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  return { get: (url: string) => send('GET', url), post: (url: string, payload?: unknown) => send('POST', url, payload) };
}

/** A patient's order of `productId` shipping to Austin, TX, paid with the sandbox card. */
async function paidOrder(productId: string, expected: string): Promise<{ orderId: string; patient: PatientClient }> {
  const patient = await signedInPatient(ctx, { firstName: 'Rosa' });
  const orderId = (await patient.post('/api/cart')).json().id as string;
  expect((await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId }] })).statusCode).toBe(200);
  expect((await patient.patch(`/api/orders/${orderId}/shipping`, { state: 'TX' })).statusCode).toBe(200);
  await ctx.app.services.orders.write(ctx.database.db, orderId, {
    shipFullName: 'Rosa Díaz',
    shipLine1: '12 Elm St',
    shipCity: 'Austin',
    shipState: 'TX',
    shipZip: '78701',
  });
  await completeStagesButPayment(ctx, orderId);
  const paid = await payWithTestCard(ctx, patient, orderId);
  expect(paid.statusCode).toBe(200);
  expect(paid.json().status).toBe(expected);
  return { orderId, patient };
}

let doctorId: string | undefined;
let formularyId: string | undefined;
const facts = {
  store: { name: 'Evergreen', origin: 'https://localhost', phone: null, email: null },
  prescriber: { name: 'Dr. Ana Ruiz', credentials: 'MD', npi: '1234567893', licenseNumber: 'TX-12345', licenseState: 'TX' },
  patient: { name: 'Rosa Díaz', dateOfBirth: '1980-04-02', address: { line1: '12 Elm St', city: 'Austin', state: 'TX', zip: '78701' } },
  pharmacy: { name: 'The pharmacy', npi: '1234567893', phone: '(555) 010-0100', fax: '(555) 010-0101', address: null },
};

/**
 * A consult order approved by a doctor and prescribed to `pharmacyId` through the prescriptions
 * service (the PDF prepared, the prescription written), then moved on by the orders service, as
 * the prescribe step does. Answers the verification code printed on the PDF.
 */
async function prescribedOrder(pharmacyId: string) {
  const { orderId, patient } = await paidOrder(DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
  const db = ctx.database.db;
  await ctx.app.services.orderDecisions.approveOrder({ orderId });
  await ctx.app.services.orders.write(db, orderId, { pharmacyId });
  if (!doctorId || !formularyId) {
    const [u] = await db.insert(users).values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `dr.${randomUUID()}@example.com`, role: 'doctor' }).returning({ id: users.id });
    const [d] = await db.insert(doctors).values({ companyId: DEMO_COMPANY_ID, storefrontId: null, userId: u!.id, name: 'Dr. Ana Ruiz', credentials: 'MD', timeZone: 'America/Chicago' }).returning({ id: doctors.id });
    doctorId = d!.id;
    const [f] = await db
      .insert(productFormulary)
      .values({ productId: DEMO_PRODUCTS.evergreen.metformin, medication: 'Metformin ER', strength: '500 mg', form: 'tablet', quantity: 60, daysSupply: 30, maxRefills: 3, directionsTemplate: 'Take one tablet twice a day with meals.' })
      .returning({ id: productFormulary.id });
    formularyId = f!.id;
  }
  const prescriptions = ctx.app.services.prescriptions;
  const option = (await prescriptions.formularyChoice(formularyId))!;
  const input = {
    orderId,
    doctorId,
    patientId: patient.userId,
    pharmacyId,
    option,
    approve: approveInputSchema.parse({ formularyId, quantity: 60, daysSupply: 30, directions: 'Take one tablet twice a day with meals.', refills: 2, validForDays: 365 }),
  };
  const prepared = await prescriptions.prepare(input, facts);
  const { verificationCode } = await db.transaction((tx) => prescriptions.write(tx, { ...input, prepared }));
  await ctx.app.services.orders.transition({ orderId, to: 'prescribed', reason: 'test_prescribed' });
  return { orderId, patient, verificationCode };
}

/**
 * The real path to the pharmacy: a licensed doctor claims the order and approves it with a demo
 * formulary choice (capture, prescription written), and the transmission job faxes it (prescribed).
 */
async function prescribedByDoctor(pharmacyId: string) {
  const { orderId, patient } = await paidOrder(DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
  await ctx.app.services.orders.write(ctx.database.db, orderId, { pharmacyId });
  const db = ctx.database.db;
  const [u] = await db.insert(users).values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `dr.${randomUUID()}@example.com`, role: 'doctor', firstName: 'Ana', lastName: 'Ruiz' }).returning({ id: users.id });
  const [d] = await db.insert(doctors).values({ companyId: DEMO_COMPANY_ID, storefrontId: null, userId: u!.id, name: 'Dr. Ana Ruiz', credentials: 'MD', timeZone: 'America/Chicago', npi: '1234567893' }).returning({ id: doctors.id });
  await db.insert(doctorLicenses).values({ doctorId: d!.id, state: 'TX', licenseNumber: 'TX-12345' });
  const { token } = await ctx.app.services.sessions.createUserSession(u!.id, EVERGREEN_ID);
  const doctor = client(token);
  expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
  const approved = await doctor.post(`/api/doctor/orders/${orderId}/approve`, {
    formularyId: DEMO_FORMULARY.metforminEr500,
    quantity: 60,
    daysSupply: 30,
    directions: 'Take 1 tablet by mouth twice daily with meals.',
    refills: 2,
    validForDays: 365,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  await ctx.app.services.jobs.drain();
  expect(await statusOf(orderId)).toBe('prescribed');
  return { orderId, patient };
}

const statusOf = async (orderId: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
type Listed = { items: { orderId: string; status: string; trackingNumber: string | null; deliveryOverdue: boolean }[]; counts: Record<string, number>; total: number };
const listOf = async (who: Client, status = 'to_fill') => (await who.get(`/api/pharmacy/orders?status=${status}`)).json() as Listed;
const idsIn = async (who: Client, status = 'to_fill') => (await listOf(who, status)).items.map((i) => i.orderId);

/** The newest mail to the patient with this subject fragment, after the queued notices ran. */
async function mailTo(patient: PatientClient, subject: string) {
  await ctx.app.services.jobs.drain();
  const [user] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, patient.userId));
  const mail = (await ctx.app.services.notifications.outbox(200)).filter((m) => m.channel === 'email' && m.to === user!.email);
  return mail.find((m) => (m.subject ?? '').includes(subject));
}

describe('a partner pharmacist fulfils a prescribed order (issue 15)', () => {
  it('lists it to fill, then fill → ship with tracking → deliver; the patient is told each step, the mail carries the tracking number', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId, patient } = await prescribedByDoctor(evergreenPartner);

    const toFill = await pharmacist.get('/api/pharmacy/orders?status=to_fill');
    expect(toFill.statusCode).toBe(200);
    expect(toFill.headers['cache-control']).toBe('no-store');
    const row = (toFill.json() as Listed).items.find((i) => i.orderId === orderId);
    expect(row).toMatchObject({
      status: 'to_fill',
      patientName: 'Rosa Díaz',
      shipTo: { line1: '12 Elm St', city: 'Austin', state: 'TX', zip: '78701' },
      items: [{ title: 'Metformin ER Weight Support', qty: 1 }],
      prescription: { medication: 'Metformin ER', strength: '500 mg', form: 'tablet', quantity: 60, refills: 2, directions: 'Take 1 tablet by mouth twice daily with meals.' },
      carrier: null,
      trackingNumber: null,
    });
    expect(toFill.json().counts.to_fill).toBeGreaterThanOrEqual(1);

    // Shipping or delivering before filling: refused, nothing moves.
    const early = await pharmacist.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('Fill this order before shipping it.');
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/deliver`)).statusCode).toBe(409);
    expect(await statusOf(orderId)).toBe('prescribed');

    const filled = await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`);
    expect(filled.statusCode).toBe(200);
    expect(filled.json()).toEqual({ status: 'filled' });
    expect(await statusOf(orderId)).toBe('fulfilling');
    expect(await idsIn(pharmacist, 'filled')).toContain(orderId);
    expect(await idsIn(pharmacist, 'to_fill')).not.toContain(orderId);
    // A second click changes nothing.
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(200);
    expect((await mailTo(patient, 'is preparing your order'))).toBeDefined();

    const badTracking = await pharmacist.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: 'abc' });
    expect(badTracking.statusCode).toBe(400);
    expect(await statusOf(orderId)).toBe('fulfilling');

    const shipped = await pharmacist.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z 999 AA1 0123456784' });
    expect(shipped.statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('shipped');
    const listedShipped = (await listOf(pharmacist, 'shipped')).items.find((i) => i.orderId === orderId);
    expect(listedShipped).toMatchObject({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', deliveryOverdue: false });
    const shippedMail = await mailTo(patient, 'has shipped');
    expect(shippedMail?.body).toContain('1Z999AA10123456784');
    expect(shippedMail?.body).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    // The same shipment again is fine; another tracking number after shipping is not.
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).statusCode).toBe(200);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'USPS', trackingNumber: '9400111899223856451234' })).statusCode).toBe(409);
    // Filling again after shipping is out of order.
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(409);

    const delivered = await pharmacist.post(`/api/pharmacy/orders/${orderId}/deliver`);
    expect(delivered.statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('delivered');
    expect(await idsIn(pharmacist, 'delivered')).toContain(orderId);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/deliver`)).statusCode).toBe(200);
    expect(await mailTo(patient, 'was delivered')).toBeDefined();

    // Each step is in the audit log, by the pharmacist.
    const steps = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, orderId), eq(auditEvents.action, 'order.status_changed')));
    expect(steps.map((e) => (e.details as { to: string }).to)).toEqual(expect.arrayContaining(['fulfilling', 'shipped', 'delivered']));
    const [fulfilment] = await ctx.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId));
    expect(fulfilment).toMatchObject({ status: 'delivered', pharmacyId: evergreenPartner, carrier: 'UPS' });
  });

  it('flags a shipped order with no delivery after 14 days (issue 15 fulfilment: delivery overdue)', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId } = await prescribedOrder(evergreenPartner);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(200);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'USPS', trackingNumber: '9400111899223856451234' })).statusCode).toBe(200);
    expect((await listOf(pharmacist, 'shipped')).items.find((i) => i.orderId === orderId)?.deliveryOverdue).toBe(false);
    ctx.clock.advance(15 * 86_400_000);
    // (a fresh session: the first one has lapsed meanwhile)
    const row = (await listOf(await staff('pharmacist', evergreenPartner), 'shipped')).items.find((i) => i.orderId === orderId);
    expect(row?.deliveryOverdue).toBe(true);
    expect(await statusOf(orderId)).toBe('shipped');
  });
});

describe('a paid order of a product needing no prescription goes to the partner pharmacy (issue 15)', () => {
  it('is listed to the storefront partner only, and fills and ships', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const lumenPharmacist = await staff('pharmacist', lumenPartner);
    const { orderId, patient } = await paidOrder(DEMO_PRODUCTS.evergreen.minoxidil, 'paid');
    expect(await idsIn(pharmacist)).toContain(orderId);
    expect(await idsIn(lumenPharmacist, 'all')).not.toContain(orderId);

    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('fulfilling');
    expect((await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.pharmacyId).toBe(evergreenPartner);
    const row = (await listOf(pharmacist, 'filled')).items.find((i) => i.orderId === orderId);
    expect(row).toMatchObject({ status: 'filled', prescription: null });
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'FedEx', trackingNumber: '123456789012' })).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('shipped');
    expect((await mailTo(patient, 'has shipped'))?.body).toContain('123456789012');
  });
});

describe('the prescription PDF (issue 15: the pharmacist opens the prescription they fill)', () => {
  it('is served to the staff of the pharmacy it was sent to, never cached, and to no one else', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId } = await prescribedOrder(evergreenPartner);
    const pdf = await pharmacist.get(`/api/pharmacy/orders/${orderId}/prescription.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const other of [await staff('pharmacist', lumenPartner), await staff('doctor'), await staff('patient'), client(null)]) {
      expect((await other.get(`/api/pharmacy/orders/${orderId}/prescription.pdf`)).statusCode).toBe(404);
    }
    // A paid order of a product needing no prescription has none.
    const { orderId: otc } = await paidOrder(DEMO_PRODUCTS.evergreen.minoxidil, 'paid');
    expect((await pharmacist.get(`/api/pharmacy/orders/${otc}/prescription.pdf`)).statusCode).toBe(404);
  });

  it("writes the pharmacist's read to the access log with the reason, and the chain still verifies (DESIGN.md: a staff member's read of a prescription is logged)", async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId, patient } = await prescribedOrder(evergreenPartner);
    const [prescription] = await ctx.database.db.select().from(prescriptionsTable).where(eq(prescriptionsTable.orderId, orderId));
    const entries = () => ctx.database.db.select().from(accessLog).where(eq(accessLog.patientId, patient.userId));
    expect(await entries()).toEqual([]);

    // Refused reads (another pharmacy, a doctor) are not reads: nothing is written.
    for (const other of [await staff('pharmacist', lumenPartner), await staff('doctor')]) {
      expect((await other.get(`/api/pharmacy/orders/${orderId}/prescription.pdf`)).statusCode).toBe(404);
    }
    expect(await entries()).toEqual([]);

    expect((await pharmacist.get(`/api/pharmacy/orders/${orderId}/prescription.pdf`)).statusCode).toBe(200);
    expect(await entries()).toEqual([
      expect.objectContaining({
        actorUserId: pharmacist.userId,
        actorRole: 'pharmacist',
        patientId: patient.userId,
        storefrontId: EVERGREEN_ID,
        what: 'prescription',
        recordId: prescription!.id,
        reason: `pharmacy_fill:${orderId}`,
      }),
    ]);
    // Each download is a read of its own.
    expect((await pharmacist.get(`/api/pharmacy/orders/${orderId}/prescription.pdf`)).statusCode).toBe(200);
    expect(await entries()).toHaveLength(2);
    expect(await ctx.app.services.accessLog.verify()).toEqual({ ok: true });
  });

  it('writes a read of each prescription the order list shows (issue 17: every staff read of health data is logged)', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId, patient } = await prescribedOrder(evergreenPartner);
    const [prescription] = await ctx.database.db.select().from(prescriptionsTable).where(eq(prescriptionsTable.orderId, orderId));
    const entries = () => ctx.database.db.select().from(accessLog).where(eq(accessLog.patientId, patient.userId));
    // Another pharmacy's list does not show it: nothing is written.
    expect(await idsIn(await staff('pharmacist', lumenPartner), 'all')).not.toContain(orderId);
    expect(await entries()).toEqual([]);

    const listed = (await listOf(pharmacist)).items.find((i) => i.orderId === orderId);
    expect((listed as { prescription?: { medication: string } | null } | undefined)?.prescription?.medication).toBeTruthy();
    expect(await entries()).toEqual([
      expect.objectContaining({ actorUserId: pharmacist.userId, actorRole: 'pharmacist', what: 'prescription', recordId: prescription!.id, reason: `pharmacy_fill:${orderId}` }),
    ]);
    expect(await ctx.app.services.accessLog.verify()).toEqual({ ok: true });
  });
});

describe("a pharmacy confirms receipt with the prescription's code (issue 15)", () => {
  /** The public verification page's "confirm receipt" (no session). */
  const receipt = (code: string) => client(null).post('/api/prescriptions/verify/receipt', { code });

  it("makes the order ready for pickup at the patient's own pharmacy and tells the patient where", async () => {
    const [local] = await ctx.database.db.select({ id: pharmacies.id, name: pharmacies.name }).from(pharmacies).where(eq(pharmacies.isPartner, false)).limit(1);
    const { orderId, patient, verificationCode } = await prescribedOrder(local!.id);
    expect((await receipt('ZZZZ-ZZZZZ')).statusCode).toBe(404);
    expect((await receipt(verificationCode)).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('fulfilling');
    const [row] = await ctx.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId));
    expect(row).toMatchObject({ status: 'ready_for_pickup', pharmacyId: local!.id });
    expect(row!.readyAt).not.toBeNull();
    expect((await mailTo(patient, 'is at the pharmacy'))?.body).toContain(local!.name);
    // A second confirmation changes nothing.
    expect((await receipt(verificationCode)).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('fulfilling');
  });

  it('only records it at a partner pharmacy, whose staff then fill the order', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const { orderId, verificationCode } = await prescribedOrder(evergreenPartner);
    expect((await receipt(verificationCode)).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('prescribed');
    expect((await ctx.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId)))[0]).toMatchObject({ status: 'received' });
    expect(await idsIn(pharmacist, 'to_fill')).toContain(orderId);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('fulfilling');
    expect((await ctx.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId)))[0]).toMatchObject({ status: 'filled' });
  });
});

describe('only the pharmacy the order was sent to reaches it (issue 15: 404 to everyone else)', () => {
  it('answers 404 on every route to a pharmacist of another pharmacy, a pharmacist without a pharmacy, a doctor, a patient and a guest', async () => {
    const { orderId } = await prescribedOrder(evergreenPartner);
    const { token: guestToken } = await ctx.app.services.sessions.createGuestSession(EVERGREEN_ID);
    const outsiders = {
      otherPharmacist: await staff('pharmacist', lumenPartner),
      noPharmacy: await staff('pharmacist'),
      doctor: await staff('doctor'),
      patient: await staff('patient'),
      guest: client(guestToken),
      nobody: client(null),
    };
    for (const [who, c] of Object.entries(outsiders)) {
      const answers = [
        await c.post(`/api/pharmacy/orders/${orderId}/fill`),
        await c.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
        await c.post(`/api/pharmacy/orders/${orderId}/deliver`),
      ];
      expect(answers.map((a) => a.statusCode), who).toEqual([404, 404, 404]);
      const list = await c.get('/api/pharmacy/orders?status=all');
      if (who === 'otherPharmacist') {
        expect(list.statusCode).toBe(200);
        expect((list.json() as Listed).items.map((i) => i.orderId)).not.toContain(orderId);
      } else {
        expect(list.statusCode, who).toBe(404);
      }
    }
    expect(await statusOf(orderId)).toBe('prescribed');
    // An unknown order is the same 404 to the right pharmacist.
    const pharmacist = await staff('pharmacist', evergreenPartner);
    expect((await pharmacist.post(`/api/pharmacy/orders/${randomUUID()}/fill`)).statusCode).toBe(404);
  });

  it('does not show an approved order before its prescription is sent, nor a prescribed order sent to another pharmacy', async () => {
    const pharmacist = await staff('pharmacist', evergreenPartner);
    const [local] = await ctx.database.db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.isPartner, false)).limit(1);
    const { orderId } = await prescribedOrder(local!.id);
    expect(await idsIn(pharmacist, 'all')).not.toContain(orderId);
    expect((await pharmacist.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(404);

    const { orderId: approvedId } = await paidOrder(DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    await ctx.app.services.orderDecisions.approveOrder({ orderId: approvedId });
    await ctx.app.services.orders.write(ctx.database.db, approvedId, { pharmacyId: evergreenPartner });
    expect(await idsIn(pharmacist, 'all')).not.toContain(approvedId);
    expect((await pharmacist.post(`/api/pharmacy/orders/${approvedId}/fill`)).statusCode).toBe(404);
  });
});
