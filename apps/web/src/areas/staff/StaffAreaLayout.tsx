// The frame and role guard of a staff area (issue 15): /doctor for doctors, /pharmacy for
// pharmacists, /admin for administrators (issue 18). Not signed in: the staff sign-in page, coming back here afterwards (?next=).
// Signed in with another role: a clear "not available for your account" page. Otherwise the
// area's header (the staff member's name, the area, Sign out) around the area's pages (<Outlet/>).
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState, FullPageLoading } from '@/components/PageState';
import { StaffFrame, type StaffNavItem } from '@/components/StaffFrame';
import { StatusButton } from '@/components/StatusButton';
import { useSession } from '@/shared/session';
import { STAFF_SIGN_IN_PATH, useStaffSignOut } from '@/shared/staffSession';
import { useDocumentTitle } from '@/shared/storefront';
import { fullName, useStaffProfile } from './staffArea.api';

export interface StaffAreaLayoutProps {
  /** The role this area is for. */
  role: 'doctor' | 'pharmacist' | 'admin';
  /** Shown in the header and the tab title: "Doctor area", "Pharmacy". */
  areaName: string;
  /** The area's pages, linked in its header once the right role is signed in. */
  nav?: StaffNavItem[] | undefined;
  /** The area's pages in a column beside the page (the admin console's many sections) instead of the header. */
  sideNav?: boolean;
}

const ROLE_PLURAL = { doctor: 'doctors', pharmacist: 'pharmacists', admin: 'administrators' } as const;

export function StaffAreaLayout({ role, areaName, nav, sideNav = false }: StaffAreaLayoutProps) {
  useDocumentTitle(areaName);
  const { pathname, search } = useLocation();
  const session = useSession();
  const userId = session.data?.kind === 'user' ? session.data.userId : null;
  const profile = useStaffProfile(session.data?.role === role ? userId : null);
  const { signOut, isPending } = useStaffSignOut();

  if (session.isPending) return <FullPageLoading label="Checking who is signed in…" />;
  if (session.isError) {
    return (
      <StaffFrame areaName={areaName}>
        <ErrorState error={session.error} onRetry={() => void session.refetch()} retrying={session.isFetching} />
      </StaffFrame>
    );
  }
  if (session.data.kind !== 'user') {
    const next = encodeURIComponent(`${pathname}${search}`);
    return <Navigate to={`${STAFF_SIGN_IN_PATH}?next=${next}`} replace />;
  }
  if (session.data.role !== role) {
    return (
      <StaffFrame areaName={areaName} onSignOut={signOut} signingOut={isPending}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h1">Not available for your account</Typography>
          <Typography>
            The {areaName.toLowerCase()} is for {ROLE_PLURAL[role]} only, and
            your account is not one. If you work here under another account, sign out and sign in with
            that one.
          </Typography>
          <StatusButton variant="contained" status={isPending ? 'loading' : 'idle'} onClick={signOut}>
            Sign out and use another account
          </StatusButton>
        </Stack>
      </StaffFrame>
    );
  }
  return (
    <StaffFrame areaName={areaName} userName={fullName(profile.data)} onSignOut={signOut} signingOut={isPending} nav={nav} sideNav={sideNav}>
      <Outlet />
    </StaffFrame>
  );
}
