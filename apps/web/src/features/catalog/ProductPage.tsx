import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** PATHS.product. */
export function ProductPage() {
  return (
    <PlannedPage
      title="Product details"
      holds="One product: what it is, its price per cycle, and starting its online visit."
      arrivesWith={PLANNED_ISSUES.store}
    />
  );
}
