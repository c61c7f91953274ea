// The doctor's question about the patient's order (issue 15 "request more information"), at
// /orders/:id/more-information (the link in the needs_info notice; the lead registers the route).
// The patient answers in words and may attach a file (the consult's upload endpoint); the order
// then goes back to the doctor. Signed out: the login drawer, coming back here afterwards.
import { zodResolver } from '@hookform/resolvers/zod';
import { infoAnswerInputSchema } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { uploadFile, useAnswerInfoRequest, useInfoRequests, type UploadedFile } from '../api/order-questions.api';

export const ANSWER_THANKS = 'Thank you — your answer is with your doctor.';

export function MoreInformationPage() {
  useDocumentTitle('Your doctor’s question');
  const { id = '' } = useParams();
  const session = useSession();
  const signedIn = session.data?.kind === 'user';
  const requests = useInfoRequests(id, signedIn);

  let body;
  if (session.isPending) body = <LoadingState label="Loading…" />;
  else if (session.isError) body = <ErrorState error={session.error} onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  else if (!signedIn) body = <SignInPrompt />;
  else if (requests.isPending) body = <LoadingState label="Loading your doctor’s question…" />;
  else if (requests.isError) body = <ErrorState error={requests.error} onRetry={() => void requests.refetch()} retrying={requests.isFetching} />;
  else {
    const open = requests.data.requests.filter((r) => r.answeredAt === null);
    const answered = requests.data.requests.filter((r) => r.answeredAt !== null);
    body =
      requests.data.requests.length === 0 ? (
        <EmptyState title="No questions" body="Your doctor has not asked anything about this order." />
      ) : (
        <Stack spacing={3}>
          <Typography>Order {requests.data.orderNumber}</Typography>
          {open.length === 0 ? <Alert severity="success">{ANSWER_THANKS}</Alert> : null}
          {open.map((r) => (
            <AnswerForm key={r.id} orderId={id} requestId={r.id} question={r.question} />
          ))}
          {answered.map((r) => (
            <Paper key={r.id} variant="outlined" sx={{ p: 2 }}>
              <Typography sx={{ fontWeight: 'bold' }}>{r.question}</Typography>
              <Typography>Your answer: {r.answer}</Typography>
            </Paper>
          ))}
        </Stack>
      );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3}>
        <Typography variant="h1">Your doctor’s question</Typography>
        {body}
      </Stack>
    </Container>
  );
}

function SignInPrompt() {
  const { openLoginDrawer } = useLoginDrawer();
  const location = useLocation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>Please log in to answer your doctor.</Typography>
      <Button variant="contained" onClick={() => openLoginDrawer({ redirectTo: `${location.pathname}${location.search}` })}>
        Log in
      </Button>
    </Stack>
  );
}

type AnswerValues = z.input<typeof infoAnswerInputSchema>;

function AnswerForm({ orderId, requestId, question }: { orderId: string; requestId: string; question: string }) {
  const answer = useAnswerInfoRequest(orderId);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useForm<AnswerValues, unknown, z.output<typeof infoAnswerInputSchema>>({
    resolver: zodResolver(infoAnswerInputSchema),
    defaultValues: { answer: '', uploadIds: [] },
    mode: 'onTouched',
  });
  const submit = useFormSubmit(form, ['answer'], (values) => answer.mutateAsync({ requestId, input: { ...values, uploadIds: files.map((f) => f.id) } }));

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const stored = await uploadFile(file);
      setFiles((f) => [...f, stored]);
    } catch (err) {
      setUploadError(err);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit.onSubmit} aria-label="Answer your doctor">
        <Typography sx={{ fontWeight: 'bold' }}>{question}</Typography>
        <FormTextField control={form.control} name="answer" label="Your answer" multiline minRows={4} required />
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <input
            ref={input}
            hidden
            type="file"
            accept="image/jpeg,image/png,image/heic,application/pdf"
            aria-label="Attach a file"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          {/* A plain button opens the hidden file picker (a <label> may not take the button role). */}
          <StatusButton variant="outlined" status={uploading ? 'loading' : 'idle'} onClick={() => input.current?.click()}>
            Attach a file (optional)
          </StatusButton>
          {files.map((f) => (
            <Typography key={f.id} variant="body2">
              Attached: {f.originalName}
            </Typography>
          ))}
          {uploadError ? (
            <Typography role="alert" color="error" variant="body2">
              {errorText(uploadError)}
            </Typography>
          ) : null}
        </Stack>
        <FormAlert error={submit.error} />
        <StatusButton type="submit" status={submit.status} disabled={uploading}>
          Send answer
        </StatusButton>
      </Stack>
    </Paper>
  );
}
