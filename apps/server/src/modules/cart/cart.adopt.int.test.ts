// adoptGuestOrder (for sign-in): one cart for a guest who becomes a patient (SPEC §7 verify login
// OTP "optional guestOrderId"; DATA-MODEL.md orders owned by a patient or a guest session).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { orders } from '../../db/schema/orders.ts';
import { DEMO_DOCTOR_IDS } from '../../db/seed/doctors.ts';
import { DEMO_COUPONS, DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import { guestWithCart, signedInPatient } from './cart.test-helpers.ts';

const P = DEMO_PRODUCTS.evergreen;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function guestSessionIdOf(orderId: string): Promise<string> {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!.guestSessionId!;
}

const adopt = (guestSessionId: string, userId: string, storefrontId = EVERGREEN_ID) =>
  ctx.app.services.cart.adoptGuestOrder({ guestSessionId, userId, storefrontId });

const itemsOf = (cart: { items: { productId: string; qty: number }[] }) =>
  cart.items.map((i) => [i.productId, i.qty]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('adoptGuestOrder', () => {
  it('moves the guest’s cart to a patient who has none', async () => {
    const guest = await guestWithCart(ctx);
    await guest.browser.patch(`/api/orders/${guest.orderId}/items`, { items: [{ productId: P.semaglutide }] });
    const patient = await signedInPatient(ctx);
    const id = await adopt(await guestSessionIdOf(guest.orderId), patient.userId);
    expect(id).toBe(guest.orderId);
    const cart = (await patient.get('/api/cart')).json();
    expect(cart.id).toBe(guest.orderId);
    expect(cart.isGuestOrder).toBe(false);
    expect(cart.pendingStages).not.toContain(4); // Register is done once signed in
    // the guest browser no longer reaches it
    expect((await guest.browser.get(`/api/orders/${guest.orderId}`)).statusCode).toBe(404);
  });

  it('merges into the patient’s open cart: one line per product, the larger quantity, guest cart discarded', async () => {
    const patient = await signedInPatient(ctx);
    const mine = (await patient.post('/api/cart')).json();
    await patient.put(`/api/orders/${mine.id}/items`, { items: [{ productId: P.minoxidil, qty: 4 }, { productId: P.vitaminD, qty: 1 }] });
    const guest = await guestWithCart(ctx);
    await guest.browser.put(`/api/orders/${guest.orderId}/items`, {
      items: [{ productId: P.minoxidil, qty: 2 }, { productId: P.vitaminD, qty: 3 }, { productId: P.sunscreen, qty: 1 }],
    });
    const id = await adopt(await guestSessionIdOf(guest.orderId), patient.userId);
    expect(id).toBe(mine.id);
    const cart = (await patient.get('/api/cart')).json();
    expect(itemsOf(cart)).toEqual(
      [[P.minoxidil, 4], [P.vitaminD, 3], [P.sunscreen, 1]].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(cart.totals.subtotalCents).toBe(4 * 2999 + 3 * 1499 + 2400);
    const left = await ctx.database.db.select().from(orders).where(eq(orders.id, guest.orderId));
    expect(left).toHaveLength(0);
  });

  it('keeps the guest’s consult product over the patient’s older one when only one is allowed', async () => {
    const patient = await signedInPatient(ctx);
    const mine = (await patient.post('/api/cart')).json();
    await patient.put(`/api/orders/${mine.id}/items`, { items: [{ productId: P.tadalafil }, { productId: P.sunscreen }] });
    const guest = await guestWithCart(ctx);
    await guest.browser.put(`/api/orders/${guest.orderId}/items`, { items: [{ productId: P.tretinoin }] });
    await adopt(await guestSessionIdOf(guest.orderId), patient.userId);
    const cart = (await patient.get('/api/cart')).json();
    expect(cart.items.map((i: { productId: string }) => i.productId).sort()).toEqual([P.sunscreen, P.tretinoin].sort());
  });

  it('carries the guest’s promo code over when the patient has none', async () => {
    const patient = await signedInPatient(ctx);
    const mine = (await patient.post('/api/cart')).json();
    await patient.put(`/api/orders/${mine.id}/items`, { items: [{ productId: P.sunscreen }] });
    const guest = await guestWithCart(ctx);
    await guest.browser.put(`/api/orders/${guest.orderId}/items`, { items: [{ productId: P.minoxidil }] });
    await guest.browser.post(`/api/orders/${guest.orderId}/promo-code`, { promoCode: 'WELCOME10' });
    await adopt(await guestSessionIdOf(guest.orderId), patient.userId);
    const cart = (await patient.get('/api/cart')).json();
    expect(cart.promoCode).toEqual({ code: 'WELCOME10', discountCents: Math.round((2400 + 2999) * 0.1) });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, mine.id));
    expect(row!.couponId).toBe(DEMO_COUPONS.welcome10);
  });

  it('carries the doctor the guest chose for the visit over when the patient’s cart has none', async () => {
    // DATA-MODEL.md orders.doctor_id: the visit's doctor follows the guest's appointment.
    const patient = await signedInPatient(ctx);
    const mine = (await patient.post('/api/cart')).json();
    await patient.put(`/api/orders/${mine.id}/items`, { items: [{ productId: P.sunscreen }] });
    const guest = await guestWithCart(ctx);
    await guest.browser.put(`/api/orders/${guest.orderId}/items`, { items: [{ productId: P.minoxidil }] });
    const doctorId = Object.values(DEMO_DOCTOR_IDS)[0]!;
    await ctx.database.db.update(orders).set({ doctorId }).where(eq(orders.id, guest.orderId));
    await adopt(await guestSessionIdOf(guest.orderId), patient.userId);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, mine.id));
    expect(row!.doctorId).toBe(doctorId);
  });

  it('returns the patient’s cart id when the guest has no cart, and null when neither has one', async () => {
    const patient = await signedInPatient(ctx);
    const guest = await guestWithCart(ctx);
    const guestSessionId = await guestSessionIdOf(guest.orderId);
    await ctx.database.db.delete(orders).where(eq(orders.id, guest.orderId));
    expect(await adopt(guestSessionId, patient.userId)).toBeNull();
    const mine = (await patient.post('/api/cart')).json();
    expect(await adopt(guestSessionId, patient.userId)).toBe(mine.id);
  });

  it('only adopts within the given storefront', async () => {
    const guest = await guestWithCart(ctx);
    await guest.browser.put(`/api/orders/${guest.orderId}/items`, { items: [{ productId: P.minoxidil }] });
    const patient = await signedInPatient(ctx, { storefrontId: LUMEN_ID, host: 'lumen.localhost' });
    expect(await adopt(await guestSessionIdOf(guest.orderId), patient.userId, LUMEN_ID)).toBeNull();
    expect((await guest.browser.get('/api/cart')).json().id).toBe(guest.orderId);
  });
});
