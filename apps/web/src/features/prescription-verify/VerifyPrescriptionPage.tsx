// /verify-prescription (issue 15): a pharmacy checks the code printed on a faxed prescription (the
// QR code opens this page with ?code=) and learns only whether it is valid, revoked or expired;
// pharmacy staff then confirm they received it. Nothing else about the prescription is shown.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { useFormSubmit } from '@/lib/forms';
import { useDocumentTitle } from '@/shared/storefront';
import { prescriptionVerifyApi, type PrescriptionCheck } from './api/prescription-verify.api';

const schema = z.object({
  code: z.string().trim().min(1, 'Enter the verification code.').max(32, 'That is longer than a verification code.'),
});

export const RESULT_TEXT: Record<PrescriptionCheck | 'unknown', string> = {
  valid: 'Valid prescription',
  revoked: 'This prescription was revoked',
  expired: 'This prescription has expired',
  unknown: 'We could not find a prescription with this code.',
};
const RESULT_DETAIL: Record<PrescriptionCheck | 'unknown', string> = {
  valid: 'This prescription was issued by our store and may be filled.',
  revoked: 'Do not fill it. The prescriber withdrew it.',
  expired: 'Do not fill it. Ask the patient to contact their prescriber for a new one.',
  unknown: 'Check the code printed under the QR code and try again.',
};

export function VerifyPrescriptionPage() {
  useDocumentTitle('Verify a prescription');
  const [params] = useSearchParams();
  const [result, setResult] = useState<{ code: string; status: PrescriptionCheck | 'unknown' } | null>(null);
  const [receipt, setReceipt] = useState<ButtonStatus>('idle');
  const [receiptError, setReceiptError] = useState<unknown>(null);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: params.get('code') ?? '' },
  });
  const { onSubmit, status, error } = useFormSubmit(
    form,
    ['code'],
    async ({ code }) => {
      setResult(null);
      setReceipt('idle');
      setReceiptError(null);
      try {
        const answer = await prescriptionVerifyApi.check(code);
        setResult({ code, status: answer.status });
      } catch (err) {
        if (isApiError(err) && err.status === 404) setResult({ code, status: 'unknown' });
        else throw err;
      }
    },
    { after: 'idle' },
  );

  async function confirmReceipt() {
    if (!result) return;
    setReceipt('loading');
    setReceiptError(null);
    try {
      await prescriptionVerifyApi.confirmReceipt(result.code);
      setReceipt('done');
    } catch (err) {
      setReceipt('idle');
      setReceiptError(err);
    }
  }

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3} sx={{ maxWidth: 520, mx: 'auto' }}>
        <Typography variant="h1">Verify a prescription</Typography>
        <Typography>
          Enter the verification code printed on the prescription (for example ABCD-EFGHJ), or scan its
          QR code.
        </Typography>
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Verify a prescription">
          <FormTextField
            control={form.control}
            name="code"
            label="Verification code"
            autoComplete="off"
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
          <FormAlert error={error} severity={isApiError(error) && error.status === 429 ? 'warning' : 'error'} />
          <StatusButton type="submit" status={status}>
            Check
          </StatusButton>
        </Stack>
        {result ? (
          <Stack spacing={2} aria-live="polite">
            <Alert severity={result.status === 'valid' ? 'success' : result.status === 'unknown' ? 'warning' : 'error'} role="status">
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                {RESULT_TEXT[result.status]}
              </Typography>
              <Typography variant="body2">{RESULT_DETAIL[result.status]}</Typography>
            </Alert>
            {result.status === 'valid' ? (
              <Stack spacing={1}>
                <Typography variant="body2">Pharmacy staff: let us know the prescription reached you.</Typography>
                <StatusButton
                  variant="outlined"
                  status={receipt}
                  disabled={receipt === 'done'}
                  doneLabel="Receipt confirmed"
                  onClick={() => void confirmReceipt()}
                >
                  Confirm we received it
                </StatusButton>
                {receipt === 'done' ? (
                  <Alert severity="success" role="status">
                    Thank you. We recorded that the pharmacy received this prescription.
                  </Alert>
                ) : null}
                <FormAlert error={receiptError} />
              </Stack>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
