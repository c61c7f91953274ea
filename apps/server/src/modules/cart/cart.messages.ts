// ours: store problems the spec gives no wording for (candidates for the domain catalogue).
export const CART_MESSAGES = {
  PRODUCT_UNAVAILABLE: 'This product is not available.',
  ORDER_NOT_EDITABLE: 'This order can no longer be changed.',
  SHIPPING_METHOD_UNAVAILABLE: 'Please choose one of the shipping methods offered.',
  DUPLICATE_PRODUCT: 'Each product may be listed once.',
  QUANTITY_NOT_WHOLE: 'Please choose a whole number quantity.',
} as const;
