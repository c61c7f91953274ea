// Editing a draft order (the cart, the shipping details, the pharmacy): one transaction that locks
// the caller's order, reopens it when it was waiting for payment (reopen for edit), lets the cart
// apply the change and re-price, and — when the shipping address or method changed — completes
// the Shipping stage (shipping saved), choosing the partner pharmacy where the storefront offers
// no choice. The cart, the checkout engine, payments, addresses and pharmacies each do their part
// through their services; none of them calls another's.
import { canCompleteStage, hasStage, Stage, type StorefrontConfig, type UsAddress } from '@store/domain';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import { ownerOfIdentity } from '../plugins/identity.ts';
import type { AddressService, SavedAddress } from '../modules/addresses/addresses.service.ts';
import type { AuditContext } from '../modules/audit/audit.service.ts';
import type { Identity } from '../modules/auth/sessions.service.ts';
import { isUuid } from '../modules/catalog/catalog.service.ts';
import type { CartEdit, CartService, OrderShippingAddress } from '../modules/cart/cart.service.ts';
import type { CheckoutService } from '../modules/checkout/checkout.service.ts';
import type { OrderAndItems, OrderOwner, OrderRow, OrdersService, OrderView } from '../modules/orders/orders.service.ts';
import type { PaymentsService } from '../modules/payments/payments.service.ts';
import type { PharmacyService } from '../modules/pharmacies/pharmacies.service.ts';

/** A saved address of the patient's, or a new one (exactly one of them). */
export interface ShippingAddressInput {
  savedAddressId?: string | undefined;
  address?: UsAddress | undefined;
  save?: boolean | undefined;
  methodId?: string | undefined;
}

export const PHARMACY_PARTNER_UNAVAILABLE = 'There is no partner pharmacy to ship from. Please choose a local pharmacy.';
export const PHARMACY_CHOICE_OFF = 'This store sends every prescription to its partner pharmacy.';

/** Runs after the cart's change in the same transaction; answers the order as it then stands, or nothing. */
type AfterEdit = (tx: DbOrTx, current: OrderAndItems) => Promise<OrderAndItems | void>;

