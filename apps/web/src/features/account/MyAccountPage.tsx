import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** APP_ROUTES.myAccount. */
export function MyAccountPage() {
  return (
    <PlannedPage
      title="My account"
      holds="Your orders, receipts, reorders, auto-refills, saved cards and addresses, profile and health records."
      arrivesWith={PLANNED_ISSUES.accounts}
    />
  );
}
