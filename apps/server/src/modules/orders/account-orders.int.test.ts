// issue 17 orders: My account lists the patient's recent and previous orders with their SPEC §4
// label and latest step, opens one order's details and receipt, and changes a paid order's
// shipping address until it ships (SPEC §7 edit shipping address; decision 010). Another patient
// reaches none of it (404); a guest or no session is a 401.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { completeStagesButPayment, payWithTestCard } from '../../../test/orders.ts';
import { signedInPatient, type PatientClient } from '../../../test/patients.ts';
import { pdfText } from '../../../test/prescribing.ts';
import { addresses as addressesTable } from '../../db/schema/addresses.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { doctorLicenses, doctors } from '../../db/schema/doctors.ts';
import { pharmacyStaff } from '../../db/schema/fulfilment.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { prescriptions } from '../../db/schema/prescriptions.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
let partner: string;
beforeAll(async () => {
  ctx = await createTestApp();
  partner = (await ctx.app.services.pharmacies.partnerPharmacy(EVERGREEN_ID))!.id;
});
afterAll(() => ctx.close());

const TX_ADDRESS = { fullName: 'Rosa Diaz', line1: '12 Elm St', line2: null, city: 'Austin', state: 'TX', zip: '78701', phone: '5125550100' };

/** A signed-in user of a staff role (Bearer). */
async function staffClient(role: 'pharmacist' | 'doctor', extra: (userId: string) => Promise<void>) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `${role}.${randomUUID()}@example.com`, role, firstName: 'Ana', lastName: 'Ruiz' })
    .returning({ id: users.id });
  await extra(user!.id);
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
  const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: { host: 'localhost:3000', 'x-requested-with': 'fetch', authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as string }) });
  return { get: (url: string) => send('GET', url), post: (url: string, payload?: unknown) => send('POST', url, payload) };
}

/** The patient's order of `productId` to Austin, TX, paid with the sandbox card. */
async function paidOrder(patient: PatientClient, productId: string, expected: string): Promise<string> {
  const orderId = (await patient.post('/api/cart')).json().id as string;
  expect((await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId }] })).statusCode).toBe(200);
  expect((await patient.put(`/api/orders/${orderId}/shipping-address`, { address: TX_ADDRESS })).statusCode).toBe(200);
  await completeStagesButPayment(ctx, orderId);
  const paid = await payWithTestCard(ctx, patient, orderId);
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().status).toBe(expected);
  return orderId;
}

/** A licensed doctor claims and approves the consult order; the transmission job prescribes it. */
async function approvedAndPrescribed(orderId: string) {
  await ctx.app.services.orders.write(ctx.database.db, orderId, { pharmacyId: partner });
  const doctor = await staffClient('doctor', async (userId) => {
    const [d] = await ctx.database.db
      .insert(doctors)
      .values({ companyId: DEMO_COMPANY_ID, storefrontId: null, userId, name: 'Dr. Ana Ruiz', credentials: 'MD', timeZone: 'America/Chicago', npi: '1234567893' })
      .returning({ id: doctors.id });
    await ctx.database.db.insert(doctorLicenses).values({ doctorId: d!.id, state: 'TX', licenseNumber: 'TX-12345' });
  });
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
}

const pharmacist = () => staffClient('pharmacist', async (userId) => void (await ctx.database.db.insert(pharmacyStaff).values({ userId, pharmacyId: partner })));

