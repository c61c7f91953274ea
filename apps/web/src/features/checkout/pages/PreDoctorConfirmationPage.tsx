import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.preDoctorConfirmation. */
export function PreDoctorConfirmationPage() {
  return (
    <PlannedPage
      title="Before your doctor review"
      holds="An introduction to the review without an appointment, where a doctor reads your answers, shown when the store turns this page on."
      arrivesWith={PLANNED_ISSUES.scheduling}
    />
  );
}
