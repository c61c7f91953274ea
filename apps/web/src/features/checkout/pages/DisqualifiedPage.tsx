import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** APP_ROUTES.disqualified. */
export function DisqualifiedPage() {
  return (
    <PlannedPage
      title="This treatment is not available to you"
      holds="Why your answers mean this treatment is not right for you, with nothing charged, and where to go next."
      arrivesWith={PLANNED_ISSUES.consult}
    />
  );
}
