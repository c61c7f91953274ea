import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.preScheduling. */
export function PreSchedulingPage() {
  return (
    <PlannedPage
      title="Before scheduling"
      holds="An introduction to booking a video or phone visit with a doctor, shown when the store turns this page on."
      arrivesWith={PLANNED_ISSUES.scheduling}
    />
  );
}
