// Staff (issue 15), outside the patient layout (no cart or account header) and lazy, so a patient's
// first load carries none of it: the router adds this table when a staff path is first visited
// (patchStaffRoutes in router.tsx). Each area's layout guards its role and renders its pages as
// child routes.
import type { RouteObject } from 'react-router';
import { FullPageLoading } from '@/components/PageState';
import { ADMIN_ROUTES } from '@/areas/admin/adminRoutes';
import { RouteError } from './RouteError';
import { page } from './lazyPage';

export const staffRoutes: RouteObject[] = [
  {
    path: '/staff/sign-in',
    HydrateFallback: FullPageLoading,
    ErrorBoundary: RouteError,
    lazy: page(() => import('@/features/auth/StaffSignInPage').then((m) => m.StaffSignInPage)),
  },
  {
    path: '/doctor',
    HydrateFallback: FullPageLoading,
    ErrorBoundary: RouteError,
    lazy: page(() => import('@/areas/doctor/DoctorLayout').then((m) => m.DoctorLayout)),
    children: [
      {
        index: true,
        lazy: page(() =>
          import('@/features/doctor-review/pages/ReviewQueuePage').then((m) => m.ReviewQueuePage),
        ),
      },
      {
        path: 'orders/:id',
        lazy: page(() =>
          import('@/features/doctor-review/pages/ReviewOrderPage').then((m) => m.ReviewOrderPage),
        ),
      },
      {
        // Questionnaire drafts awaiting this doctor's sign-off (issue 18).
        path: 'questionnaires',
        lazy: page(() => import('@/features/doctor-questionnaires/pages/DoctorQuestionnairesPage').then((m) => m.DoctorQuestionnairesPage)),
      },
      {
        // Lab orders awaiting results, and the results upload (issue 17).
        path: 'labs',
        lazy: page(() => import('@/features/doctor-labs/pages/DoctorLabsPage').then((m) => m.DoctorLabsPage)),
      },
      {
        // One visit (issue 16): join the video call or phone the patient, the private note.
        path: 'visits/:appointmentId',
        lazy: page(() =>
          import('@/features/doctor-visit/pages/DoctorVisitPage').then((m) => m.DoctorVisitPage),
        ),
      },
      { path: '*', lazy: page(() => import('./NotFoundPage').then((m) => m.NotFoundPage)) },
    ],
  },
  {
    path: '/pharmacy',
    HydrateFallback: FullPageLoading,
    ErrorBoundary: RouteError,
    lazy: page(() => import('@/areas/pharmacy/PharmacyLayout').then((m) => m.PharmacyLayout)),
    children: [
      {
        index: true,
        lazy: page(() =>
          import('@/features/fulfilment/pages/PharmacyOrdersPage').then((m) => m.PharmacyOrdersPage),
        ),
      },
      { path: '*', lazy: page(() => import('./NotFoundPage').then((m) => m.NotFoundPage)) },
    ],
  },
  {
    // The operator's console (issue 18): its pages are listed in areas/admin/adminRoutes.ts.
    path: '/admin',
    HydrateFallback: FullPageLoading,
    ErrorBoundary: RouteError,
    lazy: page(() => import('@/areas/admin/AdminLayout').then((m) => m.AdminLayout)),
    children: [
      ...ADMIN_ROUTES,
      { path: '*', lazy: page(() => import('./NotFoundPage').then((m) => m.NotFoundPage)) },
    ],
  },
];
