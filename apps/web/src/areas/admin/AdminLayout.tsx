// /admin/* (issue 18): the operator's console, lazy-loaded so a patient never downloads it. Only an
// administrator gets past the staff guard; the server answers 404 to anyone else on /api/admin.
import { StaffAreaLayout } from '../staff/StaffAreaLayout';
import { ADMIN_NAV } from './adminRoutes';

export function AdminLayout() {
  return <StaffAreaLayout role="admin" areaName="Operator console" nav={ADMIN_NAV} sideNav />;
}
