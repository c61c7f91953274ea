// What a shipping method costs an order: free once the order's merchandise (subtotal less
// discount, in cents) reaches the method's free-shipping threshold, otherwise the method's cost.
// One rule for the server's pricing, the cart's estimate and the shipping page.

export interface ShippingPrice {
  costCents: number;
  /** Free at or above this much merchandise; null: never free by amount. */
  freeAboveCents: number | null;
}

export function shippingCostCents(method: ShippingPrice, merchandiseCents: number): number {
  if (method.freeAboveCents !== null && merchandiseCents >= method.freeAboveCents) return 0;
  return method.costCents;
}
