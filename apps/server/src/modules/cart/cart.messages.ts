// ours: store problems the spec gives no wording for (candidates for the domain catalogue).
export const CART_MESSAGES = {
  PRODUCT_UNAVAILABLE: 'This product is not available.',
  ORDER_NOT_EDITABLE: 'This order can no longer be changed.',
  SHIPPING_METHOD_UNAVAILABLE: 'Please choose one of the shipping methods offered.',
  DUPLICATE_PRODUCT: 'Each product may be listed once.',
  QUANTITY_NOT_WHOLE: 'Please choose a whole number quantity.',
  /** issue 17: a renewal cannot join a cart holding another treatment that needs its own consult. */
  RENEWAL_CART_BUSY: 'Your cart holds another treatment that needs its own consult. Check it out or remove it, then ask for the renewal again.',
} as const;
