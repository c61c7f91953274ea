// SPEC §4 guest order → patient: the guest's cart merges into the patient's at registration and at
// every kind of login (one order, no duplicate items); an ECP registration drops the patient into
// checkout with the prescribed product (SPEC §6 ECP customer).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { ecpInvitations } from '../../db/schema/auth.ts';
import { products } from '../../db/schema/catalog.ts';
import { orders } from '../../db/schema/orders.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { Browser, lastCode, registration, uniqueEmail } from './auth.test-helpers.ts';

let ctx: TestContext;
const ids: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp({ OTP_RESEND_SECONDS: 0 });
  const rows = await ctx.database.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(
      and(
        eq(products.storefrontId, EVERGREEN_ID),
        inArray(products.slug, [
          'minoxidil-5-foam',
          'mineral-sunscreen-spf50',
          'semaglutide-weight-care',
        ]),
      ),
    );
  for (const row of rows) ids[row.slug] = row.id;
});
afterAll(() => ctx.close());

const add = (browser: Browser, slug: string) =>
  browser.request({ method: 'POST', url: `/api/checkout/redirect?productId=${slug}` });
const cartProducts = async (browser: Browser) => {
  const res = await browser.get('/api/cart');
  if (res.statusCode === 204) return [];
  return (res.json().items as { productId: string }[]).map((i) => i.productId).sort();
};

describe('the guest cart follows the patient', () => {
  it('at registration: the guest’s items become the patient’s cart and the guest session ends', async () => {
    const browser = new Browser(ctx.app);
    expect((await add(browser, 'minoxidil-5-foam')).statusCode).toBe(200);
    const guestToken = browser.cookie('sid')!;
    expect(await cartProducts(browser)).toEqual([ids['minoxidil-5-foam']]);

    expect((await browser.post('/api/auth/register', registration())).statusCode).toBe(201);
    expect(browser.cookie('sid')).not.toBe(guestToken);
    expect(await cartProducts(browser)).toEqual([ids['minoxidil-5-foam']]);
    const guest = await ctx.app.inject({
      url: '/api/session',
      headers: { authorization: `Bearer ${guestToken}` },
    });
    expect(guest.json().kind).toBe('none');
  });

  it('at password login: merged into the patient’s open cart, one order, no duplicate items', async () => {
    const body = registration();
    const patient = new Browser(ctx.app);
    await patient.post('/api/auth/register', body);
    await add(patient, 'mineral-sunscreen-spf50');
    await add(patient, 'minoxidil-5-foam');
    await patient.post('/api/auth/logout');

    const browser = new Browser(ctx.app);
    await add(browser, 'minoxidil-5-foam');
    await add(browser, 'semaglutide-weight-care');
    await browser.post('/api/auth/login', { email: body.email, password: body.password });

    const items = await cartProducts(browser);
    expect(items).toEqual(
      [
        ids['minoxidil-5-foam'],
        ids['mineral-sunscreen-spf50'],
        ids['semaglutide-weight-care'],
      ].sort(),
    );
    const me = (await browser.get('/api/session')).json();
    const drafts = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, me.userId), eq(orders.status, 'draft')));
    expect(drafts).toHaveLength(1);
  });

  it('at passcode login too', async () => {
    const body = registration();
    await new Browser(ctx.app).post('/api/auth/register', body);
    const browser = new Browser(ctx.app);
    await add(browser, 'mineral-sunscreen-spf50');
    await browser.post('/api/auth/otp/send', { email: body.email, channels: ['email'] });
    await browser.post('/api/auth/otp/verify', {
      email: body.email,
      code: await lastCode(ctx.app, body.email),
    });
    expect(await cartProducts(browser)).toEqual([ids['mineral-sunscreen-spf50']]);
  });

  it('another browser’s guest cart is never adopted', async () => {
    const body = registration();
    await new Browser(ctx.app).post('/api/auth/register', body);
    const stranger = new Browser(ctx.app);
    await add(stranger, 'minoxidil-5-foam');
    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/login', { email: body.email, password: body.password });
    expect(await cartProducts(browser)).toEqual([]);
    expect(await cartProducts(stranger)).toEqual([ids['minoxidil-5-foam']]);
  });
});

describe('ECP registration', () => {
  it('puts the prescribed product in the cart and answers the first checkout stage', async () => {
    const guid = randomUUID();
    const email = uniqueEmail('ecpcart');
    await ctx.database.db.insert(ecpInvitations).values({
      guid,
      peopleId: 'P-CART-1',
      storefrontId: EVERGREEN_ID,
      email,
      firstName: 'Jamie',
      lastName: 'Reyes',
      productId: ids['semaglutide-weight-care']!,
    });
    const browser = new Browser(ctx.app);
    const res = await browser.post('/api/auth/register', {
      ...registration({ email }),
      isEcp: true,
      erxGuid: guid,
      peopleId: 'P-CART-1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().redirectTo).toMatch(/^\/checkout\//);
    expect(await cartProducts(browser)).toEqual([ids['semaglutide-weight-care']]);
  });

  it('an existing patient claims it after logging in', async () => {
    const body = registration();
    await new Browser(ctx.app).post('/api/auth/register', body);
    const guid = randomUUID();
    await ctx.database.db.insert(ecpInvitations).values({
      guid,
      peopleId: 'P-CART-2',
      storefrontId: EVERGREEN_ID,
      email: body.email,
      productId: ids['minoxidil-5-foam']!,
    });
    const browser = new Browser(ctx.app);
    await browser.post('/api/auth/login', { email: body.email, password: body.password });
    const res = await browser.post('/api/ecp/claim', { peopleId: 'P-CART-2', guid });
    expect(res.json().redirectTo).toMatch(/^\/checkout\//);
    expect(await cartProducts(browser)).toEqual([ids['minoxidil-5-foam']]);
  });
});
