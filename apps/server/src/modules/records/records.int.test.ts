// Health records (issue 17; SPEC §7 labs by storefront, documents, filtered documents; §2 view labs,
// download lab requisition, download lab results): a paid lab product makes one lab order with its
// requisition, the doctor uploads the results, the patient is mailed and downloads them; the
// documents list composes uploads, prescriptions, visit summaries, receipts and lab files.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { completeStagesButPayment, payWithTestCard } from '../../../test/orders.ts';
import { signedInPatient, type PatientClient } from '../../../test/patients.ts';
import { pdfText, prescribingDoctor } from '../../../test/prescribing.ts';
import { patientUpload, signedInDoctor, TINY_PNG, type DoctorClient } from '../../../test/reviews.ts';
import { paidVisitOrder, VISIT_TEST_MONDAY } from '../../../test/visit-call.ts';
import { users } from '../../db/schema/auth.ts';
import { orders } from '../../db/schema/orders.ts';
import { pharmacies } from '../../db/schema/pharmacies.ts';
import { documents, labOrders } from '../../db/schema/records.ts';
import { decisions } from '../../db/schema/reviews.ts';
import { visitNotes, visits } from '../../db/schema/visits.ts';
import { DEMO_DOCTOR_IDS } from '../../db/seed/doctors.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { LAB_ORDERS_JOB } from '../../workflows/lab-orders.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // The visit helper books a slot after this Monday.
  ctx.clock.now = new Date(VISIT_TEST_MONDAY);
});
afterAll(() => ctx.close());

const PANEL = 'Comprehensive Wellness Lab Panel';

/** A signed-in patient (name and birth date on file) who bought the lab panel; the queue drained. */
async function boughtLabPanel(patient?: PatientClient) {
  const who = patient ?? (await signedInPatient(ctx, { firstName: 'Lena', lastName: 'Park' }));
  await ctx.database.db.update(users).set({ dateOfBirth: '1984-05-06' }).where(eq(users.id, who.userId));
  const orderId = (await who.post('/api/cart')).json().id as string;
  expect((await who.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.labPanel }] })).statusCode).toBe(200);
  // The patient's state (a lab is drawn where they are; the product is not sold in every state).
  expect((await who.patch(`/api/orders/${orderId}/shipping`, { state: 'CA' })).statusCode).toBe(200);
  await completeStagesButPayment(ctx, orderId);
  const paid = await payWithTestCard(ctx, who, orderId);
  expect(paid.statusCode).toBe(200);
  expect(paid.json().status).toBe('paid');
  await ctx.app.services.jobs.drain();
  return { patient: who, orderId };
}

async function labsOf(patient: PatientClient) {
  const res = await patient.get('/api/records/labs');
  expect(res.statusCode).toBe(200);
  return res.json().labs as { id: string; panel: string; status: string; requisitionNumber: string; requisitionUrl: string | null; resultUrl: string | null; orderId: string }[];
}

/** A multipart body with one `file` part, as a browser's FormData sends it. */
function multipart(data: Buffer, name: string, type: string) {
  const boundary = `----records${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function uploadResult(doctor: DoctorClient | PatientClient, labOrderId: string, file = multipart(TINY_PNG, 'results.png', 'image/png'), host = 'localhost:3000') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/doctor/labs/${labOrderId}/results`,
    headers: { host, authorization: `Bearer ${(doctor as { token?: string }).token ?? ''}`, 'x-requested-with': 'fetch', ...file.headers },
    payload: file.payload,
  });
}

/** signedInDoctor keeps its token to itself: a doctor client that also sends multipart. */
async function labDoctor(storefrontId: string | null = null) {
  const doctor = await signedInDoctor(ctx, ['CA'], storefrontId);
  const { token } = await ctx.app.services.sessions.createUserSession(doctor.userId, storefrontId ?? EVERGREEN_ID);
  return { ...doctor, token };
}

