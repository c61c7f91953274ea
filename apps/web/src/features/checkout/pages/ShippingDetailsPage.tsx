import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.shippingDetails. */
export function ShippingDetailsPage() {
  return (
    <PlannedPage
      title="Shipping details"
      holds="Your shipping address and delivery method."
      arrivesWith={PLANNED_ISSUES.shipping}
    />
  );
}
