import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.prePayment. */
export function PrePaymentPage() {
  return (
    <PlannedPage
      title="Before payment"
      holds="An introduction to the last step, reviewing your order and paying, shown when the store turns this page on."
      arrivesWith={PLANNED_ISSUES.payment}
    />
  );
}