const accessRows = async (patientId: string) => ctx.app.services.accessLog.forPatient(patientId);

describe('lab orders (issue 17 health records)', () => {
  it('a paid lab panel makes one lab order with its requisition PDF, once however often the job runs', async () => {
    // SPEC §2 view labs, download lab requisition
    const { patient, orderId } = await boughtLabPanel();
    const labs = await labsOf(patient);
    expect(labs).toHaveLength(1);
    expect(labs[0]).toMatchObject({ panel: PANEL, status: 'ordered', orderId, resultUrl: null });
    expect(labs[0]!.requisitionNumber).toMatch(/^LAB-[0-9A-F]{8}$/);

    // The job again (a retry, a second worker) and the service's step again: nothing new.
    await ctx.app.services.jobs.enqueue(LAB_ORDERS_JOB, { orderId });
    await ctx.app.services.jobs.drain();
    await ctx.app.services.labOrders.orderLabs(orderId);
    expect(await ctx.database.db.select().from(labOrders).where(eq(labOrders.orderId, orderId))).toHaveLength(1);
    expect(await ctx.database.db.select().from(documents).where(eq(documents.patientId, patient.userId))).toHaveLength(1);

    const pdf = await patient.get(labs[0]!.requisitionUrl!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="lab-requisition-LAB-/);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(pdf.rawPayload);
    for (const expected of ['Laboratory requisition', 'Lena Park', '1984-05-06', PANEL, labs[0]!.requisitionNumber, orderId.replace(/-/g, '').slice(0, 8).toUpperCase(), 'Evergreen']) {
      expect(text).toContain(expected);
    }
  });

  it('an over-the-counter order makes no lab order', async () => {
    const patient = await signedInPatient(ctx);
    const orderId = (await patient.post('/api/cart')).json().id as string;
    await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.vitaminD }] });
    await patient.patch(`/api/orders/${orderId}/shipping`, { state: 'CA' });
    await completeStagesButPayment(ctx, orderId);
    expect((await payWithTestCard(ctx, patient, orderId)).statusCode).toBe(200);
    await ctx.app.services.jobs.drain();
    expect(await labsOf(patient)).toEqual([]);
  });

  it('the doctor sees it, uploads the results: resulted, the patient mailed, every read access-logged', async () => {
    const { patient } = await boughtLabPanel();
    const [lab] = await labsOf(patient);
    const doctor = await labDoctor();

    const list = await doctor.get('/api/doctor/labs');
    expect(list.statusCode).toBe(200);
    const row = (list.json().labs as { id: string; patientName: string; patientDateOfBirth: string; status: string; requisitionUrl: string }[]).find((l) => l.id === lab!.id);
    expect(row).toMatchObject({ patientName: 'Lena Park', patientDateOfBirth: '1984-05-06', status: 'ordered' });
    expect(await accessRows(patient.userId)).toContainEqual(expect.objectContaining({ actorUserId: doctor.userId, actorRole: 'doctor', what: 'lab_order', reason: `lab_order:${lab!.id}` }));

    // The doctor's copy of the requisition is logged too.
    const requisition = await doctor.get(row!.requisitionUrl);
    expect(requisition.statusCode).toBe(200);
    expect(requisition.headers['content-type']).toBe('application/pdf');
    expect((await accessRows(patient.userId)).filter((e) => e.what === 'lab_requisition')).toHaveLength(1);

    // SPEC §5 upload rules: the wrong type is refused with the spec's message, nothing changes.
    const wrong = await uploadResult(doctor, lab!.id, multipart(Buffer.from('just some text'), 'results.txt', 'text/plain'));
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().errors[0]).toEqual({ field: 'file', message: 'This file type is not supported. Please upload a JPG, PNG, HEIC or PDF.' });
    expect((await labsOf(patient))[0]!.status).toBe('ordered');

    const uploaded = await uploadResult(doctor, lab!.id);
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({ id: lab!.id, status: 'resulted' });
    expect((await uploadResult(doctor, lab!.id)).statusCode).toBe(409);

    const after = (await labsOf(patient))[0]!;
    expect(after.status).toBe('resulted');
    const result = await patient.get(after.resultUrl!);
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('image/png');
    expect(result.headers['content-disposition']).toMatch(/^attachment; filename="lab-results-LAB-[0-9A-F]{8}\.png"/);
    expect(result.rawPayload.equals(TINY_PNG)).toBe(true);

    await ctx.app.services.jobs.drain();
    const [contact] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, patient.userId));
    const mails = (await ctx.app.services.notifications.outbox(200)).filter((m) => m.to === contact!.email && m.subject === 'Your lab results are ready');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('/my-account/records');
    expect(mails[0]!.body).toContain(PANEL);
    expect(await accessRows(patient.userId)).toContainEqual(expect.objectContaining({ actorUserId: doctor.userId, what: 'lab_result', reason: `lab_order:${lab!.id}` }));
  });

  it('a lab panel bought beside a consult product is ordered once the doctor approves (the hold captured), not at payment', async () => {
    // issue 17 health records: lab products produce a lab order with a requisition PDF
    const patient = await signedInPatient(ctx, { firstName: 'Lena', lastName: 'Park' });
    await ctx.database.db.update(users).set({ dateOfBirth: '1984-05-06' }).where(eq(users.id, patient.userId));
    const orderId = (await patient.post('/api/cart')).json().id as string;
    const items = [{ productId: DEMO_PRODUCTS.evergreen.metformin }, { productId: DEMO_PRODUCTS.evergreen.labPanel }];
    expect((await patient.patch(`/api/orders/${orderId}/items`, { items })).statusCode).toBe(200);
    expect((await patient.patch(`/api/orders/${orderId}/shipping`, { state: 'TX' })).statusCode).toBe(200);
    await completeStagesButPayment(ctx, orderId);
    const paid = await payWithTestCard(ctx, patient, orderId);
    expect(paid.json().status).toBe('awaiting_review');
    await ctx.app.services.jobs.drain();
    // Only held: nothing is ordered at the lab yet.
    expect(await labsOf(patient)).toEqual([]);

    const [pharmacy] = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.isPatientCreated, false)).limit(1);
    await ctx.database.db
      .update(orders)
      .set({ pharmacyId: pharmacy!.id, shipFullName: 'Lena Park', shipLine1: '1 Main St', shipCity: 'Austin', shipState: 'TX', shipZip: '78701' })
      .where(eq(orders.id, orderId));
    const doctor = await prescribingDoctor(ctx, ['TX']);
    expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    const approved = await doctor.post(`/api/doctor/orders/${orderId}/approve`, {
      formularyId: DEMO_FORMULARY.metforminEr500,
      quantity: 60,
      daysSupply: 30,
      directions: 'Take 1 tablet by mouth twice daily with meals.',
      refills: 1,
      validForDays: 365,
    });
    expect(approved.statusCode).toBe(200);
    await ctx.app.services.jobs.drain();

    const labs = await labsOf(patient);
    expect(labs).toHaveLength(1);
    expect(labs[0]).toMatchObject({ panel: PANEL, status: 'ordered', orderId });
    expect(labs[0]!.requisitionUrl).not.toBeNull();
    const pdf = await patient.get(labs[0]!.requisitionUrl!);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Lena Park');
  });
});

