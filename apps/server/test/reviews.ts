// Shared by the doctor-side integration tests (issue 15): a signed-in doctor, and a patient's paid
// asynchronous consult order awaiting review, optionally with a submitted consult.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/db/schema/auth.ts';
import { consults, questionnaires, questionnaireVersions } from '../src/db/schema/consults.ts';
import { doctorLicenses, doctors } from '../src/db/schema/doctors.ts';
import { DEMO_PRODUCTS } from '../src/db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID, LUMEN_ID } from '../src/db/seed/storefronts.ts';
import type { TestContext } from './app.ts';
import { completeStagesButPayment, payWithTestCard } from './orders.ts';
import { signedInPatient, type PatientClient } from './patients.ts';

/** A signed-in doctor (Bearer), licensed in `states`, serving every storefront of the company or one. */
export async function signedInDoctor(ctx: TestContext, states: string[], storefrontId: string | null = null, timeZone = 'America/Chicago') {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: storefrontId ?? EVERGREEN_ID, email: `dr.${randomUUID()}@example.com`, role: 'doctor', firstName: 'Ana', lastName: 'Ruiz' })
    .returning({ id: users.id });
  const [row] = await ctx.database.db
    .insert(doctors)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId, userId: user!.id, name: 'Dr. Ana Ruiz', credentials: 'MD', timeZone })
    .returning({ id: doctors.id });
  if (states.length > 0) await ctx.database.db.insert(doctorLicenses).values(states.map((state) => ({ doctorId: row!.id, state })));
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, storefrontId ?? EVERGREEN_ID);
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: storefrontId === LUMEN_ID ? 'lumen.localhost:3000' : 'localhost:3000', authorization: `Bearer ${token}`, 'x-requested-with': 'fetch' },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  return {
    id: row!.id,
    userId: user!.id,
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    delete: (url: string) => send('DELETE', url),
  };
}
export type DoctorClient = Awaited<ReturnType<typeof signedInDoctor>>;

/** A patient's paid Metformin order (asynchronous review) shipping to `state`: awaiting_review, card held. */
export async function paidForReview(ctx: TestContext, state: string | null = 'CA', patient?: PatientClient): Promise<{ orderId: string; patient: PatientClient; itemId: string }> {
  const who = patient ?? (await signedInPatient(ctx));
  const orderId = (await who.post('/api/cart')).json().id as string;
  const items = await who.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.metformin }] });
  expect(items.statusCode).toBe(200);
  if (state) expect((await who.patch(`/api/orders/${orderId}/shipping`, { state })).statusCode).toBe(200);
  await completeStagesButPayment(ctx, orderId);
  const paid = await payWithTestCard(ctx, who, orderId);
  expect(paid.statusCode).toBe(200);
  expect(paid.json().status).toBe('awaiting_review');
  const itemId = (items.json().items as { id: string }[])[0]!.id;
  return { orderId, patient: who, itemId };
}

/** A submitted weight-care consult on the order item, with these answers (written as the consult module freezes one). */
export async function submittedConsult(ctx: TestContext, input: { itemId: string; userId: string; answers: Record<string, unknown> }): Promise<{ versionId: string }> {
  const [version] = await ctx.database.db
    .select({ id: questionnaireVersions.id })
    .from(questionnaireVersions)
    .innerJoin(questionnaires, eq(questionnaires.id, questionnaireVersions.questionnaireId))
    .where(and(eq(questionnaires.storefrontId, EVERGREEN_ID), eq(questionnaires.slug, 'weight-care-intake')));
  await ctx.database.db.insert(consults).values({
    storefrontId: EVERGREEN_ID,
    orderItemId: input.itemId,
    userId: input.userId,
    questionnaireVersionId: version!.id,
    answers: input.answers,
    submittedAt: ctx.clock.now,
  });
  return { versionId: version!.id };
}

/** A 1×1 PNG the uploads service accepts. */
export const TINY_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** Stores a file as the patient's upload (through the uploads service, as POST /api/uploads does). */
export async function patientUpload(ctx: TestContext, patient: PatientClient, data: Buffer = TINY_PNG, name = 'photo.png'): Promise<string> {
  const view = await ctx.app.services.uploads.store({
    identity: { kind: 'user', sessionId: patient.sessionId, storefrontId: EVERGREEN_ID, userId: patient.userId, role: 'patient' },
    originalName: name,
    data,
    truncated: false,
  });
  return view.id;
}
