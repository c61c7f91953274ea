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
  { label: 'Storefronts', to: '/admin/storefronts' },
  { label: 'Catalog', to: '/admin/catalog' },
  { label: 'Questionnaires', to: '/admin/questionnaires' },
  { label: 'Orders', to: '/admin/orders' },
  { label: 'Phone orders', to: '/admin/phone-orders' },
  { label: 'Doctors', to: '/admin/doctors' },
  { label: 'Pharmacies', to: '/admin/pharmacies' },
  { label: 'Promotions', to: '/admin/promotions' },
  { label: 'Tax rates', to: '/admin/tax-rates' },
  { label: 'Shipping methods', to: '/admin/shipping-methods' },
  { label: 'Audit log', to: '/admin/audit' },
];

export const ADMIN_ROUTES: RouteObject[] = [
  { index: true, lazy: page(() => import('@/features/admin-home/AdminHomePage').then((m) => m.AdminHomePage)) },
  { path: 'phone-orders', lazy: page(() => import('@/features/admin-phone-orders/AdminPhoneOrdersPage').then((m) => m.AdminPhoneOrdersPage)) },
  { path: 'doctors', lazy: page(() => import('@/features/admin-people/DoctorsPage').then((m) => m.DoctorsPage)) },
  { path: 'doctors/:doctorId', lazy: page(() => import('@/features/admin-people/DoctorPage').then((m) => m.DoctorPage)) },
  { path: 'pharmacies', lazy: page(() => import('@/features/admin-people/PharmaciesPage').then((m) => m.PharmaciesPage)) },
  { path: 'pharmacies/:pharmacyId', lazy: page(() => import('@/features/admin-people/PharmacyPage').then((m) => m.PharmacyPage)) },
  // issue 18, commerce
  { path: 'promotions', lazy: page(() => import('@/features/admin-commerce/pages/PromotionsPage').then((m) => m.PromotionsPage)) },
  { path: 'tax-rates', lazy: page(() => import('@/features/admin-commerce/pages/TaxRatesPage').then((m) => m.TaxRatesPage)) },
  { path: 'shipping-methods', lazy: page(() => import('@/features/admin-commerce/pages/ShippingMethodsPage').then((m) => m.ShippingMethodsPage)) },
  { path: 'storefronts', lazy: page(() => import('@/features/admin-storefronts/pages/StorefrontsListPage').then((m) => m.StorefrontsListPage)) },
  { path: 'storefronts/new', lazy: page(() => import('@/features/admin-storefronts/pages/NewStorefrontPage').then((m) => m.NewStorefrontPage)) },
  { path: 'storefronts/:storefrontId', lazy: page(() => import('@/features/admin-storefronts/pages/StorefrontEditorPage').then((m) => m.StorefrontEditorPage)) },
  { path: 'orders', lazy: page(() => import('@/features/admin-orders/AdminOrdersPage').then((m) => m.AdminOrdersPage)) },
  { path: 'orders/:orderId', lazy: page(() => import('@/features/admin-orders/AdminOrderPage').then((m) => m.AdminOrderPage)) },
  { path: 'audit', lazy: page(() => import('@/features/admin-orders/AdminAuditPage').then((m) => m.AdminAuditPage)) },
  { path: 'catalog', lazy: page(() => import('@/features/admin-catalog/AdminCatalogPage').then((m) => m.AdminCatalogPage)) },
  { path: 'catalog/:productId', lazy: page(() => import('@/features/admin-catalog/ProductEditorPage').then((m) => m.ProductEditorPage)) },
  { path: 'questionnaires', lazy: page(() => import('@/features/admin-questionnaires/pages/QuestionnairesPage').then((m) => m.QuestionnairesPage)) },
  { path: 'questionnaires/:id', lazy: page(() => import('@/features/admin-questionnaires/pages/QuestionnaireVersionsPage').then((m) => m.QuestionnaireVersionsPage)) },
  { path: 'questionnaires/:id/versions/:versionId', lazy: page(() => import('@/features/admin-questionnaires/pages/QuestionnaireBuilderPage').then((m) => m.QuestionnaireBuilderPage)) },
];
