// The doctor's three decisions on a claimed order (issue 15): approve with a formulary choice,
// request more information, or decline with a reason. Each form uses the domain's schema; a 409
// REVIEW_NOT_HELD (the claim lapsed) offers to claim the order again.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  approveInputSchema,
  DECLINE_REASON_CODES,
  DECLINE_REASONS,
  declineInputSchema,
  infoRequestInputSchema,
  MAX_PRESCRIPTION_DAYS,
  type FormularyOption,
} from '@store/domain';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { doctorReviewApi, useFormulary } from '../api/doctor-review.api';

export const CONTROLLED_NOTE = 'Controlled substance — cannot be prescribed here';
export const CLAIM_LAPSED = 'Your claim lapsed; claim the order again';

export interface DecisionPanelProps {
  orderId: string;
  /** After a decision: back to the queue with this confirmation. */
  onDecided: (confirmation: string) => void;
  /** Claims the order again (after a lapsed claim). */
  onReclaim: () => Promise<unknown>;
}

type Kind = 'approve' | 'request' | 'decline';

export function DecisionPanel({ orderId, onDecided, onReclaim }: DecisionPanelProps) {
  const [kind, setKind] = useState<Kind>('approve');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="decision-heading" sx={{ p: 2 }}>
      <Typography variant="h2" id="decision-heading" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Decision
      </Typography>
      <Tabs value={kind} onChange={(_e, value: Kind) => setKind(value)} aria-label="Decision">
        <Tab value="approve" label="Approve" />
        <Tab value="request" label="Request information" />
        <Tab value="decline" label="Decline" />
      </Tabs>
      <Stack sx={{ pt: 2 }}>
        {kind === 'approve' ? <ApproveForm orderId={orderId} onDecided={onDecided} onReclaim={onReclaim} /> : null}
        {kind === 'request' ? <RequestInfoForm orderId={orderId} onDecided={onDecided} onReclaim={onReclaim} /> : null}
        {kind === 'decline' ? <DeclineForm orderId={orderId} onDecided={onDecided} onReclaim={onReclaim} /> : null}
      </Stack>
    </Paper>
  );
}

/** A failure of a decision: the lapsed claim gets its own message and a way back; the rest as usual. */
function DecisionError({ error, onReclaim, onReclaimed }: { error: unknown; onReclaim: () => Promise<unknown>; onReclaimed: () => void }) {
  const [status, setStatus] = useState<'idle' | 'loading' | 'done'>('idle');
  const [failed, setFailed] = useState<unknown>(null);
  if (isApiError(error) && error.code === 'REVIEW_NOT_HELD') {
    return (
      <Alert severity="warning" role="alert">
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2">{CLAIM_LAPSED}</Typography>
          <StatusButton
            size="small"
            status={status}
            onClick={async () => {
              setStatus('loading');
              setFailed(null);
              try {
                await onReclaim();
                setStatus('done');
                onReclaimed();
              } catch (err) {
                setStatus('idle');
                setFailed(err);
              }
            }}
          >
            Claim again
          </StatusButton>
          {failed ? <FormAlert error={failed} /> : null}
        </Stack>
      </Alert>
    );
  }
  return <FormAlert error={error} />;
}

function FormShell({ onSubmit, children, label }: { onSubmit: () => void; children: ReactNode; label: string }) {
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label={label}>
      {children}
    </Stack>
  );
}

type ApproveValues = z.input<typeof approveInputSchema>;

