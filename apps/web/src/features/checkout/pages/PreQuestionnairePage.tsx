import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.preQuestionnaire. */
export function PreQuestionnairePage() {
  return (
    <PlannedPage
      title="Before your questionnaire"
      holds="An introduction to the health questionnaire for your treatment, shown when the store turns this page on."
      arrivesWith={PLANNED_ISSUES.consult}
    />
  );
}
