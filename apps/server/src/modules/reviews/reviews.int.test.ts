// issue 15: the doctors' review queue — a doctor sees only their storefronts and licensed states,
// one doctor at a time holds an order (a lease that lapses back to the queue), and a decision moves
// the money: approve captures the hold, decline voids it. Everyone else reaches none of it (404).
import { randomUUID } from 'node:crypto';
import { DECLINE_REASONS } from '@store/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { completeStagesButPayment, payWithTestCard } from '../../../test/orders.ts';
import { signedInDoctor } from '../../../test/reviews.ts';
import { signedInPatient, type PatientClient } from '../../../test/patients.ts';
import { users } from '../../db/schema/auth.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { pharmacies } from '../../db/schema/pharmacies.ts';
import { faxOutbox, prescriptions } from '../../db/schema/prescriptions.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { decisions } from '../../db/schema/reviews.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { REVIEW_LEASE_MS } from './reviews.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A signed-in doctor (Bearer), licensed in `states`, serving every storefront of the company or one. */
const doctor = (states: string[], storefrontId: string | null = null) => signedInDoctor(ctx, states, storefrontId);
type Doctor = Awaited<ReturnType<typeof doctor>>;

/** A patient's paid asynchronous consult order (Metformin, a doctor reviews the answers) shipping to `state`: awaiting_review, card held. */
async function awaitingReview(state = 'CA'): Promise<{ orderId: string; patient: PatientClient }> {
  const patient = await signedInPatient(ctx);
  const orderId = (await patient.post('/api/cart')).json().id as string;
  expect((await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.metformin }] })).statusCode).toBe(200);
  expect((await patient.patch(`/api/orders/${orderId}/shipping`, { state })).statusCode).toBe(200);
  await completeStagesButPayment(ctx, orderId);
  const paid = await payWithTestCard(ctx, patient, orderId);
  expect(paid.statusCode).toBe(200);
  expect(paid.json().status).toBe('awaiting_review');
  // The pharmacy and address the patient chose at checkout (the prescription prints them).
  const [pharmacy] = await ctx.database.db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.isPatientCreated, false)).limit(1);
  await ctx.database.db
    .update(orders)
    .set({ pharmacyId: pharmacy!.id, shipFullName: 'Pat Patient', shipLine1: '1 Main St', shipCity: 'Austin', shipState: state, shipZip: '78701' })
    .where(eq(orders.id, orderId));
  return { orderId, patient };
}

/** An approve body: the Metformin ER 500 mg choice as the formulary gives it. */
const approveBody = (overrides: Record<string, unknown> = {}) => ({
  formularyId: DEMO_FORMULARY.metforminEr500,
  quantity: 60,
  daysSupply: 30,
  directions: 'Take 1 tablet by mouth twice daily with meals.',
  refills: 5,
  ...overrides,
});

