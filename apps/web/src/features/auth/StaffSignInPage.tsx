// /staff/sign-in (issue 15): staff sign in with a password plus a one-time code. Step one is the
// email and password; for a staff account the server answers with no session and sends a code
// (step two, the code field). The code opens the area of the role: a doctor's /doctor, a
// pharmacist's /pharmacy, an administrator's /admin (issue 18), or the page the area sent them
// from (?next=). An account with no staff area is told so and signed out again.
import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, MESSAGES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { EmailField } from '@/components/FormFieldGroups';
import { FormTextField } from '@/components/FormTextField';
import { LoadingState } from '@/components/PageState';
import { PasswordField } from '@/components/PasswordField';
import { StaffFrame } from '@/components/StaffFrame';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { refreshAfterSignIn, safeRedirect, useSession } from '@/shared/session';
import { useEndStaffSession } from '@/shared/staffSession';
import { useDocumentTitle } from '@/shared/storefront';
import {
  authApi,
  needsSecondFactor,
  type PasscodeSent,
  type SecondFactorRequired,
  type SignedIn,
} from './api/auth.api';
import { PasscodeStep } from './components/PasscodeStep';

const staffPasswordSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: MESSAGES.LOGIN_WRONG_PASSWORD }),
});

/** The staff areas, by role. */
const AREA_OF_ROLE: Partial<Record<SignedIn['role'], string>> = {
  doctor: '/doctor',
  pharmacist: '/pharmacy',
  admin: '/admin',
};

export const NO_STAFF_AREA =
  'This account has no staff area, so you have been signed out again. Patients sign in on the store’s own sign-in page.';

/** Where a staff member goes after the code: ?next= inside their own area, else the area's home. */
export function staffTarget(role: SignedIn['role'], next: string | null): string | null {
  const area = AREA_OF_ROLE[role];
  if (!area) return null;
  const wanted = safeRedirect(next);
  return wanted && (wanted === area || wanted.startsWith(`${area}/`)) ? wanted : area;
}

function asPasscodeSent(result: SecondFactorRequired): PasscodeSent {
  return {
    sentTo: result.secondFactor.sentTo,
    failures: [],
    expiresInSeconds: result.secondFactor.expiresInSeconds,
  };
}

/** The patient login form sends a staff account here (its email in the navigation state). */
interface HandoffState {
  staffEmail?: string;
}

type Step =
  | { kind: 'password' }
  | { kind: 'code'; email: string; password: string; sent: PasscodeSent }
  | { kind: 'no-area' };

export function StaffSignInPage() {
  useDocumentTitle('Staff sign-in');
  const [params] = useSearchParams();
  const next = params.get('next');
  const handoff = (useLocation().state ?? {}) as HandoffState;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const endSession = useEndStaffSession();
  const session = useSession();
  const [step, setStep] = useState<Step>({ kind: 'password' });

  const form = useForm<
    z.input<typeof staffPasswordSchema>,
    unknown,
    z.output<typeof staffPasswordSchema>
  >({
    resolver: zodResolver(staffPasswordSchema),
    defaultValues: { email: handoff.staffEmail ?? '', password: '' },
  });
  const { onSubmit, status, error } = useFormSubmit(
    form,
    ['email'],
    async (values) => ({ values, result: await authApi.login(values) }),
    {
      after: 'idle',
      onSuccess: async ({ values, result }) => {
        if (needsSecondFactor(result)) {
          setStep({ kind: 'code', email: values.email, password: values.password, sent: asPasscodeSent(result) });
          return;
        }
        // A patient's password signs them in at once: on to their account, not a staff area.
        await refreshAfterSignIn(queryClient);
        await navigate(safeRedirect(result.redirectTo) ?? '/my-account', { replace: true });
      },
    },
  );

  const verify = async (email: string, code: string) => {
    const result = await authApi.verifyStaffCode({ email, code });
    const target = staffTarget(result.role, next);
    if (!target) {
      await endSession();
      setStep({ kind: 'no-area' });
      return;
    }
    await refreshAfterSignIn(queryClient);
    await navigate(target, { replace: true });
  };

  // Already signed in as staff with an area (an earlier sign-in): straight there.
  const signedInArea =
    step.kind === 'password' && status === 'idle' && session.data?.kind === 'user' && session.data.role
      ? staffTarget(session.data.role, next)
      : null;
  if (signedInArea) return <Navigate to={signedInArea} replace />;

  return (
    <StaffFrame areaName="Staff sign-in">
      <Stack spacing={3} sx={{ maxWidth: 460, mx: 'auto' }}>
        <Typography variant="h1">Staff sign-in</Typography>
        {session.isPending ? (
          <LoadingState label="Checking whether you are signed in…" />
        ) : step.kind === 'no-area' ? (
          <Stack spacing={2}>
            <Alert severity="info" role="status">
              {NO_STAFF_AREA}
            </Alert>
            <Button
              variant="outlined"
              onClick={() => {
                form.reset({ email: '', password: '' });
                setStep({ kind: 'password' });
              }}
            >
              Sign in with another account
            </Button>
          </Stack>
        ) : step.kind === 'code' ? (
          <Stack spacing={2}>
            <Typography>
              For your security, staff enter a one-time passcode after their password.
            </Typography>
            <PasscodeStep
              sent={step.sent}
              submitLabel="Sign in"
              onVerify={(code) => verify(step.email, code)}
              onResend={async () => {
                const again = await authApi.login({ email: step.email, password: step.password });
                if (!needsSecondFactor(again)) throw new Error('not a staff account');
                return asPasscodeSent(again);
              }}
              onChangeEmail={() => {
                form.reset({ email: step.email, password: '' });
                setStep({ kind: 'password' });
              }}
            />
          </Stack>
        ) : (
          <Stack
            component="form"
            noValidate
            spacing={2}
            onSubmit={onSubmit}
            aria-label="Staff sign-in with your password"
          >
            {handoff.staffEmail ? (
              <Alert severity="info">
                This is a staff account. Staff sign in here, with their password and then a
                one-time passcode.
              </Alert>
            ) : (
              <Typography>
                Doctors, pharmacists and administrators: sign in with your password, then the
                one-time passcode we send you.
              </Typography>
            )}
            <EmailField control={form.control} />
            <FormTextField
              control={form.control}
              name="password"
              component={PasswordField}
              label="Password"
              autoComplete="current-password"
              required
            />
            <FormAlert error={error} severity={isApiError(error) && error.status === 429 ? 'warning' : 'error'} />
            <StatusButton type="submit" status={status} fullWidth>
              Continue
            </StatusButton>
          </Stack>
        )}
      </Stack>
    </StaffFrame>
  );
}