type Row = { id: string; orderNumber: string; statusLabel: string; latestStep: { kind: string; label: string; link: string | null; trackingUrl: string | null; carrier: string | null }; resumePath: string | null; ratePath: string | null; items: { title: string; qty: number }[]; totalCents: number };
const list = async (who: PatientClient, scope: 'recent' | 'previous', page = 1) => {
  const res = await who.get(`/api/account/orders?scope=${scope}&page=${page}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Row[]; total: number; page: number; pageSize: number };
};

describe('the orders list (SPEC §7 recent and previous orders; issue 17)', () => {
  it('shows recent orders with their SPEC §4 label and latest step, and a cart to continue at its first pending stage', async () => {
    const patient = await signedInPatient(ctx);
    const reviewId = await paidOrder(patient, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    ctx.clock.advance(60_000);
    const questionId = await paidOrder(patient, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    await ctx.app.services.orders.transition({ orderId: questionId, to: 'needs_info', reason: 'test' });
    ctx.clock.advance(60_000);
    const cartId = (await patient.post('/api/cart')).json().id as string;
    expect((await patient.patch(`/api/orders/${cartId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.minoxidil }] })).statusCode).toBe(200);

    const recent = await list(patient, 'recent');
    expect(recent.total).toBe(3);
    // Newest first: the cart, then the order waiting for an answer, then the one under review.
    expect(recent.items.map((r) => r.id)).toEqual([cartId, questionId, reviewId]);
    const [cart, question, review] = recent.items as [Row, Row, Row];
    expect(cart).toMatchObject({ statusLabel: 'Incomplete', latestStep: { label: 'In checkout' }, items: [{ qty: 1 }] });
    // The first pending stage of the cart: its shipping details (the checkout's own routing).
    expect(cart.resumePath).toMatch(/^\/checkout\//);
    expect(question).toMatchObject({ statusLabel: 'Pending', latestStep: { kind: 'more_information', label: 'More information needed', link: `/orders/${questionId}/more-information` }, resumePath: null });
    expect(review).toMatchObject({ statusLabel: 'Pending', latestStep: { label: 'Awaiting review', link: null }, ratePath: null, items: [{ title: 'Metformin ER Weight Support', qty: 1 }] });
    // The number the confirmation page shows.
    expect(review.orderNumber).toBe((await patient.get(`/api/orders/${reviewId}/payment`)).json().orderNumber);
    expect((await list(patient, 'previous')).total).toBe(0);
  });

  it('moves a shipped order along with its carrier and tracking link, and a delivered one to previous orders', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient, DEMO_PRODUCTS.evergreen.minoxidil, 'paid');
    expect((await list(patient, 'recent')).items[0]).toMatchObject({ statusLabel: 'Pending', latestStep: { label: 'Order received' } });
    const staff = await pharmacist();
    expect((await staff.post(`/api/pharmacy/orders/${orderId}/fill`)).statusCode).toBe(200);
    expect((await staff.post(`/api/pharmacy/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).statusCode).toBe(200);

    const shipped = (await list(patient, 'recent')).items[0]!;
    expect(shipped.latestStep).toMatchObject({ kind: 'shipped', label: 'Shipped', carrier: 'UPS' });
    expect(shipped.latestStep.trackingUrl).toContain('1Z999AA10123456784');

    // Once shipped, the address stays: 409 with the reason.
    const refused = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, line1: '99 Oak Ave' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This order has already shipped, so its address can no longer be changed.');

    expect((await staff.post(`/api/pharmacy/orders/${orderId}/deliver`)).statusCode).toBe(200);
    expect((await list(patient, 'recent')).total).toBe(0);
    const previous = await list(patient, 'previous');
    expect(previous.items.map((r) => [r.id, r.statusLabel, r.latestStep.label])).toEqual([[orderId, 'completed', 'Delivered']]);
  });

  it('lists terminal orders under previous with their own label, ten a page with the total', async () => {
    const patient = await signedInPatient(ctx);
    const db = ctx.database.db;
    const base = new Date('2026-01-01T00:00:00Z').getTime();
    for (let n = 0; n < 12; n++) {
      const [o] = await db
        .insert(orders)
        .values({ storefrontId: EVERGREEN_ID, userId: patient.userId, status: n === 0 ? 'declined' : 'cancelled', totalCents: 1000 + n, createdAt: new Date(base + n * 60_000), updatedAt: new Date(base + n * 60_000) })
        .returning({ id: orders.id });
      await db.insert(orderItems).values({ orderId: o!.id, productId: DEMO_PRODUCTS.evergreen.minoxidil, qty: 1, title: 'Minoxidil', unitPriceCents: 1000 });
    }
    const first = await list(patient, 'previous');
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ totalCents: 1011, statusLabel: 'Cancelled' });
    const second = await list(patient, 'previous', 2);
    expect(second.items.map((r) => [r.totalCents, r.statusLabel, r.latestStep.label])).toEqual([
      [1001, 'Cancelled', 'Cancelled'],
      [1000, 'Declined', 'Declined'],
    ]);
  });
});

describe('order details, receipt and who may see them (issue 17 authorization)', () => {
  it('shows a prescribed order: items, totals, address, pharmacy, doctor, prescription, payment, timeline and the receipt; rate your doctor', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    await approvedAndPrescribed(orderId);

    const res = await patient.get(`/api/account/orders/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      statusLabel: 'Pending',
      latestStep: { label: 'Prescribed' },
      lines: [{ title: 'Metformin ER Weight Support', qty: 1 }],
      shippingAddress: { line1: '12 Elm St', city: 'Austin', state: 'TX', zip: '78701' },
      pharmacy: { name: expect.any(String) },
      doctor: { name: 'Dr. Ana Ruiz', credentials: 'MD' },
      visit: { type: 'review', status: 'reviewed' },
      prescription: { medication: 'Metformin ER', strength: '500 mg', quantity: 60, refillsLeft: 2, directions: 'Take 1 tablet by mouth twice daily with meals.', renewable: false },
      payment: { status: 'captured', card: { brand: 'visa', last4: '4242' } },
      receiptUrl: `/api/orders/${orderId}/receipt.pdf`,
      ratePath: `/checkout/ended-visit?id=${orderId}`,
      addressChange: { allowed: true, sameStateOnly: true },
    });
    expect(d.totals.totalCents).toBe(d.payment.amountCents);
    expect(d.timeline.map((t: { label: string }) => t.label)).toEqual(['Order started', 'Order received', 'Awaiting review', 'Approved', 'Prescribed']);

    const receipt = await patient.get(d.receiptUrl);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(pdfText(receipt.rawPayload)).toContain(d.orderNumber);

    // Once rated, the link goes.
    expect((await patient.post(`/api/orders/${orderId}/rating`, { stars: 5 })).statusCode).toBe(201);
    expect((await patient.get(`/api/account/orders/${orderId}`)).json().ratePath).toBeNull();
  });

  it('offers to renew a prescription once it has no refills left, never a revoked one (issue 17 renewal consult)', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    await approvedAndPrescribed(orderId);
    const renewable = async () => (await patient.get(`/api/account/orders/${orderId}`)).json().prescription.renewable as boolean;
    expect(await renewable()).toBe(false);
    await ctx.database.db.update(prescriptions).set({ refillsLeft: 0 }).where(eq(prescriptions.orderId, orderId));
    expect(await renewable()).toBe(true);
    await ctx.database.db.update(prescriptions).set({ status: 'revoked' }).where(eq(prescriptions.orderId, orderId));
    expect(await renewable()).toBe(false);
  });

  it('patient B reaches none of patient A’s orders: details, receipt and address change are 404, the list shows only their own; a guest gets 401', async () => {
    const a = await signedInPatient(ctx);
    const b = await signedInPatient(ctx);
    const orderId = await paidOrder(a, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    expect((await b.get(`/api/account/orders/${orderId}`)).statusCode).toBe(404);
    expect((await b.get(`/api/orders/${orderId}/receipt.pdf`)).statusCode).toBe(404);
    expect((await b.put(`/api/account/orders/${orderId}/shipping-address`, { address: TX_ADDRESS })).statusCode).toBe(404);
    expect((await list(b, 'recent')).total).toBe(0);
    expect((await b.get('/api/account/orders/not-an-id')).statusCode).toBe(404);

    const guest = await ctx.app.inject({ method: 'GET', url: '/api/account/orders', headers: { host: 'localhost:3000' } });
    expect(guest.statusCode).toBe(401);
    const guestDetails = await ctx.app.inject({ method: 'GET', url: `/api/account/orders/${orderId}`, headers: { host: 'localhost:3000' } });
    expect(guestDetails.statusCode).toBe(401);
  });
});

