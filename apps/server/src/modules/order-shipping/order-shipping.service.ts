// The order's shipping details and pharmacy (issue 5): the shipping address copied onto the order
// (a saved address of the patient's, or one typed at checkout, optionally saved), the Shipping stage
// completed once address and method are both set, and the pharmacy the prescription goes to (the
// Pharmacy stage). When the storefront's pharmacy choice is off, the partner pharmacy is chosen as
// Shipping completes, so the patient never sees the pharmacy pages (SPEC §3 PharmacyChoice).
import {
  canCompleteStage,
  hasStage,
  Stage,
  type StorefrontConfig,
  type UsAddress,
} from '@store/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { AddressService, SavedAddress } from '../addresses/addresses.service.ts';
import type { Identity } from '../auth/sessions.service.ts';
import type {
  CartOwner,
  CartService,
  OrderAndItems,
  OrderItemRow,
  OrderRow,
  OrderShippingAddress,
} from '../cart/cart.service.ts';
import type { AuditContext, CheckoutService } from '../checkout/checkout.service.ts';
import type { PharmacyService } from '../pharmacies/pharmacies.service.ts';

interface Deps {
  cart: Pick<CartService, 'stateOf' | 'setShippingAddress' | 'setPharmacy' | 'writePharmacy'>;
  checkout: Pick<CheckoutService, 'completeStageIn'>;
  addresses: Pick<AddressService, 'getAddressForUser' | 'markUsed' | 'create'>;
  pharmacies: Pick<PharmacyService, 'getPharmacyForOrder' | 'partnerPharmacy'>;
}

/** A saved address of the patient's, or a new one (exactly one of them). */
export interface ShippingAddressInput {
  savedAddressId?: string | undefined;
  address?: UsAddress | undefined;
  save?: boolean | undefined;
  methodId?: string | undefined;
}

export const PHARMACY_PARTNER_UNAVAILABLE =
  'There is no partner pharmacy to ship from. Please choose a local pharmacy.';
export const PHARMACY_CHOICE_OFF = 'This store sends every prescription to its partner pharmacy.';

const ownerOf = (identity: Identity): CartOwner =>
  identity.kind === 'user'
    ? { kind: 'user', userId: identity.userId }
    : { kind: 'guest', guestSessionId: identity.sessionId };

export function createOrderShippingService(deps: Deps) {
  const { cart, checkout, addresses, pharmacies } = deps;

  return {
    /**
     * The cart's `onShippingSaved` hook (inside its transaction, the order locked): with an address
     * and a method on the order, completes the Shipping stage when its turn has come (earlier stages
     * done; otherwise the stage waits and the page is reached again in order). With the storefront's
     * pharmacy choice off, the partner pharmacy then goes on the order and Pharmacy completes too.
     */
    async onShippingSaved(
      tx: DbOrTx,
      input: {
        storefront: StorefrontConfig;
        order: OrderRow;
        items: OrderItemRow[];
      },
      audit?: AuditContext,
    ): Promise<OrderAndItems | void> {
      const { storefront, order, items } = input;
      if (!order.shipLine1 || !order.shippingMethodId || order.status !== 'draft') return;
      // The cart holds the order locked and hands over its rows: nothing to read again.
      let state = cart.stateOf(order, items);
      if (!hasStage(state.required, Stage.Shipping)) return;
      const loggedIn = state.order.userId !== null;
      if (!hasStage(state.completed, Stage.Shipping)) {
        if (!canCompleteStage(state.required, state.completed, Stage.Shipping, { loggedIn }))
          return;
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
          await cart.writePharmacy(tx, order.id, partner.id);
          state = await checkout.completeStageIn(
            tx,
            { ...state, order: { ...state.order, pharmacyId: partner.id } },
            { stage: Stage.Pharmacy, audit },
          );
        }
      }
      return { order: state.order, items: state.items };
    },

    /**
     * PUT /api/orders/:id/shipping-address. A saved address must be the patient's own (guests have
     * none; another patient's: 404); it is copied onto the order and becomes the most recent. A new
     * address may be saved by a patient (`save`). Nothing is saved when the order refuses the state.
     */
    async setShippingAddress(
      storefront: StorefrontConfig,
      identity: Identity,
      orderId: string,
      input: ShippingAddressInput,
    ) {
      const owner = ownerOf(identity);
      let saved: SavedAddress | null = null;
      let address: OrderShippingAddress;
      if (input.savedAddressId !== undefined) {
        if (identity.kind !== 'user') throw notFound();
        saved = await addresses.getAddressForUser(input.savedAddressId, identity.userId);
        address = {
          fullName: saved.fullName,
          line1: saved.line1,
          line2: saved.line2,
          city: saved.city,
          state: saved.state,
          zip: saved.zip,
          phone: saved.phone,
        };
      } else if (input.address) {
        address = input.address;
      } else {
        throw notFound();
      }
      const order = await cart.setShippingAddress(storefront, owner, orderId, address, {
        methodId: input.methodId,
      });
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
    ) {
      const owner = ownerOf(identity);
      let pharmacyId: string;
      if (input.partner) {
        const partner = await pharmacies.partnerPharmacy(storefront.id);
        if (!partner)
          throw new AppError(409, 'PHARMACY_PARTNER_UNAVAILABLE', PHARMACY_PARTNER_UNAVAILABLE);
        pharmacyId = partner.id;
      } else {
        const pharmacy = await pharmacies.getPharmacyForOrder(input.pharmacyId ?? '', identity);
        if (!storefront.settings.pharmacyChoice && !pharmacy.isPartner) {
          throw new AppError(409, 'PHARMACY_CHOICE_OFF', PHARMACY_CHOICE_OFF);
        }
        pharmacyId = pharmacy.id;
      }
      return cart.setPharmacy(storefront, owner, orderId, pharmacyId, async (tx, current) => {
        const after = await checkout.completeStageIn(
          tx,
          cart.stateOf(current.order, current.items),
          { stage: Stage.Pharmacy, audit },
        );
        return { order: after.order, items: after.items };
      });
    },
  };
}
export type OrderShippingService = ReturnType<typeof createOrderShippingService>;
