// /checkout/doctor-confirmation (SPEC §2; issue 6 "Asynchronous visits"): what happens next for a
// visit type 3 order (a doctor reviews the answers, within the storefront's typical review time),
// the doctor assigned or the next available one, and CONFIRM, which completes the Scheduling stage
// without a time slot and moves the patient on.
import { FIRST_AVAILABLE, VISIT_TYPES } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useCheckout } from '@/shared/checkout';
import { useDocumentTitle, useStoreConfig } from '@/shared/storefront';
import { useConfirmDoctor, useDoctors, useOrderAppointment } from '../api/scheduling.api';
import { DoctorChooser } from '../components/DoctorChooser';
import { doctorTitle } from '../format';

export const NEXT_AVAILABLE_LABEL = 'Next available doctor';

export function DoctorConfirmationCheckoutPage() {
  useDocumentTitle('Doctor review');
  const { content } = useStoreConfig();
  const { order, progress, continueCheckout } = useCheckout();
  const state = order.shipping.state ?? undefined;
  const current = useOrderAppointment(order.id);
  const doctors = useDoctors(state);
  const confirm = useConfirmDoctor(order.id);
  const [choice, setChoice] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const selected = choice ?? current.data?.doctorId ?? FIRST_AVAILABLE;
  const selectedDoctor = doctors.data?.find((d) => d.id === selected) ?? null;

  let body: React.ReactNode;
  if (progress.visitType !== VISIT_TYPES.asynchronous) {
    body = (
      <EmptyState
        title="This order has a scheduled visit"
        body="Your order needs a video or phone visit instead of a doctor review. Continue with your order."
        action={<StatusButton onClick={() => continueCheckout()}>Continue</StatusButton>}
      />
    );
  } else if (current.isPending) {
    body = <LoadingState label="Loading your doctor review…" lines={4} />;
  } else if (current.isError) {
    body = <ErrorState error={current.error} onRetry={() => void current.refetch()} retrying={current.isFetching} />;
  } else {
    body = (
      <Stack spacing={4}>
        <Box component="section" aria-labelledby="next-heading">
          <Typography variant="h3" component="h2" id="next-heading" sx={{ mb: 1 }}>
            What happens next
          </Typography>
          <Box component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
            <li>
              <Typography>A licensed doctor reviews your answers to the health questionnaire.</Typography>
            </li>
            <li>
              <Typography>
                Doctors typically respond <strong>{content.typicalReviewTime}</strong>. We email you when they have.
              </Typography>
            </li>
            <li>
              <Typography>If the doctor approves your treatment, your prescription goes to the pharmacy.</Typography>
            </li>
          </Box>
        </Box>

        <Paper variant="outlined" sx={{ p: 2 }} aria-live="polite">
          <Typography variant="body2" color="text.secondary">
            Your doctor
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{selectedDoctor ? doctorTitle(selectedDoctor) : NEXT_AVAILABLE_LABEL}</Typography>
        </Paper>

        <DoctorChooser
          state={state}
          firstAvailableText={{
            label: NEXT_AVAILABLE_LABEL,
            description: (stateName) => `The first of our doctors licensed in ${stateName ?? 'your state'} to be free reviews your answers.`,
          }}
          value={selected}
          onChange={(id) => {
            setChoice(id);
            confirm.reset();
          }}
        />

        {confirm.isError ? (
          <Alert severity="error" role="alert">
            {errorText(confirm.error)}
          </Alert>
        ) : null}
        <Box>
          <StatusButton
            size="large"
            status={confirm.isPending || leaving ? 'loading' : confirm.isSuccess ? 'done' : 'idle'}
            onClick={() =>
              confirm.mutate(selected === FIRST_AVAILABLE ? null : selected, {
                onSuccess: async () => {
                  setLeaving(true);
                  await continueCheckout();
                },
              })
            }
          >
            CONFIRM
          </StatusButton>
        </Box>
      </Stack>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Typography variant="h1">Doctor review</Typography>
      <Typography variant="subtitle1" component="p">
        No appointment needed: a doctor reviews your answers and writes to you.
      </Typography>
      {body}
    </Stack>
  );
}
