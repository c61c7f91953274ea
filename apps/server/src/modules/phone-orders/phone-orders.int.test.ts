// SPEC §7 "POST phone-order request", §2 (issue 17): a guest or a patient asks to be called to
// order by phone; the request is stored with the storefront, the storefront's staff get a mail at
// its support address (a background job), and one address can send only so many an hour.
import { MESSAGES, PHONE_ORDER_MESSAGES } from '@store/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { phoneOrderRequests } from '../../db/schema/phone-orders.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { PHONE_ORDERS_PER_IP_PER_HOUR } from './phone-orders.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let nextIp = 10;
/** A guest's request from its own address (each test its own, so the hourly limit stays apart). */
const send = (body: unknown, opts: { ip?: string; host?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/phone-orders',
    remoteAddress: opts.ip ?? `203.0.113.${nextIp++}`,
    headers: { host: opts.host ?? 'localhost:3000', 'x-requested-with': 'fetch' },
    payload: body as Record<string, unknown>,
  });

const valid = { name: 'Jordan Avery', phone: '(512) 555-0134', need: 'A refill of my Metformin 500 mg', bestTime: 'Morning (9am–12pm)' };
const rowOf = async (id: string) => (await ctx.database.db.select().from(phoneOrderRequests).where(eq(phoneOrderRequests.id, id)))[0];
const staffMails = async (to: string) => (await ctx.app.services.notifications.outbox(200)).filter((m) => m.to === to && m.subject?.startsWith('Phone order request'));

describe('POST /api/phone-orders (SPEC §7 phone-order request)', () => {
  it('refuses a bad request field by field with the spec’s messages, storing nothing', async () => {
    const before = (await ctx.database.db.select().from(phoneOrderRequests)).length;
    const res = await send({ name: 'Jordan', phone: '555-0134', need: '  ', bestTime: '' });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toEqual({
      name: MESSAGES.FULL_NAME_INVALID, // SPEC §5 FullName
      phone: 'Invalid format. Please enter 10 digits.', // SPEC §5 PhoneNumber
      need: PHONE_ORDER_MESSAGES.NEED_REQUIRED,
      bestTime: PHONE_ORDER_MESSAGES.BEST_TIME_REQUIRED,
    });
    expect((await send({ ...valid, need: 'x'.repeat(1001) })).json().errors).toEqual([expect.objectContaining({ field: 'need', message: PHONE_ORDER_MESSAGES.NEED_TOO_LONG })]);
    expect((await ctx.database.db.select().from(phoneOrderRequests)).length).toBe(before);
  });

  it('stores a guest’s request with the storefront and mails the storefront’s staff at its support address', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    const { id, bestTime } = res.json();
    expect(bestTime).toBe('Morning (9am–12pm)');
    expect(await rowOf(id)).toMatchObject({ storefrontId: EVERGREEN_ID, userId: null, name: 'Jordan Avery', phone: '5125550134', need: valid.need, status: 'new' });

    await ctx.app.services.jobs.drain();
    const mails = (await staffMails('care@evergreen.example')).filter((m) => m.body.includes('Jordan Avery'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Phone order request: please call Jordan Avery');
    expect(mails[0]!.body).toContain('(512) 555-0134');
    expect(mails[0]!.body).toContain('Morning (9am–12pm)');
    expect(mails[0]!.body).toContain('A refill of my Metformin 500 mg');
    // Run again, the job sends nothing twice.
    await ctx.app.services.jobs.drain();
    expect((await staffMails('care@evergreen.example')).filter((m) => m.body.includes('Jordan Avery'))).toHaveLength(1);
  });

  it('keeps the signed-in patient on the request, and another brand’s request goes to that brand’s staff', async () => {
    const patient = await signedInPatient(ctx);
    const res = await patient.post('/api/phone-orders', { ...valid, name: 'Sam Patel', bestTime: 'After 6pm on weekdays' });
    expect(res.statusCode).toBe(201);
    expect(await rowOf(res.json().id)).toMatchObject({ userId: patient.userId, bestTime: 'After 6pm on weekdays' });

    const lumen = await send({ ...valid, name: 'Robin Lee' }, { host: 'lumen.localhost:3000' });
    expect(lumen.statusCode).toBe(201);
    expect((await rowOf(lumen.json().id))!.storefrontId).toBe(LUMEN_ID);
    await ctx.app.services.jobs.drain();
    expect((await staffMails('hello@lumen.example')).some((m) => m.body.includes('Robin Lee'))).toBe(true);
    expect((await staffMails('care@evergreen.example')).some((m) => m.body.includes('Robin Lee'))).toBe(false);
  });

  it(`accepts ${PHONE_ORDERS_PER_IP_PER_HOUR} requests an hour from one address, then 429 with Retry-After; others are not held up`, async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < PHONE_ORDERS_PER_IP_PER_HOUR; i++) expect((await send(valid, { ip })).statusCode).toBe(201);
    const before = (await ctx.database.db.select().from(phoneOrderRequests)).length;
    const refused = await send(valid, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ctx.database.db.select().from(phoneOrderRequests)).length).toBe(before);
    expect((await send(valid, { ip: '198.51.100.8' })).statusCode).toBe(201);
    ctx.clock.advance(60 * 60_000 + 1000);
    expect((await send(valid, { ip })).statusCode).toBe(201);
  });
});