export function createEditOrderWorkflow(deps: {
  db: Db;
  orders: Pick<OrdersService, 'storeData' | 'findOwned' | 'view' | 'transition' | 'stateOf' | 'update'>;
  cart: Pick<CartService, 'applyEdit' | 'edits'>;
  checkout: Pick<CheckoutService, 'completeStageIn'>;
  payments: Pick<PaymentsService, 'hasLivePayment'>;
  addresses: Pick<AddressService, 'getAddressForUser' | 'markUsed' | 'create'>;
  pharmacies: Pick<PharmacyService, 'getPharmacyForOrder' | 'partnerPharmacy'>;
}) {
  const { db, orders, cart, checkout, payments, addresses, pharmacies } = deps;

  /**
   * Reopen for edit (issue 7): an order waiting for payment goes back to draft when the patient
   * edits it, unless a payment for it is under way or made (409 ORDER_NOT_EDITABLE): what is
   * being paid for must not change under the payment.
   */
  async function reopenForEdit(tx: DbOrTx, order: OrderRow): Promise<void> {
    if (await payments.hasLivePayment(tx, order.id)) {
      throw new AppError(409, 'ORDER_NOT_EDITABLE', 'This order is being paid for and can no longer be changed.');
    }
    await orders.transition({ orderId: order.id, to: 'draft', reason: 'cart_edited', tx });
  }

  /**
   * Shipping saved (issue 5): with an address and a method on the order, completes the Shipping
   * stage when its turn has come (earlier stages done; otherwise the stage waits and the page is
   * reached again in order). With the storefront's pharmacy choice off, the partner pharmacy then
   * goes on the order and Pharmacy completes too.
   */
  async function shippingSaved(tx: DbOrTx, storefront: StorefrontConfig, current: OrderAndItems, audit?: AuditContext): Promise<OrderAndItems | void> {
    const { order, items } = current;
    if (!order.shipLine1 || !order.shippingMethodId || order.status !== 'draft') return;
    // The order is locked and its rows are in hand: nothing to read again.
    let state = orders.stateOf(order, items);
    if (!hasStage(state.required, Stage.Shipping)) return;
    const loggedIn = state.order.userId !== null;
    if (!hasStage(state.completed, Stage.Shipping)) {
      if (!canCompleteStage(state.required, state.completed, Stage.Shipping, { loggedIn })) return;
      state = await checkout.completeStageIn(tx, state, { stage: Stage.Shipping, audit });
    }
    if (
      !storefront.settings.pharmacyChoice &&
      hasStage(state.required, Stage.Pharmacy) &&
      !hasStage(state.completed, Stage.Pharmacy) &&
      canCompleteStage(state.required, state.completed, Stage.Pharmacy, { loggedIn })
    ) {
      const partner = await pharmacies.partnerPharmacy(storefront.id, tx);
      if (partner) {
        state = await orders.update(tx, state, { pharmacyId: partner.id }, { actor: { type: 'system' } });
        state = await checkout.completeStageIn(tx, state, { stage: Stage.Pharmacy, audit });
      }
    }
    return { order: state.order, items: state.items };
  }

  /** Locks the owner's order (another's is a 404), reopens it if it waits for payment, applies `edit`, then `after`. */
  async function edit(storefront: StorefrontConfig, owner: OrderOwner, orderId: string, change: CartEdit, after?: AfterEdit): Promise<OrderView> {
    if (!isUuid(orderId)) throw notFound();
    const data = await orders.storeData(storefront.id);
    const result = await db.transaction(async (tx) => {
      const order = await orders.findOwned(tx, { id: orderId, storefrontId: storefront.id, owner }, { forUpdate: true });
      if (!order) throw notFound();
      if (order.status === 'awaiting_payment') {
        await reopenForEdit(tx, order);
        order.status = 'draft';
      }
      const priced = await cart.applyEdit(tx, data, order, change);
      return after ? ((await after(tx, priced)) ?? priced) : priced;
    });
    return orders.view(storefront, data, result.order, result.items, owner.kind === 'user');
  }

  return {
    edit,

    /** PATCH /api/orders/:id/shipping: the state and method; Shipping completes once an address and a method are set. */
    setShipping(storefront: StorefrontConfig, owner: OrderOwner, orderId: string, input: Parameters<CartService['edits']['setShipping']>[0]) {
      return edit(storefront, owner, orderId, cart.edits.setShipping(input), (tx, current) => shippingSaved(tx, storefront, current));
    },

    /**
     * PUT /api/orders/:id/shipping-address. A saved address must be the patient's own (guests have
     * none; another patient's: 404); it is copied onto the order and becomes the most recent. A new
     * address may be saved by a patient (`save`). Nothing is saved when the order refuses the state.
     */
    async setShippingAddress(storefront: StorefrontConfig, identity: Identity, orderId: string, input: ShippingAddressInput): Promise<OrderView> {
      const owner = ownerOfIdentity(identity);
      let saved: SavedAddress | null = null;
      let address: OrderShippingAddress;
      if (input.savedAddressId !== undefined) {
        if (identity.kind !== 'user') throw notFound();
        saved = await addresses.getAddressForUser(input.savedAddressId, identity.userId);
        address = { fullName: saved.fullName, line1: saved.line1, line2: saved.line2, city: saved.city, state: saved.state, zip: saved.zip, phone: saved.phone };
      } else if (input.address) {
        address = input.address;
      } else {
        throw notFound();
      }
      const order = await edit(storefront, owner, orderId, cart.edits.setShippingAddress(address, { methodId: input.methodId }), (tx, current) =>
        shippingSaved(tx, storefront, current),
      );
      if (identity.kind === 'user') {
        if (saved) await addresses.markUsed(identity.userId, saved.id);
        else if (input.save && input.address) {
          const created = await addresses.create(identity.userId, input.address);
          await addresses.markUsed(identity.userId, created.id);
        }
      }
      return order;
    },

    /**
     * PUT /api/orders/:id/pharmacy: a pharmacy the caller may use (the directory, the partner, their
     * own; else 404), or the storefront's partner (`partner: true`); completes the Pharmacy stage
     * in the same transaction (409 when Shipping is not done yet or the order needs no pharmacy).
     */
    async setPharmacy(
      storefront: StorefrontConfig,
      identity: Identity,
      orderId: string,
      input: { pharmacyId?: string | undefined; partner?: boolean | undefined },
      audit?: AuditContext,
    ): Promise<OrderView> {
      let pharmacyId: string;
      if (input.partner) {
        const partner = await pharmacies.partnerPharmacy(storefront.id);
        if (!partner) throw new AppError(409, 'PHARMACY_PARTNER_UNAVAILABLE', PHARMACY_PARTNER_UNAVAILABLE);
        pharmacyId = partner.id;
      } else {
        const pharmacy = await pharmacies.getPharmacyForOrder(input.pharmacyId ?? '', identity);
        if (!storefront.settings.pharmacyChoice && !pharmacy.isPartner) {
          throw new AppError(409, 'PHARMACY_CHOICE_OFF', PHARMACY_CHOICE_OFF);
        }
        pharmacyId = pharmacy.id;
      }
      return edit(storefront, ownerOfIdentity(identity), orderId, cart.edits.setPharmacy(pharmacyId), async (tx, current) => {
        const after = await checkout.completeStageIn(tx, orders.stateOf(current.order, current.items), { stage: Stage.Pharmacy, audit });
        return { order: after.order, items: after.items };
      });
    },
  };
}
export type EditOrderWorkflow = ReturnType<typeof createEditOrderWorkflow>;
