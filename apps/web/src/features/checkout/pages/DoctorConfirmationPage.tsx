import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.doctorConfirmation. */
export function DoctorConfirmationPage() {
  return (
    <PlannedPage
      title="Doctor review"
      holds="Confirmation that a licensed doctor will review your answers, and how long that usually takes."
      arrivesWith={PLANNED_ISSUES.scheduling}
    />
  );
}