describe('an order that ships nothing (issue 17 walk: a lab order said "No shipping address.")', () => {
  it('says so in its details: ships false, no address and no change offered; a shipping order says ships true', async () => {
    const patient = await signedInPatient(ctx);
    const labId = (await patient.post('/api/cart')).json().id as string;
    expect((await patient.patch(`/api/orders/${labId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.labPanel }] })).statusCode).toBe(200);
    expect((await patient.patch(`/api/orders/${labId}/shipping`, { state: 'CA' })).statusCode).toBe(200);
    await completeStagesButPayment(ctx, labId);
    expect((await payWithTestCard(ctx, patient, labId)).statusCode).toBe(200);
    const lab = (await patient.get(`/api/account/orders/${labId}`)).json();
    expect(lab).toMatchObject({ ships: false, shippingAddress: null, addressChange: { allowed: false } });
    const shipped = await paidOrder(patient, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    expect((await patient.get(`/api/account/orders/${shipped}`)).json().ships).toBe(true);
  });
});

describe('changing the shipping address until it ships (SPEC §7 edit shipping address; decision 010)', () => {
  it('takes a new address in the same state, keeps the tax, and audits the change without the street', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    const before = (await patient.get(`/api/account/orders/${orderId}`)).json();
    const res = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, line1: '400 Congress Ave', zip: '78702' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shippingAddress).toMatchObject({ line1: '400 Congress Ave', zip: '78702', state: 'TX' });
    expect(res.json().totals).toEqual(before.totals);
    const [event] = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'order.shipping_address_changed'));
    expect(event).toBeDefined();
    expect(JSON.stringify(event!.details)).not.toContain('Congress');
  });

  it('re-taxes a move to another state before a decision: the same rate is taken, a different total is refused', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    // IL taxes at 6.25 % like TX: the total the card holds stays, so the move is taken.
    const il = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, city: 'Chicago', state: 'IL', zip: '60601' } });
    expect(il.statusCode, il.body).toBe(200);
    expect(il.json().shippingAddress.state).toBe('IL');
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ shippingState: 'IL', taxRatePercent: 6.25 });
    // CA taxes 7.25 %: the total would change from what was held, so nothing changes.
    const ca = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, city: 'Fresno', state: 'CA', zip: '93650' } });
    expect(ca.statusCode).toBe(409);
    expect(ca.json().code).toBe('ADDRESS_CHANGES_TOTAL');
    expect(ca.json().detail).toMatch(/would change your order total from \$\d+\.\d\d to \$\d+\.\d\d/);
    expect((await patient.get(`/api/account/orders/${orderId}`)).json().shippingAddress.state).toBe('IL');
  });

  it('after the prescription: the same state only, and the pharmacy gets a fax with the new address', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    await approvedAndPrescribed(orderId);
    const other = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, city: 'Chicago', state: 'IL', zip: '60601' } });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('ADDRESS_STATE_AFTER_DECISION');

    const faxesBefore = (await ctx.app.services.faxes.list(500)).length;
    const same = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, line1: '7 River Rd' } });
    expect(same.statusCode, same.body).toBe(200);
    await ctx.app.services.jobs.drain();
    const faxes = await ctx.app.services.faxes.list(500);
    expect(faxes.length).toBe(faxesBefore + 1);
    const notice = faxes.find((f) => f.idempotencyKey.startsWith(`address-notice:${orderId}:`));
    expect(notice).toBeDefined();
    const pdf = await ctx.app.services.files.get(notice!.documentKey);
    expect(pdfText(pdf!)).toContain('7 River Rd');
    // The pharmacist's order shows the new address.
    const staff = await pharmacist();
    const listed = (await staff.get('/api/pharmacy/orders?status=to_fill')).json().items.find((i: { orderId: string }) => i.orderId === orderId);
    expect(listed.shipTo.line1).toBe('7 River Rd');
  });

  it('refuses a ZIP from another state than the address’s, beside the ZIP field, and keeps the old address (issue 17 walk)', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = await paidOrder(patient, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    // "Austin, TX 90001": 90001 is Los Angeles.
    const res = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { address: { ...TX_ADDRESS, line1: '1100 Congress Ave', zip: '90001' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'address.zip', message: MESSAGES.ZIP_STATE }]);
    // A saved address written before the rule is refused the same way.
    const [saved] = await ctx.database.db.insert(addressesTable).values({ userId: patient.userId, ...TX_ADDRESS, zip: '90001' }).returning({ id: addressesTable.id });
    const fromSaved = await patient.put(`/api/account/orders/${orderId}/shipping-address`, { savedAddressId: saved!.id });
    expect(fromSaved.statusCode).toBe(400);
    expect(fromSaved.json().errors).toEqual([{ field: 'address.zip', message: MESSAGES.ZIP_STATE }]);
    expect((await patient.get(`/api/account/orders/${orderId}`)).json().shippingAddress).toMatchObject({ line1: '12 Elm St', zip: '78701' });
  });

  it('uses one of the patient’s saved addresses; another patient’s saved address id is a 404', async () => {
    const a = await signedInPatient(ctx);
    const b = await signedInPatient(ctx);
    const orderId = await paidOrder(a, DEMO_PRODUCTS.evergreen.metformin, 'awaiting_review');
    const own = (await a.post('/api/addresses', { ...TX_ADDRESS, line1: '55 Lamar Blvd' })).json();
    const theirs = (await b.post('/api/addresses', { ...TX_ADDRESS, line1: '1 Secret Ln' })).json();
    expect((await a.put(`/api/account/orders/${orderId}/shipping-address`, { savedAddressId: theirs.id })).statusCode).toBe(404);
    const res = await a.put(`/api/account/orders/${orderId}/shipping-address`, { savedAddressId: own.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shippingAddress.line1).toBe('55 Lamar Blvd');
  });
});