function ApproveForm({ orderId, onDecided, onReclaim }: DecisionPanelProps) {
  const formulary = useFormulary(orderId, true);
  // The domain's rule, and the chosen option's own limits: its refills, never a controlled substance.
  const options = useRef<FormularyOption[]>([]);
  options.current = formulary.data ?? [];
  const schema = useMemo(
    () =>
      approveInputSchema.superRefine((values, ctx) => {
        const option = options.current.find((o) => o.id === values.formularyId);
        if (option?.controlled) ctx.addIssue({ code: 'custom', path: ['formularyId'], message: CONTROLLED_NOTE });
        if (option && values.refills > option.maxRefills) ctx.addIssue({ code: 'custom', path: ['refills'], message: `At most ${option.maxRefills} refills for this choice.` });
      }),
    [],
  );
  const form = useForm<ApproveValues, unknown, z.output<typeof approveInputSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { formularyId: '', quantity: '', daysSupply: '', directions: '', refills: 0, validForDays: MAX_PRESCRIPTION_DAYS, substitutionAllowed: true, clinicalNote: '' },
    mode: 'onTouched',
  });
  const formularyId = form.watch('formularyId');
  const chosen = formulary.data?.find((o) => o.id === formularyId);
  // Choosing a medication fills in its template (quantity, days supply, directions), refills within its maximum.
  useEffect(() => {
    if (!chosen) return;
    form.setValue('quantity', chosen.quantity);
    form.setValue('daysSupply', chosen.daysSupply);
    form.setValue('directions', chosen.directionsTemplate);
    form.setValue('refills', Math.min(Number(form.getValues('refills')) || 0, chosen.maxRefills));
  }, [chosen, form]);
  const submit = useFormSubmit(
    form,
    ['formularyId', 'quantity', 'daysSupply', 'directions', 'refills', 'validForDays', 'clinicalNote'],
    (values) => doctorReviewApi.approve(orderId, values),
    { onSuccess: () => onDecided('Approved. The prescription is on its way to the pharmacy.') },
  );
  if (formulary.isPending) return <LoadingState label="Loading the formulary…" lines={2} />;
  if (formulary.isError) return <ErrorState error={formulary.error} onRetry={() => void formulary.refetch()} retrying={formulary.isFetching} />;
  return (
    <FormShell onSubmit={submit.onSubmit} label="Approve">
      <FormTextField
        control={form.control}
        name="formularyId"
        select
        label="Medication"
        required
      >
        {formulary.data.map((o) => (
          <MenuItem key={o.id} value={o.id} disabled={o.controlled}>
            <ListItemText primary={`${o.medication} ${o.strength} ${o.form}`} secondary={o.controlled ? CONTROLLED_NOTE : null} />
          </MenuItem>
        ))}
      </FormTextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={form.control} name="quantity" label="Quantity" type="number" required />
        <FormTextField control={form.control} name="daysSupply" label="Days supply" type="number" required />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={form.control}
          name="refills"
          label="Refills"
          type="number"
          helperText={chosen ? `0 to ${chosen.maxRefills}` : undefined}
          slotProps={{ htmlInput: { min: 0, max: chosen?.maxRefills ?? 0 } }}
        />
        <FormTextField control={form.control} name="validForDays" label="Valid for (days)" type="number" slotProps={{ htmlInput: { min: 1, max: MAX_PRESCRIPTION_DAYS } }} />
      </Stack>
      <FormTextField control={form.control} name="directions" label="Directions" multiline minRows={2} required />
      <Controller
        control={form.control}
        name="substitutionAllowed"
        render={({ field }) => (
          <FormControlLabel control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />} label="Substitution allowed" />
        )}
      />
      <FormTextField control={form.control} name="clinicalNote" label="Clinical note (only doctors read this)" multiline minRows={2} />
      {submit.error ? <DecisionError error={submit.error} onReclaim={onReclaim} onReclaimed={() => submit.setError(null)} /> : null}
      <StatusButton type="submit" status={submit.status}>
        Approve
      </StatusButton>
    </FormShell>
  );
}

type InfoValues = z.input<typeof infoRequestInputSchema>;

function RequestInfoForm({ orderId, onDecided, onReclaim }: DecisionPanelProps) {
  const form = useForm<InfoValues, unknown, z.output<typeof infoRequestInputSchema>>({
    resolver: zodResolver(infoRequestInputSchema),
    defaultValues: { question: '', clinicalNote: '' },
    mode: 'onTouched',
  });
  const submit = useFormSubmit(form, ['question', 'clinicalNote'], (values) => doctorReviewApi.requestInfo(orderId, values), {
    onSuccess: () => onDecided('Your question was sent to the patient. The order comes back to the queue when they answer.'),
  });
  return (
    <FormShell onSubmit={submit.onSubmit} label="Request information">
      <FormTextField control={form.control} name="question" label="Question for the patient" multiline minRows={3} required />
      <FormTextField control={form.control} name="clinicalNote" label="Clinical note (only doctors read this)" multiline minRows={2} />
      {submit.error ? <DecisionError error={submit.error} onReclaim={onReclaim} onReclaimed={() => submit.setError(null)} /> : null}
      <StatusButton type="submit" status={submit.status}>
        Send question
      </StatusButton>
    </FormShell>
  );
}

type DeclineValues = z.input<typeof declineInputSchema>;

function DeclineForm({ orderId, onDecided, onReclaim }: DecisionPanelProps) {
  const form = useForm<DeclineValues, unknown, z.output<typeof declineInputSchema>>({
    resolver: zodResolver(declineInputSchema),
    defaultValues: { reasonCode: '' as DeclineValues['reasonCode'], noteForPatient: '', clinicalNote: '' },
    mode: 'onTouched',
  });
  const reason = form.watch('reasonCode');
  const submit = useFormSubmit(form, ['reasonCode', 'noteForPatient', 'clinicalNote'], (values) => doctorReviewApi.decline(orderId, values), {
    onSuccess: () => onDecided('Declined. The card hold was released and the patient was told.'),
  });
  return (
    <FormShell onSubmit={submit.onSubmit} label="Decline">
      <FormTextField control={form.control} name="reasonCode" select label="Reason" required>
        {DECLINE_REASON_CODES.map((code) => (
          <MenuItem key={code} value={code}>
            {DECLINE_REASONS[code]}
          </MenuItem>
        ))}
      </FormTextField>
      {reason && reason in DECLINE_REASONS ? (
        <Alert severity="info" role="note">The patient reads: “{DECLINE_REASONS[reason as keyof typeof DECLINE_REASONS]}”</Alert>
      ) : null}
      <FormTextField control={form.control} name="noteForPatient" label="Note for the patient" multiline minRows={2} />
      <FormTextField control={form.control} name="clinicalNote" label="Clinical note (only doctors read this)" multiline minRows={2} />
      {submit.error ? <DecisionError error={submit.error} onReclaim={onReclaim} onReclaimed={() => submit.setError(null)} /> : null}
      <StatusButton type="submit" status={submit.status} color="error">
        Decline
      </StatusButton>
    </FormShell>
  );
}
