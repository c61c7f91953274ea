import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.scheduleVisit. */
export function ScheduleVisitPage() {
  return (
    <PlannedPage
      title="Schedule your visit"
      holds="The doctors and times available for a video or phone visit, and booking one."
      arrivesWith={PLANNED_ISSUES.scheduling}
    />
  );
}
