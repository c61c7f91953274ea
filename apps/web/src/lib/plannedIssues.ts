// The issues that fill in the planned pages, named once so the pages stay consistent. When an issue
// lands its pages stop using PlannedPage and its entry here can go.
export const PLANNED_ISSUES = {
  store: 'The store: catalog, product pages, cart, guest orders, promo codes, tax and shipping',
  cart: 'The store: catalog, product pages, cart, guest orders, promo codes, tax and shipping',
  consult: 'Checkout engine and the consult: stage flow, progress, questionnaire, medications, uploads, disqualification',
  shipping: 'Checkout: shipping details and pharmacy choice (options, search, map, the patient\'s own pharmacy)',
  scheduling: 'Checkout: choosing a doctor, scheduling a visit, rescheduling, and asynchronous doctor confirmation',
  payment: 'Checkout: summary, payment with saved cards, order confirmation',
  accounts: 'Accounts and sign-in: register, password and one-time-code login, reset, ECP and invite sign-up',
} as const;
