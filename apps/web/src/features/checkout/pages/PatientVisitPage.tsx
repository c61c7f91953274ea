import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.patientVisit. */
export function PatientVisitPage() {
  return (
    <PlannedPage
      title="Your visit"
      holds="Joining your video or phone visit with the doctor, and what to do while you wait."
      arrivesWith={PLANNED_ISSUES.scheduling}
    />
  );
}
