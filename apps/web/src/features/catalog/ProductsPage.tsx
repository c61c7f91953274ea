import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** APP_ROUTES.products. */
export function ProductsPage() {
  return (
    <PlannedPage
      title="Shop"
      holds="Every treatment and product this store offers, with its price."
      arrivesWith={PLANNED_ISSUES.store}
    />
  );
}
