// /admin/* (issue 18): the operator's console, lazy-loaded so a patient never downloads it. Only an
// administrator gets past the staff guard; the server answers 404 to anyone else on /api/admin.
// The side column's links keep the storefront being worked on (?storefront=).
import { useSearchParams } from 'react-router';
import { adminHref, STOREFRONT_PARAM } from '@/shared/admin';
import { StaffAreaLayout } from '../staff/StaffAreaLayout';
import { ADMIN_NAV } from './adminRoutes';

export function AdminLayout() {
  const [params] = useSearchParams();
  const storefrontId = params.get(STOREFRONT_PARAM);
  const nav = ADMIN_NAV.map((item) => ({ ...item, to: adminHref(item.to, storefrontId) }));
  return <StaffAreaLayout role="admin" areaName="Operator console" nav={nav} sideNav />;
}
