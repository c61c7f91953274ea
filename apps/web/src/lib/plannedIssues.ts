// The issues that fill in the planned pages, named once so the pages stay consistent. When an issue
// lands its pages stop using PlannedPage and its entry here can go.
export const PLANNED_ISSUES = {
  store: 'Store: catalog and product pages',
  cart: 'Cart: items, quantities and promo codes',
  consult: 'Checkout: consult questionnaire',
  shipping: 'Checkout: shipping details and pharmacy choice',
  scheduling: 'Checkout: doctor visits and scheduling',
  payment: 'Checkout: payment and order confirmation',
  accounts: 'Accounts: login, registration and my account',
} as const;
