import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** CHECKOUT_ROUTES.pharmacyMap. */
export function PharmacyMapPage() {
  return (
    <PlannedPage
      title="Choose a pharmacy on the map"
      holds="Pharmacies near you on a map and in a list, to pick where your prescription is sent."
      arrivesWith={PLANNED_ISSUES.shipping}
    />
  );
}
