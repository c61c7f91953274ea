import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.pharmacyOptions. */
export function PharmacyOptionsPage() {
  return (
    <PlannedPage
      title="Pharmacy options"
      holds="The choice between the store's pharmacy and a pharmacy you pick yourself."
      arrivesWith={PLANNED_ISSUES.shipping}
    />
  );
}
