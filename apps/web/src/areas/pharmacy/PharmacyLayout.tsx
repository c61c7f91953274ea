// /pharmacy/* (issue 15): the pharmacist's area, lazy-loaded so a patient never downloads it. Its
// pages (the work list, an order's fulfilment) are child routes in app/router.tsx.
import { StaffAreaLayout } from '../staff/StaffAreaLayout';

export function PharmacyLayout() {
  return <StaffAreaLayout role="pharmacist" areaName="Pharmacy" />;
}
