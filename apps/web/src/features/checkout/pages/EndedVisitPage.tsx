import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.endedVisit. */
export function EndedVisitPage() {
  return (
    <PlannedPage
      title="Your visit has ended"
      holds="What happens after your visit, and rating your doctor."
      arrivesWith={PLANNED_ISSUES.scheduling}
    />
  );
}
