import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** APP_ROUTES.cart. */
export function CartPage() {
  return (
    <PlannedPage
      title="Your cart"
      holds="The items you picked, their quantities, a promo code and the order total."
      arrivesWith={PLANNED_ISSUES.cart}
    />
  );
}
