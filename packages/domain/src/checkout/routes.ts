// SPEC §2: the checkout routes and the other top-level routes, as one table both sides use.
export const CHECKOUT_ROUTES = {
  preQuestionnaire: '/checkout/pre-questionnaire',
  questionnaire: '/checkout/questionnaire/1',
  preShipping: '/checkout/pre-shipping',
  shippingDetails: '/checkout/shipping-details',
  preScheduling: '/checkout/pre-scheduling',
  scheduleVisit: '/checkout/schedule-visit',
  preDoctorConfirmation: '/checkout/pre-doctor-confirmation',
  doctorConfirmation: '/checkout/doctor-confirmation',
  summary: '/checkout/summary',
  patientVisit: '/checkout/patient-visit',
  prePayment: '/checkout/pre-payment',
  orderConfirmation: '/checkout/order-confirmation',
  endedVisit: '/checkout/ended-visit',
  greeting: '/checkout/greeting',
  pharmacyMap: '/checkout/pharmacy-map',
  pharmacySearch: '/checkout/pharmacy-search',
  pharmacyOptions: '/checkout/pharmacy-options',
} as const;
export type CheckoutRouteKey = keyof typeof CHECKOUT_ROUTES;
export type CheckoutRoute = (typeof CHECKOUT_ROUTES)[CheckoutRouteKey];

export const APP_ROUTES = {
  home: '/',
  register: '/register',
  myAccount: '/my-account',
  orderDetails: '/order-details',
  disqualified: '/disqualified',
  cart: '/cart',
  products: '/products',
  login: '/login',
} as const;