describe('documents (SPEC §7 documents, filtered documents)', () => {
  it('lists uploads, prescriptions, visit summaries (the note for the patient, never the clinical note), receipts and lab files, newest first, by kind', async () => {
    const visit = await paidVisitOrder(ctx);
    const patient = visit.patient;
    await ctx.database.db.update(users).set({ firstName: 'Lena', lastName: 'Park' }).where(eq(users.id, patient.userId));
    const uploadId = await patientUpload(ctx, patient);
    const { orderId: labOrderId } = await boughtLabPanel(patient);
    // The visit ended and the doctor decided, with a note for the patient and a private clinical note.
    const [visitRow] = await ctx.database.db
      .insert(visits)
      .values({ appointmentId: visit.appointmentId, orderId: visit.orderId, doctorId: DEMO_DOCTOR_IDS.okafor, patientUserId: patient.userId, endedAt: ctx.clock.now, endedBy: 'doctor', outcome: 'completed' })
      .returning();
    await ctx.database.db.insert(visitNotes).values({ visitId: visitRow!.id, doctorId: DEMO_DOCTOR_IDS.okafor, text: 'PRIVATE clinical impression' });
    await ctx.database.db.insert(decisions).values({ orderId: visit.orderId, doctorId: DEMO_DOCTOR_IDS.okafor, kind: 'approve', noteForPatient: 'Drink plenty of water.', clinicalNote: 'PRIVATE clinical note', at: ctx.clock.now });
    const option = (await ctx.app.services.prescriptions.formularyChoice(DEMO_FORMULARY.metforminEr500))!;
    // A prescription names a pharmacy: a partner pharmacy of the seed.
    const [pharmacy] = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.isPatientCreated, false)).limit(1);
    const pharmacyId = pharmacy!.id;
    const { prescription } = await ctx.app.services.prescriptions.write(ctx.database.db, {
      orderId: visit.orderId, doctorId: DEMO_DOCTOR_IDS.okafor, patientId: patient.userId, pharmacyId, option,
      approve: { formularyId: option.id, quantity: 60, daysSupply: 30, directions: 'Take 1 tablet twice daily.', refills: 2, validForDays: 365, substitutionAllowed: true },
    });

    const all = await patient.get('/api/records/documents');
    expect(all.statusCode).toBe(200);
    const body = all.json() as { documents: { id: string; kind: string; title: string; detail: string | null; noteForPatient: string | null; createdAt: string; downloadUrl: string }[]; total: number; page: number; pageSize: number };
    const kinds = new Set(body.documents.map((d) => d.kind));
    expect([...kinds].sort()).toEqual(['prescription', 'receipt', 'requisition', 'upload', 'visit_summary']);
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: body.documents.length });
    const times = body.documents.map((d) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.documents.filter((d) => d.kind === 'receipt').map((d) => d.downloadUrl).sort()).toEqual([`/api/orders/${labOrderId}/receipt.pdf`, `/api/orders/${visit.orderId}/receipt.pdf`].sort());
    expect(body.documents.find((d) => d.kind === 'upload')!.downloadUrl).toBe(`/api/uploads/${uploadId}`);
    expect(JSON.stringify(body)).not.toContain('PRIVATE');

    const summaries = (await patient.get('/api/records/documents?kind=visit_summary')).json().documents as typeof body.documents;
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ kind: 'visit_summary', noteForPatient: 'Drink plenty of water.', detail: expect.stringContaining('Completed') });
    const summaryPdf = await patient.get(summaries[0]!.downloadUrl);
    expect(summaryPdf.statusCode).toBe(200);
    expect(summaryPdf.headers['content-disposition']).toMatch(/^attachment;/);
    const summaryText = pdfText(summaryPdf.rawPayload);
    expect(summaryText).toContain('Drink plenty of water.');
    expect(summaryText).not.toContain('PRIVATE');

    const rx = (await patient.get('/api/records/documents?kind=prescription')).json().documents as typeof body.documents;
    expect(rx.map((d) => d.id)).toEqual([`prescription:${prescription.id}`]);
    const rxPdf = await patient.get(rx[0]!.downloadUrl);
    expect(rxPdf.statusCode).toBe(200);
    expect(rxPdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(rxPdf.rawPayload)).toContain('Take 1 tablet twice daily.');

    const receipts = (await patient.get('/api/records/documents?kind=receipt')).json().documents as typeof body.documents;
    expect(receipts.every((d) => d.kind === 'receipt')).toBe(true);
    expect(receipts).toHaveLength(2);
    expect((await patient.get(receipts[0]!.downloadUrl)).headers['content-type']).toBe('application/pdf');

    const page2 = (await patient.get('/api/records/documents?page=2')).json();
    expect(page2).toMatchObject({ page: 2, documents: [], total: body.total });
    expect((await patient.get('/api/records/documents?kind=letters')).statusCode).toBe(400);
  });
});

