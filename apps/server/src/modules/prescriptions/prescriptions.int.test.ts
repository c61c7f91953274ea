// issue 15: prescriptions — the formulary a doctor chooses from, a prescription written on approval
// (never a controlled substance, never more refills than the choice allows), its fax-ready PDF sent
// to the pharmacy's fax (stored in the fax outbox) by a background job that then moves the order to
// prescribed, and the public check a pharmacy makes with the printed code.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { paidConsultOrder, pdfText, prescribingDoctor } from '../../../test/prescribing.ts';
import { orders } from '../../db/schema/orders.ts';
import { faxOutbox, prescriptions, prescriptionTransmissions } from '../../db/schema/prescriptions.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { isValidNpi } from '@store/domain';
import { doctors, doctorLicenses } from '../../db/schema/doctors.ts';
import { DEMO_DOCTOR_IDS } from '../../db/seed/doctors.ts';
import { formatVerificationCode } from './verification-code.ts';

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
  refills: 3,
  validForDays: 180,
  ...overrides,
});

const statusOf = async (orderId: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

/** A prescription written for a draft order through the service (the approve workflow's step, without its PDF). */
async function written(overrides: { refills?: number; validForDays?: number } = {}) {
  const { orderId, patient, pharmacy } = await paidConsultOrder(ctx);
  const option = (await ctx.app.services.prescriptions.formularyChoice(DEMO_FORMULARY.metforminEr500))!;
  return ctx.app.services.prescriptions.write(ctx.database.db, {
    orderId,
    doctorId: DEMO_DOCTOR_IDS.bell,
    patientId: patient.userId,
    pharmacyId: pharmacy.id,
    option,
    approve: { formularyId: option.id, quantity: 60, daysSupply: 30, directions: option.directionsTemplate, refills: overrides.refills ?? 2, validForDays: overrides.validForDays ?? 365, substitutionAllowed: true },
  });
}

describe('the formulary (issue 15)', () => {
  it("lists a product's choices, the controlled one marked", async () => {
    const options = await ctx.app.services.prescriptions.formularyOf([DEMO_PRODUCTS.evergreen.metformin]);
    expect(options.map((o) => `${o.medication} ${o.strength}`)).toEqual(['Metformin ER 500 mg', 'Metformin ER 750 mg', 'Phentermine 37.5 mg']);
    expect(options.find((o) => o.medication === 'Phentermine')).toMatchObject({ controlled: true, maxRefills: 0 });
    expect(options.find((o) => o.strength === '500 mg')).toMatchObject({ quantity: 60, daysSupply: 30, maxRefills: 5, controlled: false });
  });

  it('gives every seeded product that needs a consult at least one choice, and the demo doctors valid NPIs and licence numbers', async () => {
    const consultProducts = Object.values(DEMO_PRODUCTS.evergreen)
      .concat(Object.values(DEMO_PRODUCTS.lumen))
      .filter((id) => id !== DEMO_PRODUCTS.evergreen.minoxidil);
    for (const productId of [DEMO_PRODUCTS.evergreen.semaglutide, DEMO_PRODUCTS.evergreen.finasteride, DEMO_PRODUCTS.lumen.acneGel]) {
      expect(consultProducts).toContain(productId);
      expect((await ctx.app.services.prescriptions.formularyOf([productId])).length).toBeGreaterThan(0);
    }
    const rows = await ctx.database.db.select({ npi: doctors.npi }).from(doctors).where(eq(doctors.id, DEMO_DOCTOR_IDS.bell));
    expect(isValidNpi(rows[0]!.npi!)).toBe(true);
    const licences = await ctx.database.db.select().from(doctorLicenses).where(eq(doctorLicenses.doctorId, DEMO_DOCTOR_IDS.bell));
    expect(licences.every((l) => l.licenseNumber?.startsWith(`${l.state}-`))).toBe(true);
  });
});

describe('writing a prescription (issue 15)', () => {
  it('refuses a controlled substance with a clear message, and refills over the choice maximum', async () => {
    const { orderId, patient, pharmacy } = await paidConsultOrder(ctx);
    const base = { orderId, doctorId: DEMO_DOCTOR_IDS.bell, patientId: patient.userId, pharmacyId: pharmacy.id };
    const phentermine = (await ctx.app.services.prescriptions.formularyChoice(DEMO_FORMULARY.phentermine))!;
    const approve = { formularyId: phentermine.id, quantity: 30, daysSupply: 30, directions: 'Take 1 tablet daily.', refills: 0, validForDays: 30, substitutionAllowed: true };
    await expect(ctx.app.services.prescriptions.write(ctx.database.db, { ...base, option: phentermine, approve })).rejects.toMatchObject({
      status: 409,
      code: 'CONTROLLED_SUBSTANCE',
      detail: expect.stringContaining('Controlled substances cannot be prescribed'),
    });
    const metformin = (await ctx.app.services.prescriptions.formularyChoice(DEMO_FORMULARY.metforminEr500))!;
    await expect(
      ctx.app.services.prescriptions.write(ctx.database.db, { ...base, option: metformin, approve: { ...approve, formularyId: metformin.id, refills: 6 } }),
    ).rejects.toMatchObject({ status: 400, errors: [{ field: 'refills' }] });
    expect(await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.orderId, orderId))).toHaveLength(0);
  });

  it('writes it with its refills, an expiry validForDays later, a queued fax transmission and only the hash of its code', async () => {
    const { prescription, verificationCode } = await written({ refills: 2, validForDays: 90 });
    expect(verificationCode).toMatch(/^[2-9A-HJKMNP-Z]{9}$/);
    expect(prescription).toMatchObject({ refillsAuthorized: 2, refillsLeft: 2, status: 'active', receivedAt: null, transmission: { status: 'queued', transport: 'fax', attempts: 0 } });
    expect(new Date(prescription.expiresAt).getTime() - new Date(prescription.writtenAt).getTime()).toBe(90 * 24 * 3600_000);
    const [row] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.id, prescription.id));
    expect(JSON.stringify(row)).not.toContain(verificationCode);
    expect(await ctx.app.services.prescriptions.ofOrder(ctx.database.db, prescription.orderId)).toEqual(prescription);
  });
});

