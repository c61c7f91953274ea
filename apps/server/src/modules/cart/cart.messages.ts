// ours: store problems the spec gives no wording for (candidates for the domain catalogue).
export const CART_MESSAGES = {
  PRODUCT_UNAVAILABLE: 'This product is not available.',
  ORDER_NOT_EDITABLE: 'This order can no longer be changed.',
  SHIPPING_METHOD_UNAVAILABLE: 'Please choose one of the shipping methods offered.',
  /** issue 18, SPEC §7 product-wise shipping methods: no method ships both this and the cart's other items. */
  SHIPPING_METHODS_CONFLICT: 'This product ships differently from the items already in your cart. Check them out first, or order it on its own.',
  DUPLICATE_PRODUCT: 'Each product may be listed once.',
  QUANTITY_NOT_WHOLE: 'Please choose a whole number quantity.',
  /** issue 17: a renewal cannot join a cart holding another treatment that needs its own consult. */
  RENEWAL_CART_BUSY: 'Your cart holds another treatment that needs its own consult. Check it out or remove it, then ask for the renewal again.',
} as const;
