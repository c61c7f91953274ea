// /doctor/* (issue 15): the doctor's area, lazy-loaded so a patient never downloads it. Its pages
// (the review queue, an order's review, lab results (issue 17), a visit) are child routes in
// app/router.tsx; the queue and the lab results are linked in the area's header.
import type { StaffNavItem } from '@/components/StaffFrame';
import { StaffAreaLayout } from '../staff/StaffAreaLayout';

const DOCTOR_NAV: StaffNavItem[] = [
  { label: 'Review queue', to: '/doctor', end: true },
  { label: 'Lab results', to: '/doctor/labs' },
  { label: 'Questionnaires', to: '/doctor/questionnaires' },
];

export function DoctorLayout() {
  return <StaffAreaLayout role="doctor" areaName="Doctor area" nav={DOCTOR_NAV} />;
}
