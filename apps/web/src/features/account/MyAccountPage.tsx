// APP_ROUTES.myAccount: the patient's details (SPEC §7 user info, update user info) and when the
// password last changed, and links to the saved cards (issue 7) and the recent visit. It lists only
// what works today and promises nothing the store cannot do yet (issue 13 #17).
import { zodResolver } from '@hookform/resolvers/zod';
import { firstNameSchema, formatVisitRange, lastNameSchema, MESSAGES, patientTimeZone, phoneNoSchema } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { PersonNameFields } from '@/components/FormFieldGroups';
import { FormTextField } from '@/components/FormTextField';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { VisitJoinLink } from '@/components/VisitJoinLink';
import { useFormSubmit } from '@/lib/forms';
import { ACCOUNT_ROUTES } from '@/shared/accountRoutes';
import { ACCOUNT_VISIT_QUERY_KEY, fetchAccountVisit } from '@/shared/accountVisit';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { accountApi, PROFILE_QUERY_KEY, QUESTIONS_QUERY_KEY, type Profile } from './api/account.api';
import { SignInRequired } from './SignInRequired';
import { SignOutEverywhere } from './SignOutEverywhere';

/**
 * The account's parts beyond the profile (issue 17), each a page of its own. A part is listed only
 * when its page works (issue 13 #17: the account offers only what the store does today).
 */
const ACCOUNT_SECTIONS: readonly { title: string; description: string; to: string; action: string }[] = [
  {
    title: 'Orders',
    description: 'Recent and previous orders: where each one stands, details, receipts and tracking.',
    to: ACCOUNT_ROUTES.myOrders,
    action: 'View your orders',
  },
  {
    title: 'Auto-refills',
    description: 'Refills that follow your prescription: see the next date, move or skip one, change the card, or turn one on or off.',
    to: ACCOUNT_ROUTES.myRefills,
    action: 'Manage auto-refills',
  },
  {
    title: 'Health records',
    description: 'Your labs with their requisitions and results, and your documents: uploads, prescriptions, visit summaries and receipts.',
    to: ACCOUNT_ROUTES.myRecords,
    action: 'View health records',
  },
  { title: 'Addresses', description: 'Your saved shipping addresses: add, edit or remove one, and choose the default checkout offers first.', to: ACCOUNT_ROUTES.myAddresses, action: 'Manage addresses' },
  { title: 'Who looked at my records', description: 'Every time a doctor, pharmacist or member of our staff read your health information: who, when and why.', to: ACCOUNT_ROUTES.myAccessLog, action: 'See who looked' },
  { title: 'Order by phone', description: 'Leave your number and what you need, and we will call you to take your order.', to: ACCOUNT_ROUTES.phoneOrder, action: 'Ask us to call' },
];

const profileSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneNoSchema,
  dateOfBirth: z.union([z.literal(''), z.iso.date({ error: MESSAGES.DATE_OF_BIRTH_INVALID })]),
});
type ProfileInput = z.input<typeof profileSchema>;

export function formatDate(iso: string | null): string {
  if (!iso) return 'never';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));
}

function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const form = useForm<ProfileInput, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone,
      dateOfBirth: profile.dateOfBirth ?? '',
    },
    mode: 'onTouched',
  });
  const { onSubmit: submit, status, error } = useFormSubmit(
    form,
    ['firstName', 'lastName', 'phone', 'dateOfBirth'],
    async (values) => {
      const saved = await accountApi.updateProfile({
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone ?? '',
        dateOfBirth: values.dateOfBirth || null,
      });
      queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
      form.reset({
        firstName: saved.firstName,
        lastName: saved.lastName,
        phone: saved.phone,
        dateOfBirth: saved.dateOfBirth ?? '',
      });
    },
  );
  const dirty = form.formState.isDirty;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-labelledby="profile-heading"
    >
      <Typography id="profile-heading" variant="h2">
        Your details
      </Typography>
      <TextField
        label="Email"
        value={profile.email}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="To change your email, please contact customer support."
      />
      <PersonNameFields control={form.control} />
      <FormTextField control={form.control} name="phone" label="Phone" type="tel" autoComplete="tel" />
      <FormTextField
        control={form.control}
        name="dateOfBirth"
        label="Date of birth"
        type="date"
        autoComplete="bday"
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {status === 'done' && !dirty ? (
        <Alert severity="success" role="status">
          {MESSAGES.PROFILE_SAVED}
        </Alert>
      ) : null}
      <FormAlert error={error} />
      <StatusButton
        type="submit"
        status={dirty && status === 'done' ? 'idle' : status}
        disabled={!dirty && status !== 'loading'}
        doneLabel="Saved"
        sx={{ alignSelf: 'flex-start' }}
      >
        Save changes
      </StatusButton>
    </Stack>
  );
}