describe('who may read health records (issue 17: another patient 404, another storefront 404)', () => {
  it("patient B reaches none of A's labs, documents or files; a guest and a doctor's session read no patient records", async () => {
    const { patient: a } = await boughtLabPanel();
    const [lab] = await labsOf(a);
    const docId = lab!.requisitionUrl!.split('/')[4]!;
    const b = await signedInPatient(ctx);
    expect(await labsOf(b)).toEqual([]);
    expect((await b.get('/api/records/documents')).json().documents).toEqual([]);
    expect((await b.get(lab!.requisitionUrl!)).statusCode).toBe(404);
    expect((await b.get(`/api/records/documents/${randomUUID()}/file`)).statusCode).toBe(404);
    expect((await b.get('/api/records/documents/not-an-id/file')).statusCode).toBe(404);
    expect((await b.get(`/api/records/prescriptions/${randomUUID()}/pdf`)).statusCode).toBe(404);
    expect((await b.get(`/api/records/visits/${randomUUID()}/pdf`)).statusCode).toBe(404);
    // No session at all.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/records/labs', headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/records/documents/${docId}/file`, headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
    // A doctor is no patient: the patient's routes do not answer them.
    const doctor = await labDoctor();
    expect((await doctor.get('/api/records/labs')).statusCode).toBe(404);
    expect((await doctor.get(`/api/records/documents/${docId}/file`)).statusCode).toBe(404);
  });

  it('a doctor of another storefront neither sees nor results the lab order; a patient on the doctor routes gets 404', async () => {
    const { patient } = await boughtLabPanel();
    const [lab] = await labsOf(patient);
    const lumenDoctor = await labDoctor(LUMEN_ID);
    const host = 'lumen.localhost:3000';
    const list = await ctx.app.inject({ method: 'GET', url: '/api/doctor/labs', headers: { host, authorization: `Bearer ${lumenDoctor.token}` } });
    expect(list.statusCode).toBe(200);
    expect((list.json().labs as { id: string }[]).map((l) => l.id)).not.toContain(lab!.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/doctor/labs/${lab!.id}/requisition`, headers: { host, authorization: `Bearer ${lumenDoctor.token}` } })).statusCode).toBe(404);
    expect((await uploadResult(lumenDoctor, lab!.id, undefined, host)).statusCode).toBe(404);
    expect((await labsOf(patient))[0]!.status).toBe('ordered');

    // The patient themselves on the doctor's routes.
    expect((await patient.get('/api/doctor/labs')).statusCode).toBe(404);
    expect((await patient.get(`/api/doctor/labs/${lab!.id}/requisition`)).statusCode).toBe(404);
    expect((await uploadResult(patient, lab!.id)).statusCode).toBe(404);
    expect((await accessRows(patient.userId)).filter((e) => e.what !== 'lab_order' || e.actorUserId !== lumenDoctor.userId)).toEqual([]);
  });

  it('a lab ordered by one doctor is resulted by that doctor only', async () => {
    const { patient, orderId } = await boughtLabPanel();
    const [lab] = await labsOf(patient);
    await ctx.database.db.update(labOrders).set({ orderingDoctorId: DEMO_DOCTOR_IDS.okafor }).where(eq(labOrders.orderId, orderId));
    const other = await labDoctor();
    expect(((await other.get('/api/doctor/labs')).json().labs as { id: string }[]).map((l) => l.id)).not.toContain(lab!.id);
    expect((await uploadResult(other, lab!.id)).statusCode).toBe(404);
  });
});
