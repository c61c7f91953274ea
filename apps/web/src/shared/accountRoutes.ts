// Accounts and sign-in (issue 4): the pages SPEC §2 names without a path. In shared because both the
// app's route table and the auth feature (where to go after signing in) need them.
import { APP_ROUTES } from '@store/domain';

export const ACCOUNT_ROUTES = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  registerWithCode: '/register/passcode',
  registerFromInvite: '/register/invite',
  join: '/join',
  ecp: '/ecp',
  myAccountPassword: '/my-account/password',
  myAccountCards: '/my-account/cards',
  // The patient's account (issue 17).
  myOrders: '/my-account/orders',
  /** SPEC §2 /order-details?id=… */
  orderDetails: '/order-details',
  myRefills: '/my-account/refills',
  myAddresses: '/my-account/addresses',
  myRecords: '/my-account/records',
  myAccessLog: '/my-account/access-log',
  phoneOrder: '/phone-order',
} as const;

/**
 * Pages only for people not signed in: once signed in they send the visitor on, so leaving one by
 * signing in replaces its history entry (Back then goes to the page before it, not into a redirect
 * that lands where the visitor already is).
 */
export const SIGNED_OUT_ONLY_PATHS: readonly string[] = [
  APP_ROUTES.login,
  APP_ROUTES.register,
  ACCOUNT_ROUTES.registerWithCode,
  ACCOUNT_ROUTES.registerFromInvite,
  ACCOUNT_ROUTES.join,
  ACCOUNT_ROUTES.resetPassword,
  ACCOUNT_ROUTES.ecp,
];
