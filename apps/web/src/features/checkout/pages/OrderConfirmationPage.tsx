import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.orderConfirmation. */
export function OrderConfirmationPage() {
  return (
    <PlannedPage
      title="Order confirmation"
      holds="Your order number, what happens next, and a link to your receipt."
      arrivesWith={PLANNED_ISSUES.payment}
    />
  );
}
