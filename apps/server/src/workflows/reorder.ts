// Reorder (SPEC §7 reorder; issue 17 "reorder puts the same products in a new cart, and a
// prescription product with refills left goes to a refill instead of a new consult").
// POST /api/orders/:id/reorder, the signed-in patient's own order (else 404):
// - its prescription is active, has a refill left and has not expired: one refill now, through the
//   renewal job's cycle machinery (the plan's next cycle, or a one-time plan when it has none):
//   charged once with the cycle's key, retried like any declined cycle; kind 'refill';
// - otherwise the order's products that are still sold go into the patient's cart (the store's
//   rules apply: SPEC §8 a second consult product is 422 MULTIPLE_PRODUCTS); kind 'cart', path /cart.
import { APP_ROUTES, type ReorderResult, type StorefrontConfig } from '@store/domain';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/problem.ts';
import type { Identity } from '../modules/auth/sessions.service.ts';
import type { CartService } from '../modules/cart/cart.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import { refillable, type RefillsService } from '../modules/refills/refills.service.ts';
import type { RefillRenewal } from './refill-renewal.ts';

const ORDERS_PATH = '/my-account/orders';
const REFILLS_PATH = '/my-account/refills';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const REORDER_MESSAGES = {
  REFILL_CHARGED: 'Your refill is on its way: we charged your card and sent it to your pharmacy.',
  REFILL_DECLINED: 'Your card was declined for this refill. We will try again in a few days; update your card on your refills page.',
  REFILL_PROCESSING: 'Your refill is being processed. You will find it in your orders shortly.',
  REFILL_PAUSED: 'Your auto-refill for this prescription is paused. Update your card and choose a new date on your refills page.',
  CART: 'We put the same products in your cart.',
  CART_NOTHING: 'These products are no longer available, so nothing was added to your cart.',
} as const;

export function createReorder(deps: {
  db: Db;
  now: () => Date;
  orders: Pick<OrdersService, 'findOwned' | 'itemsOf'>;
  prescriptions: Pick<PrescriptionService, 'ofOrder' | 'ofPatient'>;
  refills: Pick<RefillsService, 'livePlanOf' | 'startOnce'>;
  renewal: Pick<RefillRenewal, 'renewNow'>;
  cart: Pick<CartService, 'addProducts'>;
}) {
  const { db, now, orders, prescriptions, refills, renewal, cart } = deps;

  async function refillNow(patient: { userId: string; storefrontId: string }, order: NonNullable<Awaited<ReturnType<OrdersService['findOwned']>>>, prescriptionId: string): Promise<ReorderResult | null> {
    let plan = await refills.livePlanOf(db, prescriptionId);
    if (plan?.status === 'paused') return { kind: 'refill', orderId: null, planId: plan.id, path: REFILLS_PATH, message: REORDER_MESSAGES.REFILL_PAUSED };
    if (!plan) {
      const rx = (await prescriptions.ofPatient(db, patient.userId)).find((p) => p.id === prescriptionId);
      if (!rx) return null;
      plan = await refills.startOnce({ patient, order, prescription: rx });
      // Another request started it first: its plan is renewed (the cycle is claimed once).
      plan ??= await refills.livePlanOf(db, prescriptionId);
      if (!plan) return null;
    }
    const { outcome, orderId } = await renewal.renewNow(plan.id);
    const planId = plan.status === 'once' ? null : plan.id;
    switch (outcome) {
      case 'charged':
        return { kind: 'refill', orderId, planId, path: ORDERS_PATH, message: REORDER_MESSAGES.REFILL_CHARGED };
      case 'declined':
      case 'paused':
        return { kind: 'refill', orderId, planId, path: REFILLS_PATH, message: REORDER_MESSAGES.REFILL_DECLINED };
      case 'pending':
        return { kind: 'refill', orderId, planId, path: ORDERS_PATH, message: REORDER_MESSAGES.REFILL_PROCESSING };
      default:
        return null;
    }
  }

  return {
    async reorder(storefront: StorefrontConfig, identity: Identity | null | undefined, orderId: string): Promise<ReorderResult> {
      if (!identity || identity.kind !== 'user' || !UUID.test(orderId)) throw notFound();
      const patient = { userId: identity.userId, storefrontId: storefront.id };
      const owner = { kind: 'user' as const, userId: identity.userId };
      const order = await orders.findOwned(db, { id: orderId, storefrontId: storefront.id, owner });
      if (!order) throw notFound();
      const rx = await prescriptions.ofOrder(db, order.id);
      if (rx && rx.patientId === identity.userId && refillable(rx, now())) {
        const refill = await refillNow(patient, order, rx.id);
        if (refill) return refill;
      }
      const items = await orders.itemsOf(db, order.id);
      const { orderId: cartId, added } = await cart.addProducts(storefront, owner, items.map((i) => ({ productId: i.productId, qty: i.qty })));
      return { kind: 'cart', orderId: cartId, planId: null, path: APP_ROUTES.cart, message: added > 0 ? REORDER_MESSAGES.CART : REORDER_MESSAGES.CART_NOTHING };
    },
  };
}
export type Reorder = ReturnType<typeof createReorder>;
