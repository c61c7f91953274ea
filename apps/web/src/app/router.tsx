// Every route of SPEC §2 and the web's own, each page loaded lazily so the first download holds
// only the shell. A SPEC §2 page whose capability does not exist yet (/order-details) has no route
// and nothing links to it: it shows the plain "Page not found" until it is built (issue 13 #17).
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { FullPageLoading } from '@/components/PageState';
import { AppShell } from './AppShell';
import { page } from './lazyPage';
import { ACCOUNT_ROUTES, APP_ROUTES, CHECKOUT_ROUTES, PATHS } from './paths';
import { RouteError } from './RouteError';
import { RENEW_PRESCRIPTION_ROUTE } from '@/shared/renewal';


const checkout = CHECKOUT_ROUTES;

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    HydrateFallback: FullPageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors inside a page render within the layout.
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            lazy: page(() => import('@/features/home/HomePage').then((m) => m.HomePage)),
          },

          {
            path: APP_ROUTES.products,
            lazy: page(() => import('@/features/catalog/ProductsPage').then((m) => m.ProductsPage)),
          },
          {
            path: PATHS.product,
            lazy: page(() => import('@/features/catalog/ProductPage').then((m) => m.ProductPage)),
          },
          {
            path: APP_ROUTES.cart,
            lazy: page(() => import('@/features/cart/CartPage').then((m) => m.CartPage)),
          },

          {
            path: APP_ROUTES.login,
            lazy: page(() => import('@/features/auth/LoginPage').then((m) => m.LoginPage)),
          },
          // SPEC §2 "Register: /register": the checkout's Register stage for a guest whose checkout
          // waits there (the checkout's band above the page, the order given to it); else plain.
          // Registering with a one-time passcode instead is the same stage.
          {
            lazy: page(() =>
              import('@/features/checkout/RegisterStageLayout').then((m) => m.RegisterStageLayout),
            ),
            children: [
              {
                path: APP_ROUTES.register,
                lazy: page(() =>
                  import('@/features/auth/RegisterPage').then((m) => m.RegisterPage),
                ),
              },
              {
                path: ACCOUNT_ROUTES.registerWithCode,
                lazy: page(() =>
                  import('@/features/auth/RegisterWithCodePage').then((m) => m.RegisterWithCodePage),
                ),
              },
            ],
          },
          {
            path: APP_ROUTES.myAccount,
            lazy: page(() =>
              import('@/features/account/MyAccountPage').then((m) => m.MyAccountPage),
            ),
          },
          // The doctor's question about an order, answered by the patient (issue 15; the needs_info mail links here).
          {
            path: '/orders/:id/more-information',
            lazy: page(() =>
              import('@/features/order-questions/pages/MoreInformationPage').then(
                (m) => m.MoreInformationPage,
              ),
            ),
          },
          // issue 17: a patient asks to renew a prescription with no refills left or expired.
          {
            path: RENEW_PRESCRIPTION_ROUTE,
            lazy: page(() =>
              import('@/features/renewal/pages/RenewPrescriptionPage').then((m) => m.RenewPrescriptionPage),
            ),
          },
          // SPEC §7 reschedule doctor for recent order (issue 6), from the account.
          {
            path: '/my-account/visit',
            lazy: page(() =>
              import('@/features/scheduling/pages/RecentVisitPage').then((m) => m.RecentVisitPage),
            ),
          },
          // Accounts and sign-in (issue 4).
          {
            path: ACCOUNT_ROUTES.myAccountPassword,
            lazy: page(() => import('@/features/account/PasswordPage').then((m) => m.PasswordPage)),
          },
          // Saved cards (issue 7): the payment feature's page, with the account's sign-in prompt.
          {
            path: ACCOUNT_ROUTES.myAccountCards,
            lazy: async () => {
              const [{ SavedCardsPage }, { SignInRequired }] = await Promise.all([
                import('@/features/payment/pages/SavedCardsPage'),
                import('@/features/account/SignInRequired'),
              ]);
              return { Component: () => <SavedCardsPage SignInRequired={SignInRequired} /> };
            },
          },
          // The patient's orders (issue 17): the list and SPEC §2 /order-details, with the account's sign-in prompt.
          {
            path: ACCOUNT_ROUTES.myOrders,
            lazy: async () => {
              const [{ MyOrdersPage }, { SignInRequired }] = await Promise.all([
                import('@/features/orders/pages/MyOrdersPage'),
                import('@/features/account/SignInRequired'),
              ]);
              return { Component: () => <MyOrdersPage SignInRequired={SignInRequired} /> };
            },
          },
          {
            path: ACCOUNT_ROUTES.orderDetails,
            lazy: async () => {
              const [{ OrderDetailsPage }, { SignInRequired }] = await Promise.all([
                import('@/features/orders/pages/OrderDetailsPage'),
                import('@/features/account/SignInRequired'),
              ]);
              return { Component: () => <OrderDetailsPage SignInRequired={SignInRequired} /> };
            },
          },
          // Auto-refills (issue 17): the refills feature's page, with the account's sign-in prompt.
          {
            path: ACCOUNT_ROUTES.myRefills,
            lazy: async () => {
              const [{ RefillsPage }, { SignInRequired }] = await Promise.all([
                import('@/features/refills/pages/RefillsPage'),
                import('@/features/account/SignInRequired'),
              ]);
              return { Component: () => <RefillsPage SignInRequired={SignInRequired} /> };
            },
          },
          // Health records (issue 17): labs and documents, with the account's sign-in prompt.
          {
            path: ACCOUNT_ROUTES.myRecords,
            lazy: async () => {
              const [{ HealthRecordsPage }, { SignInRequired }] = await Promise.all([
                import('@/features/records/pages/HealthRecordsPage'),
                import('@/features/account/SignInRequired'),
              ]);
              return { Component: () => <HealthRecordsPage SignInRequired={SignInRequired} /> };
            },
          },
          // issue 17: who looked at my records, the address book (with the account's sign-in prompt),
          // and the phone-order request (guests too; it lands on / with a confirmation).
          {
            path: ACCOUNT_ROUTES.myAccessLog,
            lazy: async () => {
              const [{ AccessLogPage }, { SignInRequired }] = await Promise.all([
                import('@/features/access-log/pages/AccessLogPage'),
                import('@/features/account/SignInRequired'),
              ]);
              return { Component: () => <AccessLogPage SignInRequired={SignInRequired} /> };
            },
          },
          {
            path: ACCOUNT_ROUTES.myAddresses,
            lazy: async () => {
              const [{ AddressesPage }, { SignInRequired }] = await Promise.all([
                import('@/features/addresses/pages/AddressesPage'),
                import('@/features/account/SignInRequired'),
              ]);
              return { Component: () => <AddressesPage SignInRequired={SignInRequired} /> };
            },
          },
          {
            path: ACCOUNT_ROUTES.phoneOrder,
            lazy: page(() => import('@/features/phone-order/pages/PhoneOrderPage').then((m) => m.PhoneOrderPage)),
          },
          {
            path: ACCOUNT_ROUTES.registerFromInvite,
            lazy: page(() => import('@/features/auth/InvitePage').then((m) => m.InvitePage)),
          },
          {
            path: ACCOUNT_ROUTES.join,
            lazy: page(() => import('@/features/auth/JoinPage').then((m) => m.JoinPage)),
          },
          {
            path: ACCOUNT_ROUTES.ecp,
            lazy: page(() => import('@/features/auth/EcpPage').then((m) => m.EcpPage)),
          },
          {
            path: ACCOUNT_ROUTES.forgotPassword,
            lazy: page(() =>
              import('@/features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
            ),
          },
          {
            path: ACCOUNT_ROUTES.resetPassword,
            lazy: page(() =>
              import('@/features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
            ),
          },
          // A pharmacy checks a faxed prescription's code (issue 15; public, no sign-in).
          {
            path: '/verify-prescription',
            lazy: page(() =>
              import('@/features/prescription-verify/VerifyPrescriptionPage').then(
                (m) => m.VerifyPrescriptionPage,
              ),
            ),
          },
          {
            path: APP_ROUTES.disqualified,
            lazy: page(() =>
              import('@/features/consult/pages/DisqualifiedPage').then((m) => m.DisqualifiedPage),
            ),
          },

          // Checkout, in the order a patient meets the stages (SPEC §2). The checkout layout loads the
          // order, keeps the patient on the first pending stage and shows the progress steps (issue 8).
          {
            lazy: page(() =>
              import('@/features/checkout/CheckoutLayout').then((m) => m.CheckoutLayout),
            ),
            children: [
              // /checkout alone: the layout sends the patient to the first pending stage.
              { path: '/checkout', Component: () => null },
              {
                path: checkout.preQuestionnaire,
                lazy: page(() =>
                  import('@/features/checkout/pages/PreQuestionnairePage').then(
                    (m) => m.PreQuestionnairePage,
                  ),
                ),
              },
              {
                path: checkout.questionnaire,
                lazy: page(() =>
                  import('@/features/consult/pages/QuestionnairePage').then((m) => m.QuestionnairePage),
                ),
              },
              {
                path: checkout.preShipping,
                lazy: page(() =>
                  import('@/features/checkout/pages/PreShippingPage').then(
                    (m) => m.PreShippingPage,
                  ),
                ),
              },
              {
                path: checkout.shippingDetails,
                lazy: page(() =>
                  import('@/features/shipping/pages/ShippingDetailsPage').then(
                    (m) => m.ShippingDetailsPage,
                  ),
                ),
              },
              {
                path: checkout.pharmacyOptions,
                lazy: page(() =>
                  import('@/features/pharmacy/pages/PharmacyOptionsPage').then(
                    (m) => m.PharmacyOptionsPage,
                  ),
                ),
              },
              {
                path: checkout.pharmacyMap,
                lazy: page(() =>
                  import('@/features/pharmacy/pages/PharmacyMapPage').then(
                    (m) => m.PharmacyMapPage,
                  ),
                ),
              },
              {
                path: checkout.pharmacySearch,
                lazy: page(() =>
                  import('@/features/pharmacy/pages/PharmacySearchPage').then(
                    (m) => m.PharmacySearchPage,
                  ),
                ),
              },
              {
                path: checkout.preScheduling,
                lazy: page(() =>
                  import('@/features/checkout/pages/PreSchedulingPage').then(
                    (m) => m.PreSchedulingPage,
                  ),
                ),
              },
              {
                path: checkout.scheduleVisit,
                // The scheduling feature's page, bound to the order (issue 6).
                lazy: page(() =>
                  import('@/features/scheduling/pages/ScheduleVisitCheckoutPage').then(
                    (m) => m.ScheduleVisitCheckoutPage,
                  ),
                ),
              },
              {
                path: checkout.preDoctorConfirmation,
                lazy: page(() =>
                  import('@/features/checkout/pages/PreDoctorConfirmationPage').then(
                    (m) => m.PreDoctorConfirmationPage,
                  ),
                ),
              },
              {
                path: checkout.doctorConfirmation,
                lazy: page(() =>
                  import('@/features/scheduling/pages/DoctorConfirmationCheckoutPage').then(
                    (m) => m.DoctorConfirmationCheckoutPage,
                  ),
                ),
              },
              {
                path: checkout.greeting,
                lazy: page(() =>
                  import('@/features/checkout/pages/GreetingPage').then((m) => m.GreetingPage),
                ),
              },
              {
                path: checkout.prePayment,
                lazy: page(() =>
                  import('@/features/checkout/pages/PrePaymentPage').then((m) => m.PrePaymentPage),
                ),
              },
              {
                path: checkout.summary,
                lazy: page(() =>
                  import('@/features/payment/pages/SummaryPage').then((m) => m.SummaryPage),
                ),
              },
              {
                path: checkout.orderConfirmation,
                lazy: page(() =>
                  import('@/features/payment/pages/OrderConfirmationPage').then(
                    (m) => m.OrderConfirmationPage,
                  ),
                ),
              },
            ],
          },

          // The visit (issue 16; SPEC §2 /checkout/patient-visit and /checkout/ended-visit): reached
          // from the reminder mails, the order confirmation and My account, after payment. Not
          // checkout stages, so outside CheckoutLayout (which would send the patient to the first
          // pending stage of a cart). Booking a missed visit again is the scheduling feature's.
          {
            path: checkout.patientVisit,
            lazy: async () => {
              const [{ PatientVisitPage }, { OrderVisitRebook }] = await Promise.all([
                import('@/features/visit/pages/PatientVisitPage'),
                import('@/features/scheduling/components/OrderVisitRebook'),
              ]);
              return { Component: () => <PatientVisitPage Rebook={OrderVisitRebook} /> };
            },
          },
          {
            path: checkout.endedVisit,
            lazy: page(() =>
              import('@/features/visit/pages/EndedVisitPage').then((m) => m.EndedVisitPage),
            ),
          },

          // Our own reschedule page, linked from the booking mail (issue 6; SPEC §2 reschedulings/).
          {
            path: '/reschedulings/:token',
            lazy: page(() =>
              import('@/features/scheduling/pages/ReschedulingPage').then(
                (m) => m.ReschedulingPage,
              ),
            ),
          },

          {
            path: '*',
            lazy: page(() => import('./NotFoundPage').then((m) => m.NotFoundPage)),
          },
        ],
      },
    ],
  },

];

const STAFF_AREA = /^\/(staff|doctor|pharmacy|admin)(\/|$)/;

/**
 * The staff areas' route tables (doctor, pharmacy, admin and the staff sign-in) are added when a
 * path inside them is first visited, so a patient's first download carries not even their list of
 * pages (issue 19). React Router asks here before matching a path it does not know yet.
 */
export const patchStaffRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!STAFF_AREA.test(path)) return;
  const { staffRoutes } = await import('./staffRoutes');
  patch(null, staffRoutes);
};

/**
 * `serverDrawn`: the page in the browser was drawn by the server (issue 19). Hydration data (there
 * are no loaders, so it is empty) tells the router the page is already shown: it must not scroll
 * to the top once it starts, or a patient who scrolled while the code loaded jumps back up.
 */
export function createAppRouter({ serverDrawn = false }: { serverDrawn?: boolean } = {}) {
  return createBrowserRouter(routes, {
    patchRoutesOnNavigation: patchStaffRoutes,
    ...(serverDrawn ? { hydrationData: { loaderData: {} } } : {}),
  });
}
