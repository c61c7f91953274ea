import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.summary. */
export function SummaryPage() {
  return (
    <PlannedPage
      title="Order summary"
      holds="Your items, shipping, promo code, tax and total, and paying with a saved or new card."
      arrivesWith={PLANNED_ISSUES.payment}
    />
  );
}
