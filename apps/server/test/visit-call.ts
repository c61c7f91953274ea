// Shared by the visit tests (issue 16): the seeded Dr. Okafor (New York, video visits) signed in, a
// patient's paid video-visit order with a booked appointment (visit_scheduled, card held), and a
// signalling client over @fastify/websocket's injectWS that keeps what the server sent.
import { randomUUID } from 'node:crypto';
import { Stage, type ClientSignal, type ServerSignal, type StageFlag } from '@store/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { WebSocket } from 'ws';
import { users } from '../src/db/schema/auth.ts';
import { doctors } from '../src/db/schema/doctors.ts';
import { DEMO_DOCTOR_IDS } from '../src/db/seed/doctors.ts';
import { DEMO_PRODUCTS } from '../src/db/seed/store.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../src/db/seed/storefronts.ts';
import type { TestContext } from './app.ts';
import { payWithTestCard } from './orders.ts';
import { signedInPatient, type PatientClient } from './patients.ts';

/** Monday 1 February 2027, 07:00 in New York: Dr. Okafor's Tuesday slots are bookable from here. */
export const VISIT_TEST_MONDAY = new Date('2027-02-01T12:00:00Z');

type Send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

function bearerClient(ctx: TestContext, token: string, host = 'localhost:3000') {
  const send: Send = (method, url, payload) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, authorization: `Bearer ${token}`, 'x-requested-with': 'fetch' },
      ...(payload === undefined ? {} : { payload: payload as string }),
    }) as Promise<LightMyRequestResponse>;
  return {
    token,
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    put: (url: string, payload?: unknown) => send('PUT', url, payload),
  };
}

/**
 * A new session of `userId` on Evergreen (Bearer): sessions lapse after 30 idle minutes, and the
 * visit tests move the clock by hours, so each step signs in afresh.
 */
export async function signIn(ctx: TestContext, userId: string) {
  const { token } = await ctx.app.services.sessions.createUserSession(userId, EVERGREEN_ID);
  return bearerClient(ctx, token);
}
export type SignedIn = Awaited<ReturnType<typeof signIn>>;

/** The seeded Dr. Okafor with a staff account, signed in (Bearer). Once per test file. */
export async function signedInOkafor(ctx: TestContext) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `okafor.${randomUUID()}@example.com`, role: 'doctor', firstName: 'Amara', lastName: 'Okafor' })
    .returning({ id: users.id });
  await ctx.database.db.update(doctors).set({ userId: user!.id }).where(eq(doctors.id, DEMO_DOCTOR_IDS.okafor));
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, EVERGREEN_ID);
  return { id: DEMO_DOCTOR_IDS.okafor, userId: user!.id, ...bearerClient(ctx, token) };
}
export type OkaforClient = Awaited<ReturnType<typeof signedInOkafor>>;

/**
 * A signed-in patient's paid semaglutide order (a video visit) with Dr. Okafor at her first free
 * slot on `date` (New York): visit_scheduled, card held. The clock must be before the slot's notice.
 */
export async function paidVisitOrder(ctx: TestContext, opts: { date?: string; patient?: PatientClient; phone?: string } = {}) {
  const patient = opts.patient ?? (await signedInPatient(ctx));
  const orderId = (await patient.post('/api/cart')).json().id as string;
  expect((await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.semaglutide }] })).statusCode).toBe(200);
  expect((await patient.patch(`/api/orders/${orderId}/shipping`, { state: 'NY' })).statusCode).toBe(200);
  const storefront = await ctx.app.services.storefronts.getById(EVERGREEN_ID);
  const owner = { kind: 'user' as const, userId: patient.userId };
  const progress = await ctx.app.services.checkout.getProgress(storefront, owner, orderId);
  const complete = (stage: StageFlag, itemId?: string) => ctx.app.services.checkout.completeStage({ storefront, owner, orderId, stage, itemId });
  await complete(Stage.Consult, progress.items[0]!.id);
  await complete(Stage.Shipping);
  await complete(Stage.Pharmacy);
  const date = opts.date ?? '2027-02-02';
  const next = new Date(new Date(`${date}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
  const days = (await patient.get(`/api/doctors/${DEMO_DOCTOR_IDS.okafor}/slots?from=${date}&to=${next}&tz=America/New_York`)).json().days as { slots: { startsAt: string }[] }[];
  const startsAt = days.flatMap((d) => d.slots.map((s) => s.startsAt))[0];
  if (!startsAt) throw new Error(`Dr. Okafor has no free slot on ${date}`);
  const invitee = { name: 'Pat Lee', email: `pat.${randomUUID()}@example.com`, number: opts.phone ?? '(555) 201-3344' };
  const booked = await patient.post(`/api/orders/${orderId}/appointment`, { doctorId: DEMO_DOCTOR_IDS.okafor, startsAt, invitee, timeZone: 'America/New_York' });
  expect(booked.statusCode).toBe(201);
  const paid = await payWithTestCard(ctx, patient, orderId);
  expect(paid.json().status).toBe('visit_scheduled');
  await ctx.app.services.jobs.drain();
  const appointment = booked.json().appointment as { id: string; startsAt: string; endsAt: string };
  return { patient, orderId, appointmentId: appointment.id, startsAt: appointment.startsAt, endsAt: appointment.endsAt, phone: invitee.number, email: invitee.email };
}
export type PaidVisit = Awaited<ReturnType<typeof paidVisitOrder>>;

/** A browser's end of the signalling socket: every message the server sent, in order, and how it closed. */
export class SignalClient {
  readonly received: ServerSignal[] = [];
  private taken = new Set<number>();
  private waiters: (() => void)[] = [];
  closeCode: number | null = null;
  private closedWaiters: ((code: number) => void)[] = [];
  private constructor(private ws: WebSocket) {}

  /** Opens the socket with these headers (host, and a cookie or Bearer for a signed-in caller). */
  static async open(ctx: TestContext, appointmentId: string, headers: Record<string, string> = {}): Promise<SignalClient> {
    let client!: SignalClient;
    await ctx.app.injectWS(`/api/visits/${appointmentId}/signal`, { headers: { host: 'localhost:3000', ...headers } }, {
      onInit: (ws) => {
        client = new SignalClient(ws);
        ws.on('message', (data) => {
          client.received.push(JSON.parse(String(data)) as ServerSignal);
          client.wake();
        });
        ws.on('close', (code) => {
          client.closeCode = code;
          for (const w of client.closedWaiters.splice(0)) w(code);
          client.wake();
        });
      },
    });
    return client;
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The first message of `type` not taken yet (waiting for it). */
  async next<T extends ServerSignal['type']>(type: T, timeoutMs = 3000): Promise<Extract<ServerSignal, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex((m, i) => m.type === type && !this.taken.has(i));
      if (index >= 0) {
        this.taken.add(index);
        return this.received[index] as Extract<ServerSignal, { type: T }>;
      }
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode}) before a ${type}; got ${JSON.stringify(this.received)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** How the server closed the socket (waiting for it). */
  closed(timeoutMs = 3000): Promise<number> {
    if (this.closeCode !== null) return Promise.resolve(this.closeCode);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not closed within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`)), timeoutMs);
      this.closedWaiters.push((code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  send(message: ClientSignal | string) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** A ping answered: every message the server sent this socket before it has arrived. */
  async flush() {
    this.send({ type: 'ping' });
    await this.next('pong');
  }

  /** Message types received so far. */
  types(): string[] {
    return this.received.map((m) => m.type);
  }

  close() {
    this.ws.close();
  }
}

/** Socket headers of a Bearer-token client. */
export const bearer = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
