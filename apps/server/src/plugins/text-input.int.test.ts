// issue 13 #6: a NUL byte in any text field, or a lone surrogate (half a UTF-16 pair), answered 500
// (PostgreSQL cannot store either). Every such input — in a body, the query string or the path — is
// a 400 problem naming the field, and nothing changes.
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@store/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { users } from '../db/schema/auth.ts';
import { orders } from '../db/schema/orders.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../db/seed/storefronts.ts';
import { findBadText } from './text-input.ts';

let ctx: TestContext;
let send: (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: string) => Promise<LightMyRequestResponse>;
let userId: string;
let orderId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId: DEMO_COMPANY_ID, storefrontId: EVERGREEN_ID, email: `nul.${randomUUID()}@example.com`, firstName: 'Pat', lastName: 'Lee' })
    .returning({ id: users.id });
  userId = user!.id;
  const { token } = await ctx.app.services.sessions.createUserSession(userId, EVERGREEN_ID);
  send = (method, url, payload) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        host: 'localhost:3000',
        authorization: `Bearer ${token}`,
        'x-requested-with': 'fetch',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    }) as Promise<LightMyRequestResponse>;
  orderId = (await send('POST', '/api/cart')).json().id as string;
  expect(orderId).toBeTruthy();
});
afterAll(() => ctx.close());

// Bodies are JSON text, so the escapes below reach the server exactly as an attacker sends them.
const NUL = '\\u0000';
const LONE = '\\ud800';
const address = (line1: string) =>
  `{"fullName":"Pat Lee","line1":"${line1}","city":"Austin","state":"TX","zip":"78701","phone":"5125550100"}`;

const cases: [string, 'GET' | 'POST' | 'PATCH', () => string, string | undefined, string][] = [
  ['a saved address', 'POST', () => '/api/addresses', address(`12 Oak${NUL} St`), 'line1'],
  ['the order’s shipping address', 'PATCH', () => `/api/orders/${orderId}/shipping`, `{"address":${address(`12 Oak${NUL} St`)}}`, 'address.line1'],
  ['a pharmacy the patient adds', 'POST', () => '/api/pharmacies', `{"name":"Corner${NUL} Drugs","address":"1 Main St","city":"Austin","state":"TX","zip":"78701","phone":"5125550100","npi":"1234567893"}`, 'name'],
  ['the pharmacy search', 'GET', () => '/api/pharmacies?name=corner%00', undefined, 'name'],
  ['the profile', 'PATCH', () => '/api/account/profile', `{"firstName":"Pa${NUL}t"}`, 'firstName'],
  ['a promo code', 'POST', () => `/api/orders/${orderId}/promo-code`, `{"promoCode":"WELCOME${NUL}10"}`, 'promoCode'],
  ['an ECP link (query)', 'GET', () => '/api/ecp?peopleId=abc%00&guid=def', undefined, 'peopleId'],
  ['an ECP claim (body)', 'POST', () => '/api/ecp/claim', `{"peopleId":"abc${NUL}","guid":"def"}`, 'peopleId'],
  ['the medication search', 'GET', () => '/api/medications?q=met%00', undefined, 'q'],
  ['a questionnaire slug (path)', 'GET', () => '/api/questionnaires/hair%00', undefined, 'id'],
  ['a card’s billing address (lone surrogate)', 'POST', () => '/api/payment-methods', `{"token":"tok_x","billingAddress":{"line1":"1 Main ${LONE}St","city":"Austin","state":"TX","zip":"78701"}}`, 'billingAddress.line1'],
  ['a lone surrogate in a profile name', 'PATCH', () => '/api/account/profile', `{"lastName":"Le${LONE}e"}`, 'lastName'],
  ['a NUL in an object key', 'PATCH', () => '/api/account/profile', `{"first${NUL}Name":"Pat"}`, 'firstName'],
];

describe('text the store cannot keep is a 400 naming the field (issue 13 #6)', () => {
  it.each(cases)('%s', async (_what, method, url, payload, field) => {
    const res = await send(method, url(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: MESSAGES.VALIDATION_FAILED,
      errors: [{ field, message: MESSAGES.TEXT_CHARACTERS_INVALID }],
    });
  });

  it('changes nothing', async () => {
    expect((await send('GET', '/api/addresses')).json()).toMatchObject({ mostRecent: null, otherSaved: [] });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ firstName: 'Pat', lastName: 'Lee' });
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ couponCode: null, shipLine1: null });
  });

  it('answers a well-formed body nested 10,000 deep without a 500 (issue 20: fuzzing overflowed the stack here)', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const res = await send('PATCH', '/api/account/profile', `{"firstName":"Pat","note":${deep}}`);
    expect(res.statusCode).toBeLessThan(500);
    const bad = await send('PATCH', '/api/account/profile', `{"firstName":"Pat","note":${'['.repeat(10_000)}"${NUL}"${']'.repeat(10_000)}}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toMatch(/^note\.0\.0\./);
  });

  it('keeps ordinary text, emoji (a whole surrogate pair) included', async () => {
    const res = await send('PATCH', '/api/account/profile', '{"firstName":"Zoë 🌿"}');
    expect(res.statusCode).toBe(200);
  });
});

describe('findBadText', () => {
  it.each([
    [{ a: 'fine', b: ['ok', { c: 'x\u0000' }] }, ['b', '1', 'c']],
    [{ a: ['x\u0000'], b: 'y\u0000' }, ['a', '0']],
    [{ 'a\u0000': 'x\u0000' }, ['a']],
    [{ a: '\uDC00' }, ['a']],
    [{ a: '\uD83C\uDF3F' }, null],
    ['\u0000', []],
    [Buffer.from('\u0000'), null],
    [Object.assign(Object.create(Object.create(null) as object) as object, { q: 'a\u0000' }), ['q']],
  ])('%j → %j', (value, path) => {
    expect(findBadText(value)).toEqual(path);
  });
});
