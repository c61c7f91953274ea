import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.greeting. */
export function GreetingPage() {
  return (
    <PlannedPage
      title="Welcome back"
      holds="A welcome for patients returning to finish an order, before its summary, shown when the store turns this page on."
      arrivesWith={PLANNED_ISSUES.payment}
    />
  );
}
