// Products and carts as the server serves them, for the store's component tests.
import type { Cart, CartItem } from '@/shared/cart';
import type { Product } from '@/shared/catalog';

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'p-fin',
    slug: 'finasteride-1mg',
    title: 'Finasteride 1 mg',
    description: 'The daily tablet that stops hair loss.',
    category: 'hair',
    type: 'prescription',
    thumbnail: '/products/finasteride-1mg.svg',
    priceCents: 2200,
    consultFeeCents: 2500,
    priceWithConsultCents: 4700,
    pricePerCycleCents: 2200,
    refillCycleDays: 30,
    qtyRange: { min: 1, max: 6 },
    defaultQuantity: 3,
    flexibleQuantity: true,
    consultRequired: true,
    consultAttached: true,
    visitType: 3,
    checkoutStages: 59,
    questionnaireId: 'hair-loss-intake',
    shipsTo: ['CA', 'NY'],
    images: [],
    ...overrides,
  };
}

export const OTC = makeProduct({
  id: 'p-min',
  slug: 'minoxidil-5-foam',
  title: 'Minoxidil 5% Foam',
  type: 'otc',
  priceCents: 2999,
  consultFeeCents: 0,
  priceWithConsultCents: 2999,
  pricePerCycleCents: 2999,
  defaultQuantity: 1,
  consultRequired: false,
  consultAttached: false,
  visitType: null,
  checkoutStages: 34,
  questionnaireId: null,
});

export function makeItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 'i1',
    productId: OTC.id,
    slug: OTC.slug,
    title: OTC.title,
    description: '',
    thumbnail: OTC.thumbnail,
    type: 'otc',
    qty: 2,
    qtyRange: { min: 1, max: 6 },
    defaultQuantity: 1,
    flexibleQuantity: true,
    unitPriceCents: 2999,
    lineSubtotalCents: 5998,
    consultFeeCents: 0,
    consultRequired: false,
    consultAttached: false,
    visitType: null,
    checkoutStages: 34,
    completedCheckoutStages: 0,
    ...overrides,
  };
}

/** The order view's fields the server always answers that a cart fixture rarely cares about. */
export const ORDER_VIEW_DEFAULTS = {
  stateRequired: false,
  shippingAddress: null,
  pharmacyId: null,
  doctorId: null,
  phone: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
} satisfies Partial<Cart>;

export function makeCart(overrides: Partial<Cart> = {}): Cart {
  return {
    id: 'o1',
    status: 'draft',
    isGuestOrder: true,
    sessionGuid: null,
    items: [makeItem()],
    checkoutStages: 34,
    completedCheckoutStages: 0,
    orderLevelCheckoutStages: 0,
    pendingStages: [2, 4, 32],
    nextRoute: '/checkout/shipping-details',
    pendingConsultProductIds: [],
    shipping: { state: null, methodId: 'm1', carrier: 'USPS', methodName: 'Standard', costCents: 0, allowedMethodIds: null },
    promoCode: null,
    isPromoCodeApplied: false,
    isSalesTaxApplied: false,
    salesTaxCents: 0,
    taxRatePercent: 0,
    totals: { subtotalCents: 5998, consultFeeCents: 0, discountCents: 0, shippingCents: 0, taxCents: 0, donationCents: 0, totalCents: 5998 },
    visitType: null,
    ...ORDER_VIEW_DEFAULTS,
    ...overrides,
  };
}
