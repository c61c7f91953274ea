import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** APP_ROUTES.register. */
export function RegisterPage() {
  return (
    <PlannedPage
      title="Create your account"
      holds="Registering with your email and a password, or with a one-time code, so you can finish checkout and see your orders."
      arrivesWith={PLANNED_ISSUES.accounts}
    />
  );
}
