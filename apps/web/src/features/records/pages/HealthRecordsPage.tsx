// ACCOUNT_ROUTES.myRecords (issue 17; SPEC §2 view labs, download lab requisition, download lab
// results; §7 labs by storefront, documents, filtered documents): the signed-in patient's lab orders
// with their requisition and results, and their documents (uploads, prescriptions, visit summaries,
// receipts, lab files) newest first, filtered by kind and paged. Files download as attachments from
// routes that serve them to their owner only. The sign-in prompt is the account feature's; the
// router hands it in (features do not import each other).
import {
  LAB_ORDER_STATUS_LABELS,
  RECORD_DOCUMENT_KIND_LABELS,
  RECORD_DOCUMENT_KIND_NAMES,
  RECORD_DOCUMENT_KINDS,
  type LabOrderView,
  type RecordDocument,
  type RecordDocumentKind,
} from '@store/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { useSession } from '@/shared/session';
import { useDocumentTitle } from '@/shared/storefront';
import { useDocuments, useLabs } from '../api/records.api';

export interface HealthRecordsPageProps {
  /** What someone not signed in sees instead (the account feature's prompt). */
  SignInRequired: ComponentType<{ title: string }>;
}

const TITLE = 'Health records';

export const formatDay = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

function LabCard({ lab }: { lab: LabOrderView }) {
  const resulted = lab.status === 'resulted';
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} aria-labelledby={`lab-${lab.id}`}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h3" component="h3" id={`lab-${lab.id}`} sx={{ fontSize: '1.1rem' }}>
            {lab.panel}
          </Typography>
          <Chip size="small" variant={resulted ? 'filled' : 'outlined'} label={LAB_ORDER_STATUS_LABELS[lab.status]} />
        </Stack>
        <Typography color="text.secondary" variant="body2">
          Requisition {lab.requisitionNumber} · Order {lab.orderNumber} · Ordered {formatDay(lab.orderedAt)}
          {lab.resultedAt ? ` · Results ${formatDay(lab.resultedAt)}` : ''}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {lab.requisitionUrl ? (
            <Button variant="outlined" component="a" href={lab.requisitionUrl} download>
              Download lab requisition
            </Button>
          ) : (
            <Typography variant="body2">Your requisition is being prepared; it will be here in a moment.</Typography>
          )}
          {resulted && lab.resultUrl ? (
            <Button variant="contained" component="a" href={lab.resultUrl} download>
              Download lab results
            </Button>
          ) : null}
        </Stack>
        {!resulted ? (
          <Typography variant="body2" color="text.secondary">
            Take the requisition to the lab. We will email you when your results are ready.
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}

function LabsSection() {
  const labs = useLabs(true);
  return (
    <Stack component="section" spacing={2} aria-labelledby="labs-heading">
      <Typography variant="h2" id="labs-heading">
        Labs
      </Typography>
      {labs.isPending ? (
        <LoadingState label="Loading your labs…" lines={2} />
      ) : labs.isError ? (
        <ErrorState error={labs.error} onRetry={() => void labs.refetch()} retrying={labs.isFetching} headingComponent="h3" />
      ) : labs.data.labs.length === 0 ? (
        <EmptyState headingComponent="h3" title="No labs yet" body="When you order a lab panel, its requisition and then its results appear here." />
      ) : (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
          {labs.data.labs.map((lab) => (
            <LabCard key={lab.id} lab={lab} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function DocumentRow({ doc }: { doc: RecordDocument }) {
  return (
    <Stack component="li" spacing={0.5} sx={{ py: 1.5, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Stack spacing={0.25}>
          <Typography sx={{ fontWeight: 600 }}>{doc.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {RECORD_DOCUMENT_KIND_NAMES[doc.kind]} · {formatDay(doc.createdAt)}
            {doc.detail ? ` · ${doc.detail}` : ''}
          </Typography>
        </Stack>
        <Button variant="text" component="a" href={doc.downloadUrl} download aria-label={`Download ${doc.title}`} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, ml: { xs: -3, sm: 0 } }}>
          Download
        </Button>
      </Stack>
      {doc.noteForPatient ? <Typography variant="body2">A note from your doctor: {doc.noteForPatient}</Typography> : null}
    </Stack>
  );
}

function DocumentsSection() {
  const [kind, setKind] = useState<RecordDocumentKind | null>(null);
  const [page, setPage] = useState(1);
  const docs = useDocuments(kind, page, true);
  const pages = docs.data ? Math.max(1, Math.ceil(docs.data.total / docs.data.pageSize)) : 1;
  const kindLabel = kind ? RECORD_DOCUMENT_KIND_LABELS[kind].toLowerCase() : 'documents';
  return (
    <Stack component="section" spacing={2} aria-labelledby="documents-heading">
      <Typography variant="h2" id="documents-heading">
        Documents
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={kind ?? 'all'}
        aria-label="Show documents of kind"
        onChange={(_e, value: RecordDocumentKind | 'all' | null) => {
          if (value === null) return;
          setKind(value === 'all' ? null : value);
          setPage(1);
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        <ToggleButton value="all">All</ToggleButton>
        {RECORD_DOCUMENT_KINDS.map((k) => (
          <ToggleButton key={k} value={k}>
            {RECORD_DOCUMENT_KIND_LABELS[k]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {docs.isPending ? (
        <LoadingState label="Loading your documents…" lines={3} />
      ) : docs.isError ? (
        <ErrorState error={docs.error} onRetry={() => void docs.refetch()} retrying={docs.isFetching} headingComponent="h3" />
      ) : docs.data.documents.length === 0 ? (
        <EmptyState headingComponent="h3" title={`No ${kindLabel} yet`} body="Your uploads, prescriptions, visit summaries, receipts and lab files appear here." />
      ) : (
        <>
          <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-busy={docs.isFetching}>
            {docs.data.documents.map((doc) => (
              <DocumentRow key={doc.id} doc={doc} />
            ))}
          </Stack>
          {pages > 1 ? <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} aria-label="Document pages" /> : null}
        </>
      )}
    </Stack>
  );
}

export function HealthRecordsPage({ SignInRequired }: HealthRecordsPageProps) {
  useDocumentTitle(TITLE);
  const session = useSession();
  if (session.isPending) return <LoadingState />;
  if (session.data?.kind !== 'user') return <SignInRequired title={TITLE} />;
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={4} sx={{ maxWidth: 760 }}>
        <Stack spacing={1}>
          <Typography variant="h1">{TITLE}</Typography>
          <Typography color="text.secondary">Your labs and the documents of your care with us. Only you can download them.</Typography>
        </Stack>
        <LabsSection />
        <DocumentsSection />
        <Link component={RouterLink} to="/my-account" sx={{ alignSelf: 'flex-start' }}>
          Back to my account
        </Link>
      </Stack>
    </Container>
  );
}