const paymentOf = async (orderId: string) => (await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const statusOf = async (orderId: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
const queued = async (who: Doctor, query = '') => (await who.get(`/api/doctor/queue${query}`)).json() as { items: { orderId: string; claim: { byMe: boolean } | null }[]; total: number };

describe('the review queue (issue 15)', () => {
  let caDoctor: Doctor;
  let nyDoctor: Doctor;
  let lumenDoctor: Doctor;
  beforeAll(async () => {
    caDoctor = await doctor(['CA', 'TX']);
    nyDoctor = await doctor(['NY']);
    lumenDoctor = await doctor(['CA'], LUMEN_ID);
  });

  it('lists a paid consult order to doctors of its storefront licensed in its state, and to no one else', async () => {
    const { orderId } = await awaitingReview('CA');
    const mine = await queued(caDoctor);
    expect(mine.items.map((i) => i.orderId)).toContain(orderId);
    expect(mine.items.find((i) => i.orderId === orderId)).toMatchObject({ state: 'CA', claim: null, products: [{ title: 'Metformin ER Weight Support' }] });
    // Licensed elsewhere, or serving another storefront only: not theirs to see.
    expect((await queued(nyDoctor)).items.map((i) => i.orderId)).not.toContain(orderId);
    expect((await queued(lumenDoctor)).items.map((i) => i.orderId)).not.toContain(orderId);
    // Filters narrow it: another state finds nothing of it.
    expect((await queued(caDoctor, '?state=TX')).items.map((i) => i.orderId)).not.toContain(orderId);
    expect((await queued(caDoctor, `?productId=${DEMO_PRODUCTS.evergreen.metformin}`)).items.map((i) => i.orderId)).toContain(orderId);
  });

  it('lets one doctor at a time hold an order; the others see it taken; a lapsed lease puts it back', async () => {
    const { orderId } = await awaitingReview('CA');
    const second = await doctor(['CA']);
    const claimed = await caDoctor.post(`/api/doctor/orders/${orderId}/claim`);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().byMe).toBe(true);
    expect((await queued(second)).items.find((i) => i.orderId === orderId)?.claim).toMatchObject({ byMe: false });
    const refused = await second.post(`/api/doctor/orders/${orderId}/claim`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('REVIEW_TAKEN');

    ctx.clock.advance(REVIEW_LEASE_MS + 1000);
    expect((await queued(second)).items.find((i) => i.orderId === orderId)?.claim).toBeNull();
    expect((await second.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    // The first doctor's lapsed lease no longer lets them decide.
    const late = await caDoctor.post(`/api/doctor/orders/${orderId}/decline`, { reasonCode: 'other' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('REVIEW_NOT_HELD');
    expect(await statusOf(orderId)).toBe('awaiting_review');
    expect((await paymentOf(orderId)).status).toBe('authorized');
  });

  it('makes exactly one claim when many doctors race for the same order', async () => {
    const { orderId } = await awaitingReview('CA');
    const racers = await Promise.all(Array.from({ length: 6 }, () => doctor(['CA'])));
    const answers = await Promise.all(racers.map((d) => d.post(`/api/doctor/orders/${orderId}/claim`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
  });

  it('approving with a formulary choice captures the held amount, approves, writes the prescription; it is prescribed once faxed', async () => {
    const { orderId } = await awaitingReview('TX');
    expect((await caDoctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody())).statusCode).toBe(409); // not claimed yet
    expect((await caDoctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const approved = await caDoctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody({ clinicalNote: 'A1c 6.1; eGFR normal.' }));
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ status: 'approved' });
    expect(await statusOf(orderId)).toBe('approved');
    expect((await paymentOf(orderId)).status).toBe('captured');
    expect((await queued(caDoctor)).items.map((i) => i.orderId)).not.toContain(orderId);
    const [decision] = await ctx.database.db.select().from(decisions).where(eq(decisions.orderId, orderId));
    expect(decision).toMatchObject({ kind: 'approve', doctorId: caDoctor.id, clinicalNote: 'A1c 6.1; eGFR normal.' });
    const [rx] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.orderId, orderId));
    expect(rx).toMatchObject({ medication: 'Metformin ER', strength: '500 mg', quantity: 60, refillsAuthorized: 5, doctorId: caDoctor.id, status: 'active' });
    // issue 15: the transmission job faxes it, then the order is prescribed.
    await ctx.app.services.jobs.drain();
    expect(await statusOf(orderId)).toBe('prescribed');
    const faxes = await ctx.database.db.select().from(faxOutbox).where(eq(faxOutbox.idempotencyKey, `rx:${rx!.id}:1`));
    expect(faxes).toHaveLength(1);
  });

  it('after a visit, only the visit’s own doctor claims and decides its order (issue 15 "the decision after a visit"), once the visit is completed (issue 16)', async () => {
    const { orderId } = await awaitingReview('CA');
    // The order of a booked video visit with caDoctor, held at payment; the visit is on now.
    await ctx.database.db.update(orders).set({ status: 'visit_scheduled', doctorId: caDoctor.id }).where(eq(orders.id, orderId));
    const [visit] = await ctx.database.db
      .insert(appointments)
      .values({
        storefrontId: EVERGREEN_ID,
        orderId,
        doctorId: caDoctor.id,
        startsAt: ctx.clock.now,
        endsAt: new Date(ctx.clock.now.getTime() + 30 * 60_000),
        status: 'booked',
        visitType: 1,
        inviteeName: 'Pat Patient',
        inviteeEmail: 'pat@example.com',
        inviteePhone: '5552013344',
        patientTimeZone: 'America/Los_Angeles',
        calendarUid: `${randomUUID()}@visits.store`,
      })
      .returning({ id: appointments.id });
    const otherCa = await doctor(['CA']);
    expect((await otherCa.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(404);
    expect((await queued(otherCa)).items.map((i) => i.orderId)).not.toContain(orderId);
    expect((await caDoctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    // issue 16: not before the visit is completed.
    const early = await caDoctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody());
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('VISIT_NOT_COMPLETED');
    expect((await paymentOf(orderId)).status).toBe('authorized');
    expect((await caDoctor.post(`/api/doctor/visits/${visit!.id}/complete`)).statusCode).toBe(200);
    expect((await caDoctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody())).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('approved');
    expect((await paymentOf(orderId)).status).toBe('captured');
  });

  it('refuses a formulary choice of another product (404) and a controlled substance (409) before any money moves', async () => {
    const { orderId } = await awaitingReview('CA');
    expect((await caDoctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const options = await caDoctor.get(`/api/doctor/orders/${orderId}/formulary`);
    expect(options.statusCode).toBe(200);
    expect(options.headers['cache-control']).toBe('no-store');
    const listed = options.json().options as { id: string; medication: string; controlled: boolean }[];
    expect(listed.map((o) => o.id).sort()).toEqual([DEMO_FORMULARY.metforminEr500, DEMO_FORMULARY.metforminEr750, DEMO_FORMULARY.phentermine].sort());
    expect(listed.find((o) => o.id === DEMO_FORMULARY.phentermine)).toMatchObject({ medication: 'Phentermine', controlled: true });

    const otherProduct = await caDoctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody({ formularyId: DEMO_FORMULARY.sildenafil50 }));
    expect(otherProduct.statusCode).toBe(404);
    const unknown = await caDoctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody({ formularyId: randomUUID() }));
    expect(unknown.statusCode).toBe(404);
    const controlled = await caDoctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody({ formularyId: DEMO_FORMULARY.phentermine, refills: 0 }));
    expect(controlled.statusCode).toBe(409);
    expect(controlled.json().code).toBe('CONTROLLED_SUBSTANCE');
    expect(controlled.json().detail).toContain('Controlled substances cannot be prescribed');
    const tooMany = await caDoctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody({ formularyId: DEMO_FORMULARY.metforminEr750, refills: 6 }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([{ field: 'refills', message: 'At most 5 refills for this medication.' }]);
    expect(await statusOf(orderId)).toBe('awaiting_review');
    expect((await paymentOf(orderId)).status).toBe('authorized');
    expect(await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.orderId, orderId))).toHaveLength(0);
  });

  it('refuses to approve, before any money moves, when the prescription cannot reach the pharmacy (no fax on file)', async () => {
    const { orderId } = await awaitingReview('CA');
    const [noFax] = await ctx.database.db
      .insert(pharmacies)
      .values({ npi: '1234567893', name: 'Corner Drugs', phone: '4155550100', fax: null, addressLine: '9 Elm St', city: 'Oakland', state: 'CA', zip: '94612' })
      .returning({ id: pharmacies.id });
    await ctx.database.db.update(orders).set({ pharmacyId: noFax!.id }).where(eq(orders.id, orderId));
    expect((await caDoctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const refused = await caDoctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PHARMACY_UNREACHABLE');
    expect(refused.json().detail).toContain('no fax number on file');
    expect(await statusOf(orderId)).toBe('awaiting_review');
    expect((await paymentOf(orderId)).status).toBe('authorized');
  });

  it('declining with a reason voids the hold and declines the order, keeping the clinical note apart', async () => {
    const { orderId, patient } = await awaitingReview('CA');
    expect((await caDoctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const noReason = await caDoctor.post(`/api/doctor/orders/${orderId}/decline`, {});
    expect(noReason.statusCode).toBe(400);
    expect(await statusOf(orderId)).toBe('awaiting_review');
    const declined = await caDoctor.post(`/api/doctor/orders/${orderId}/decline`, {
      reasonCode: 'safety',
      noteForPatient: 'Please talk to your primary care doctor.',
      clinicalNote: 'eGFR history; contraindicated.',
    });
    expect(declined.statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('declined');
    expect((await paymentOf(orderId)).status).toBe('voided');
    const [decision] = await ctx.database.db.select().from(decisions).where(eq(decisions.orderId, orderId));
    expect(decision).toMatchObject({ kind: 'decline', reasonCode: 'safety', clinicalNote: 'eGFR history; contraindicated.' });
    // issue 15: the patient is told, in kind words, never the clinical note.
    await ctx.app.services.jobs.drain();
    const email = (await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, patient.userId)))[0]!.email;
    const mail = (await ctx.app.services.notifications.outbox(50)).find((m) => m.to === email && m.subject?.startsWith('An update on your order'));
    expect(mail?.subject).toContain('An update on your order');
    expect(mail?.body).toContain(DECLINE_REASONS.safety);
    expect(mail?.body).toContain('Your card has not been charged');
    expect(mail?.body).toContain('A note from your doctor: Please talk to your primary care doctor.');
    expect(mail?.body).not.toContain('eGFR');
  });

  it('answers 404 to a patient, a guest, a doctor who may not review the order, and for an unknown id', async () => {
    const { orderId, patient } = await awaitingReview('CA');
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/cart');
    for (const url of ['/api/doctor/queue']) {
      expect((await patient.get(url)).statusCode).toBe(404);
      expect((await guest.get(url)).statusCode).toBe(404);
    }
    for (const action of ['claim', 'approve', 'decline']) {
      const url = `/api/doctor/orders/${orderId}/${action}`;
      const body = action === 'approve' ? approveBody() : { reasonCode: 'other' };
      expect((await patient.post(url, body)).statusCode).toBe(404);
      expect((await guest.post(url, body)).statusCode).toBe(404);
      expect((await nyDoctor.post(url, body)).statusCode).toBe(404);
      expect((await lumenDoctor.post(url, body)).statusCode).toBe(404);
    }
    const formulary = `/api/doctor/orders/${orderId}/formulary`;
    expect((await patient.get(formulary)).statusCode).toBe(404);
    expect((await guest.get(formulary)).statusCode).toBe(404);
    expect((await nyDoctor.get(formulary)).statusCode).toBe(404);
    expect((await lumenDoctor.get(formulary)).statusCode).toBe(404);
    expect((await caDoctor.post(`/api/doctor/orders/${randomUUID()}/claim`)).statusCode).toBe(404);
    expect(await statusOf(orderId)).toBe('awaiting_review');
    expect((await paymentOf(orderId)).status).toBe('authorized');
  });
});
