// /doctor/labs (issue 17): the lab orders this doctor may result — their storefronts, ordered by
// them or by no doctor — awaiting results first. For each: the patient, panel, requisition; a file
// input for the results (SPEC §5 upload rules: under 10 MB, JPG, PNG, HEIC or PDF, the spec's
// messages), sent with a StatusButton. The server checks the file by content again and tells the
// patient; every read of this list is written to the patient's access log.
import { ALLOWED_UPLOAD_TYPES, isAllowedUploadType, uploadProblemMessage, type DoctorLabOrder } from '@store/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { FormAlert } from '@/components/FormAlert';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useDocumentTitle } from '@/shared/storefront';
import { useDoctorLabs, useUploadResult } from '../api/doctor-labs.api';

const ACCEPT = [...ALLOWED_UPLOAD_TYPES, '.jpg', '.jpeg', '.png', '.heic', '.heif', '.pdf'].join(',');
const TYPE_BY_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', heic: 'image/heic', heif: 'image/heic', pdf: 'application/pdf' };

/** The quick check before sending (the server decides by content): browsers often give HEIC files no type, so the name can vouch. */
export function resultFileProblem(file: { name: string; size: number; type: string }): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const mimeType = isAllowedUploadType(file.type) ? file.type : (TYPE_BY_EXTENSION[extension] ?? (file.type || 'application/octet-stream'));
  return uploadProblemMessage({ size: file.size, mimeType });
}

const formatDay = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

function ResultUpload({ lab }: { lab: DoctorLabOrder }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadResult(lab.id);
  const status = upload.isPending ? 'loading' : upload.isSuccess ? 'done' : 'idle';
  return (
    <Stack spacing={1} component="form" onSubmit={(e) => {
      e.preventDefault();
      if (!file) {
        setProblem('Please choose a file to upload.');
        return;
      }
      upload.mutate(file);
    }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" onClick={() => input.current?.click()} aria-describedby={`${inputId}-help`}>
          Choose file
        </Button>
        <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            aria-label="Choose results file"
            aria-describedby={`${inputId}-help`}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              upload.reset();
              setFile(null);
              setProblem(chosen ? resultFileProblem(chosen) : null);
              if (chosen && !resultFileProblem(chosen)) setFile(chosen);
            }}
          />
        <Typography variant="body2" aria-live="polite">
          {file ? file.name : 'No file chosen'}
        </Typography>
        <StatusButton type="submit" status={status} disabled={!file} doneLabel="Uploaded">
          Upload results
        </StatusButton>
      </Stack>
      <Typography id={`${inputId}-help`} variant="body2" color="text.secondary">
        A PDF or photo of the results: JPG, PNG, HEIC or PDF, under 10 MB. The patient is told by email.
      </Typography>
      {problem ? <FormAlert error={null}>{problem}</FormAlert> : null}
      {upload.isError ? <FormAlert error={upload.error} /> : null}
    </Stack>
  );
}

function LabRow({ lab }: { lab: DoctorLabOrder }) {
  const resulted = lab.status === 'resulted';
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} aria-labelledby={`lab-${lab.id}`}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h3" component="h2" id={`lab-${lab.id}`} sx={{ fontSize: '1.1rem' }}>
            {lab.patientName} · {lab.panel}
          </Typography>
          <Chip size="small" variant={resulted ? 'filled' : 'outlined'} label={resulted ? 'Resulted' : 'Awaiting results'} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {lab.patientDateOfBirth ? `Born ${lab.patientDateOfBirth} · ` : ''}Requisition {lab.requisitionNumber} · Order {lab.orderNumber} · {lab.storefrontName} · Ordered {formatDay(lab.orderedAt)}
          {lab.resultedAt ? ` · Resulted ${formatDay(lab.resultedAt)}` : ''}
        </Typography>
        <Stack direction="row" spacing={1}>
          {lab.requisitionUrl ? (
            <Button size="small" component="a" href={lab.requisitionUrl} download>
              Requisition
            </Button>
          ) : null}
          {lab.resultUrl ? (
            <Button size="small" component="a" href={lab.resultUrl} download>
              Results
            </Button>
          ) : null}
        </Stack>
        {resulted ? null : <ResultUpload lab={lab} />}
      </Stack>
    </Paper>
  );
}

export function DoctorLabsPage() {
  useDocumentTitle('Lab results');
  const labs = useDoctorLabs();
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3} sx={{ maxWidth: 900 }}>
        <Stack spacing={1}>
          <Typography variant="h1">Lab results</Typography>
          <Typography color="text.secondary">Lab orders of your patients awaiting results first. Upload the results as the lab sent them.</Typography>
        </Stack>
        {labs.isPending ? (
          <LoadingState label="Loading lab orders…" />
        ) : labs.isError ? (
          <ErrorState error={labs.error} onRetry={() => void labs.refetch()} retrying={labs.isFetching} />
        ) : labs.data.labs.length === 0 ? (
          <EmptyState title="No lab orders" body="Lab orders of the storefronts you serve appear here once the patient has paid." />
        ) : (
          <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
            {labs.data.labs.map((lab) => (
              <LabRow key={lab.id} lab={lab} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
