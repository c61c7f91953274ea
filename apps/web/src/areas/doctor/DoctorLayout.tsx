// /doctor/* (issue 15): the doctor's area, lazy-loaded so a patient never downloads it. Its pages
// (the review queue, an order's review) are child routes in app/router.tsx.
import { StaffAreaLayout } from '../staff/StaffAreaLayout';

export function DoctorLayout() {
  return <StaffAreaLayout role="doctor" areaName="Doctor area" />;
}
