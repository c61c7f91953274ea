import { PlannedPage } from '@/components/PageState';
import { PLANNED_ISSUES } from '@/lib/plannedIssues';

/** APP_ROUTES.login. */
export function LoginPage() {
  return (
    <PlannedPage
      title="Log in"
      holds="Logging in with your password or with a one-time code sent by SMS or email."
      arrivesWith={PLANNED_ISSUES.accounts}
    />
  );
}
