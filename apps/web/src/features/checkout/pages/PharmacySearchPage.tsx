import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.pharmacySearch. */
export function PharmacySearchPage() {
  return (
    <PlannedPage
      title="Find a pharmacy"
      holds="A search for pharmacies by name or ZIP code, and adding one that is not listed."
      arrivesWith={PLANNED_ISSUES.shipping}
    />
  );
}
