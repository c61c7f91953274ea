// Shared by the prescription tests (issue 15): a signed-in doctor licensed in given states, a paid
// consult order awaiting review with its pharmacy and address, and the text of a PDF we rendered.
import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/db/schema/auth.ts';
import { doctorLicenses, doctors } from '../src/db/schema/doctors.ts';
import { orders } from '../src/db/schema/orders.ts';
import { pharmacies } from '../src/db/schema/pharmacies.ts';
import { DEMO_PRODUCTS } from '../src/db/seed/store.ts';
import type { TestContext } from './app.ts';
import { completeStagesButPayment, payWithTestCard } from './orders.ts';
import { signedInPatient } from './patients.ts';
import { signedInDoctor } from './reviews.ts';

/** A signed-in Evergreen doctor (Bearer) with an NPI and a numbered licence in each state. */
export async function prescribingDoctor(ctx: TestContext, states: string[], npi = '1234567893') {
  const doctor = await signedInDoctor(ctx, states);
  await ctx.database.db.update(doctors).set({ npi }).where(eq(doctors.id, doctor.id));
  for (const state of states) {
    await ctx.database.db
      .update(doctorLicenses)
      .set({ licenseNumber: `${state}-MD-77${state.charCodeAt(0)}` })
      .where(and(eq(doctorLicenses.doctorId, doctor.id), eq(doctorLicenses.state, state)));
  }
  return doctor;
}

/** A patient's paid Metformin consult order shipping to `state`, awaiting review, with a pharmacy and an address. */
export async function paidConsultOrder(ctx: TestContext, state = 'TX') {
  const patient = await signedInPatient(ctx);
  await ctx.database.db.update(users).set({ firstName: 'Pat', lastName: 'Jones', dateOfBirth: '1980-02-03' }).where(eq(users.id, patient.userId));
  const orderId = (await patient.post('/api/cart')).json().id as string;
  expect((await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.metformin }] })).statusCode).toBe(200);
  expect((await patient.patch(`/api/orders/${orderId}/shipping`, { state })).statusCode).toBe(200);
  await completeStagesButPayment(ctx, orderId);
  const paid = await payWithTestCard(ctx, patient, orderId);
  expect(paid.json().status).toBe('awaiting_review');
  const [pharmacy] = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.isPatientCreated, false)).limit(1);
  await ctx.database.db
    .update(orders)
    .set({ pharmacyId: pharmacy!.id, shipFullName: 'Pat Jones', shipLine1: '1 Main St', shipCity: 'Austin', shipState: state, shipZip: '78701' })
    .where(eq(orders.id, orderId));
  return { orderId, patient, pharmacy: pharmacy! };
}

/**
 * The text a pdfkit PDF draws: its Flate streams inflated, the strings of each TJ / Tj read (pdfkit
 * writes them as hex), joined by spaces with runs of white space collapsed.
 */
export function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const parts: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = bytes.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      content = body.toString('latin1');
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [op[2]!];
      parts.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
    streams.lastIndex = end + 'endstream'.length;
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}
