import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** APP_ROUTES.orderDetails. */
export function OrderDetailsPage() {
  return (
    <PlannedPage
      title="Order details"
      holds="One order's items, status, doctor, pharmacy, shipping and receipt."
      arrivesWith={PLANNED_ISSUES.accounts}
    />
  );
}
