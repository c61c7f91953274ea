import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.preShipping. */
export function PreShippingPage() {
  return (
    <PlannedPage
      title="Before shipping"
      holds="An introduction to the shipping step, shown when the store turns this page on."
      arrivesWith={PLANNED_ISSUES.shipping}
    />
  );
}
