// The operator's console's pages (issue 18), each lazy so the console's code loads only in /admin:
// its routes (children of /admin in app/router.tsx) and the links in its side column. A section is
// linked only once its page is built.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { StaffNavItem } from '@/components/StaffFrame';

function page(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

export const ADMIN_NAV: StaffNavItem[] = [
  { label: 'Overview', to: '/admin', end: true },
  { label: 'Questionnaires', to: '/admin/questionnaires' },
];

export const ADMIN_ROUTES: RouteObject[] = [
  { index: true, lazy: page(() => import('@/features/admin-home/AdminHomePage').then((m) => m.AdminHomePage)) },
  { path: 'questionnaires', lazy: page(() => import('@/features/admin-questionnaires/pages/QuestionnairesPage').then((m) => m.QuestionnairesPage)) },
  { path: 'questionnaires/:id', lazy: page(() => import('@/features/admin-questionnaires/pages/QuestionnaireVersionsPage').then((m) => m.QuestionnaireVersionsPage)) },
  { path: 'questionnaires/:id/versions/:versionId', lazy: page(() => import('@/features/admin-questionnaires/pages/QuestionnaireBuilderPage').then((m) => m.QuestionnaireBuilderPage)) },
];