/**
 * The doctors' questions waiting for the patient's answer (issue 15: answered "from the mail's link
 * or the account"). Shows nothing while none wait or the list cannot be read: the page's other
 * parts matter more, and the mail carries the link too.
 */
function DoctorQuestions() {
  const questions = useQuery({ queryKey: QUESTIONS_QUERY_KEY, queryFn: ({ signal }) => accountApi.questions(signal) });
  const open = questions.data?.questions ?? [];
  if (open.length === 0) return null;
  return (
    <Alert severity="info" component="section" aria-labelledby="doctor-questions">
      <Typography variant="h2" id="doctor-questions" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Your doctor has a question
      </Typography>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {open.map((q) => (
          <Button key={q.requestId} component={RouterLink} to={`/orders/${q.orderId}/more-information`} variant="contained">
            Answer the question about order {q.orderNumber}
          </Button>
        ))}
      </Stack>
    </Alert>
  );
}

/** The part of GET /api/account/visit this page reads. */
interface AccountVisit {
  appointment: {
    orderId: string | null;
    status: string;
    visitType: number | null;
    startsAt: string;
    endsAt: string;
    patientTimeZone: string;
    doctor: { name: string; credentials: string };
  } | null;
}

/**
 * The next booked visit, with the way into it (issue 16: "connect to your visit now" and START
 * ONLINE VISIT when it is about to start or open). Nothing while there is none or it cannot be read:
 * the reminder mails carry the link too.
 */
function UpcomingVisit() {
  const query = useQuery({ queryKey: ACCOUNT_VISIT_QUERY_KEY, queryFn: ({ signal }) => fetchAccountVisit<AccountVisit>(signal) });
  const visit = query.data?.appointment;
  if (!visit || visit.status !== 'booked' || !visit.orderId) return null;
  const doctor = visit.doctor.credentials ? `${visit.doctor.name}, ${visit.doctor.credentials}` : visit.doctor.name;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="upcoming-visit" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h2" id="upcoming-visit" sx={{ fontSize: '1.25rem' }}>
          Your upcoming visit
        </Typography>
        <Typography data-testid="upcoming-visit">
          {doctor} · {formatVisitRange(visit.startsAt, visit.endsAt, patientTimeZone(visit.patientTimeZone))}
        </Typography>
        <VisitJoinLink orderId={visit.orderId} visitType={visit.visitType} startsAt={visit.startsAt} endsAt={visit.endsAt} />
      </Stack>
    </Paper>
  );
}

export function MyAccountPage() {
  useDocumentTitle('My account');
  const session = useSession();
  const signedIn = session.data?.kind === 'user';
  const profile = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => accountApi.profile(signal),
    enabled: signedIn,
  });

  if (session.isPending) return <LoadingState label="Loading your account…" />;
  if (!signedIn) return <SignInRequired title="My account" />;
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={4} sx={{ maxWidth: 640 }}>
        <Typography variant="h1">My account</Typography>
        <DoctorQuestions />
        <UpcomingVisit />
        {profile.isPending ? (
          <LoadingState label="Loading your details…" />
        ) : profile.isError ? (
          <ErrorState
            error={profile.error}
            onRetry={() => void profile.refetch()}
            retrying={profile.isFetching}
          />
        ) : (
          <>
            <ProfileForm profile={profile.data} />
            <Divider />
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="h2">Password</Typography>
              <Typography data-testid="password-changed">
                {profile.data.hasPassword
                  ? `Last changed ${formatDate(profile.data.passwordChangedAt)}.`
                  : 'You sign in with one-time passcodes and have no password yet.'}
              </Typography>
              <Button
                component={RouterLink}
                to={profile.data.hasPassword ? '/my-account/password' : '/forgot-password'}
                variant="outlined"
              >
                {profile.data.hasPassword ? 'Change password' : 'Set a password'}
              </Button>
            </Stack>
          </>
        )}
        {ACCOUNT_SECTIONS.map((section) => (
          <Fragment key={section.to}>
            <Divider />
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="h2">{section.title}</Typography>
              <Typography>{section.description}</Typography>
              <Button component={RouterLink} to={section.to} variant="outlined">
                {section.action}
              </Button>
            </Stack>
          </Fragment>
        ))}
        <Divider />
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h2">Saved cards</Typography>
          <Typography>See the cards you pay with, add one, update its expiry, choose the current one or remove one.</Typography>
          <Button component={RouterLink} to="/my-account/cards" variant="outlined">
            Manage saved cards
          </Button>
        </Stack>
        <Divider />
        <Button component={RouterLink} to="/my-account/visit" variant="text" sx={{ alignSelf: 'flex-start' }}>
          Reschedule doctor for recent order
        </Button>
        <Divider />
        <SignOutEverywhere />
      </Stack>
    </Container>
  );
}
