import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.questionnaire. */
export function QuestionnairePage() {
  return (
    <PlannedPage
      title="Health questionnaire"
      holds="The consult questions a licensed doctor uses to decide whether a treatment is right for you, one page at a time."
      arrivesWith={PLANNED_ISSUES.consult}
    />
  );
}