describe('approve → fax → prescribed (issue 15)', () => {
  it('faxes the PDF into the outbox once, moves the order to prescribed and tells the patient', async () => {
    const doctor = await prescribingDoctor(ctx, ['TX'], '1234567893');
    const { orderId, patient, pharmacy } = await paidConsultOrder(ctx, 'TX');
    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    expect((await doctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody({ substitutionAllowed: false }))).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('approved');
    const before = await ctx.app.services.prescriptions.ofOrder(ctx.database.db, orderId);
    expect(before?.transmission).toMatchObject({ status: 'queued', attempts: 0 });

    await ctx.app.services.jobs.drain();
    expect(await statusOf(orderId)).toBe('prescribed');
    const rx = (await ctx.app.services.prescriptions.ofOrder(ctx.database.db, orderId))!;
    expect(rx.transmission).toEqual({ status: 'transmitted', transport: 'fax', attempts: 1 });
    const [fax] = await ctx.database.db.select().from(faxOutbox).where(eq(faxOutbox.idempotencyKey, `rx:${rx.id}:1`));
    expect(fax).toMatchObject({ toName: pharmacy.name, toNumber: pharmacy.fax, pages: 2, status: 'stored' });

    // The PDF: what the pharmacist reads, and never a claim of e-prescribing.
    const pdf = (await ctx.app.services.prescriptions.documentOf(rx.id))!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'CONFIDENTIALITY NOTICE',
      pharmacy.name,
      'Dr. Ana Ruiz, MD',
      '1234567893',
      `TX-MD-77${'T'.charCodeAt(0)}`,
      'Pat Jones',
      '1980-02-03',
      '1 Main St, Austin, TX 78701',
      'Metformin ER',
      '500 mg',
      '60 (sixty)',
      'Take 1 tablet by mouth twice daily with meals.',
      '3 (three)',
      'Dispense as written',
      pharmacy.npi,
      'Electronically signed by Dr. Ana Ruiz, MD',
      'This prescription was transmitted by fax. It is not an electronic prescription (not e-prescribed, not EPCS).',
      'Verification code:',
      '/verify-prescription',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/electronically prescribed|e-prescribed via|EPCS certified/i);
    const [fromPdf] = /Verification code: ([2-9A-Z]{4}-[2-9A-Z]{5})/.exec(text)!.slice(1);
    expect((await ctx.app.services.prescriptions.verify(fromPdf!))?.status).toBe('valid');

    // Running the job again changes nothing: one fax, one attempt, still prescribed.
    await ctx.app.services.prescribe.transmit(rx.id);
    await ctx.app.services.prescribe.transmit(rx.id);
    expect(await ctx.database.db.select().from(faxOutbox).where(eq(faxOutbox.idempotencyKey, `rx:${rx.id}:1`))).toHaveLength(1);
    expect((await ctx.app.services.prescriptions.ofOrder(ctx.database.db, orderId))!.transmission?.attempts).toBe(1);
    expect(await statusOf(orderId)).toBe('prescribed');

    await ctx.app.services.jobs.drain();
    const email = (await ctx.app.services.auth.contactOf(patient.userId))!.email;
    const mails = (await ctx.app.services.notifications.outbox(100)).filter((m) => m.to === email && m.subject?.startsWith('Your prescription was sent'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(pharmacy.name);
    expect(mails[0]!.body).not.toContain('Metformin');

    // Outside production the fax outbox lists it, with its PDF.
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/fax-outbox', headers: { host: 'localhost:3000' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/dev/fax-outbox/${fax!.id}.pdf`);
    const file = await ctx.app.inject({ method: 'GET', url: `/dev/fax-outbox/${fax!.id}.pdf`, headers: { host: 'localhost:3000' } });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('records a failed fax and lets the queue retry it; the order is prescribed only once it is sent', async () => {
    const doctor = await prescribingDoctor(ctx, ['TX'], '1245319599');
    const { orderId } = await paidConsultOrder(ctx, 'TX');
    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const busy = vi.spyOn(ctx.app.services.faxes, 'send').mockRejectedValueOnce(new Error('line busy'));
    expect((await doctor.post(`/api/doctor/orders/${orderId}/approve`, approveBody())).statusCode).toBe(200);
    await ctx.app.services.jobs.drain();
    const rx = (await ctx.app.services.prescriptions.ofOrder(ctx.database.db, orderId))!;
    expect(rx.transmission).toEqual({ status: 'failed', transport: 'fax', attempts: 1 });
    const [t] = await ctx.database.db.select().from(prescriptionTransmissions).where(eq(prescriptionTransmissions.prescriptionId, rx.id));
    expect(t!.lastError).toBe('line busy');
    expect(await statusOf(orderId)).toBe('approved');

    ctx.clock.advance(60_000); // past the queue's back-off
    await ctx.app.services.jobs.drain();
    expect((await ctx.app.services.prescriptions.ofOrder(ctx.database.db, orderId))!.transmission).toEqual({ status: 'transmitted', transport: 'fax', attempts: 2 });
    expect(await statusOf(orderId)).toBe('prescribed');
    busy.mockRestore();
  });

  it('renders the PDF at transmission for a prescription written without one (a new code replaces the first)', async () => {
    const { prescription, verificationCode } = await written();
    const [t] = await ctx.database.db.select().from(prescriptionTransmissions).where(eq(prescriptionTransmissions.prescriptionId, prescription.id));
    expect(t!.documentKey).toBeNull();
    await ctx.app.services.prescribe.transmit(prescription.id);
    const text = pdfText((await ctx.app.services.prescriptions.documentOf(prescription.id))!);
    const printed = /Verification code: ([2-9A-Z]{4}-[2-9A-Z]{5})/.exec(text)![1]!;
    expect((await ctx.app.services.prescriptions.verify(printed))?.status).toBe('valid');
    expect(await ctx.app.services.prescriptions.verify(verificationCode)).toBeNull();
    // The order was not approved by a doctor here: it is not moved.
    expect(await statusOf(prescription.orderId)).toBe('awaiting_review');
  });
});

describe('public verification (issue 15)', () => {
  it('answers valid / 404 for an unknown code, and records the pharmacy\'s receipt once', async () => {
    const { prescription, verificationCode } = await written();
    const pharmacy = new TestBrowser(ctx.app);
    const checked = await pharmacy.get(`/api/prescriptions/verify?code=${formatVerificationCode(verificationCode).toLowerCase()}`);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ status: 'valid' });
    expect(checked.headers['cache-control']).toBe('no-store');
    const unknown = await pharmacy.get('/api/prescriptions/verify?code=ABCD-EFGHJ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('We could not find a prescription with this code.');

    const received = await pharmacy.post('/api/prescriptions/verify/receipt', { code: verificationCode });
    expect(received.statusCode).toBe(200);
    expect(received.json()).toEqual({ status: 'valid', received: true });
    const first = (await ctx.app.services.prescriptions.ofOrder(ctx.database.db, prescription.orderId))!.receivedAt;
    expect(first).not.toBeNull();
    ctx.clock.advance(60_000);
    expect((await pharmacy.post('/api/prescriptions/verify/receipt', { code: verificationCode })).statusCode).toBe(200);
    expect((await ctx.app.services.prescriptions.ofOrder(ctx.database.db, prescription.orderId))!.receivedAt).toBe(first);
    expect((await ctx.database.db.transaction((tx) => ctx.app.services.prescriptions.confirmReceipt(tx, verificationCode)))?.alreadyConfirmed).toBe(true);
    expect((await pharmacy.post('/api/prescriptions/verify/receipt', { code: 'ABCD-EFGHJ' })).statusCode).toBe(404);
  });

  it('answers revoked and expired, and refuses to confirm either', async () => {
    const revoked = await written();
    await ctx.database.db.update(prescriptions).set({ status: 'revoked', revokedAt: ctx.clock.now }).where(eq(prescriptions.id, revoked.prescription.id));
    const pharmacy = new TestBrowser(ctx.app);
    expect((await pharmacy.get(`/api/prescriptions/verify?code=${revoked.verificationCode}`)).json()).toEqual({ status: 'revoked' });
    const refused = await pharmacy.post('/api/prescriptions/verify/receipt', { code: revoked.verificationCode });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PRESCRIPTION_REVOKED');

    const short = await written({ validForDays: 1 });
    ctx.clock.advance(2 * 24 * 3600_000);
    expect((await pharmacy.get(`/api/prescriptions/verify?code=${short.verificationCode}`)).json()).toEqual({ status: 'expired' });
    expect((await pharmacy.post('/api/prescriptions/verify/receipt', { code: short.verificationCode })).json().code).toBe('PRESCRIPTION_EXPIRED');
  });

  it('slows down an address that guesses codes (429 with Retry-After)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/prescriptions/verify?code=ZZZZ-ZZZ${'23456789ABCDEFGHJKMNPQRSTUVWXYZ'[i]}${'Z'}`, headers: { host: 'localhost:3000' }, remoteAddress: '203.0.113.9' });
      answers.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        break;
      }
    }
    expect(answers).toContain(429);
    expect(answers.slice(0, 10).every((s) => s === 404)).toBe(true);
  });
});
