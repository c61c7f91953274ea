// Shared by the refill tests (issue 17): a patient's order approved by a doctor with refills, its
// prescription transmitted (the order prescribed), and a saved card to charge.
import { eq } from 'drizzle-orm';
import { cardDetailsSchema } from '@store/domain';
import { expect } from 'vitest';
import { users } from '../src/db/schema/auth.ts';
import { prescriptions } from '../src/db/schema/prescriptions.ts';
import { DEMO_FORMULARY } from '../src/db/seed/formulary.ts';
import type { TestContext } from './app.ts';
import type { PatientClient } from './patients.ts';
import { paidConsultOrder, prescribingDoctor } from './prescribing.ts';

/** Saves a sandbox card (4242… succeeds, 4000000000009995 is declined for insufficient funds) and answers its id. */
export async function saveCard(ctx: TestContext, patient: PatientClient, number = '4242424242424242'): Promise<string> {
  const card = cardDetailsSchema(ctx.clock.now).parse({ number, expMonth: 12, expYear: 2035, cvc: '123' });
  const { token } = await ctx.app.services.paymentGateway.sandbox!.tokenize(card);
  const saved = await patient.post('/api/payment-methods', { token, makeCurrent: true });
  expect(saved.statusCode).toBe(201);
  return saved.json().id as string;
}

/** A prescribed Metformin order (approved with `refills`, valid `validForDays`), its prescription, and the patient with a saved card. */
export async function prescribedOrder(ctx: TestContext, opts: { refills?: number; validForDays?: number; card?: string } = {}) {
  const doctor = await prescribingDoctor(ctx, ['TX']);
  const { orderId, patient, pharmacy } = await paidConsultOrder(ctx, 'TX');
  expect((await doctor.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
  const approved = await doctor.post(`/api/doctor/orders/${orderId}/approve`, {
    formularyId: DEMO_FORMULARY.metforminEr500,
    quantity: 60,
    daysSupply: 30,
    directions: 'Take 1 tablet by mouth twice daily with meals.',
    refills: opts.refills ?? 3,
    validForDays: opts.validForDays ?? 365,
  });
  expect(approved.statusCode).toBe(200);
  await ctx.app.services.jobs.drain();
  const [rx] = await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.orderId, orderId));
  const cardId = await saveCard(ctx, patient, opts.card);
  const [user] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, patient.userId));
  return { orderId, patient, pharmacy, prescription: rx!, cardId, email: user!.email };
}
