// /admin/questionnaires/:id (issue 18): a questionnaire's versions, newest first, with their status,
// what changed since the version before, who made, signed off and published each, and how many
// consults use it; the way to its draft (or to a new draft copied from the latest version).
import { describeChanges, QUESTIONNAIRE_STATUS_LABELS, type AdminQuestionnaireVersion } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { errorText, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { adminHref, pageParams, useAdminStorefront } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { questionnaireApi, useQuestionnaire, useQuestionnaireStep, useVersions } from '../api/adminQuestionnaires.api';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '');

export function QuestionnaireVersionsPage() {
  const { id = '' } = useParams();
  const { storefront, me } = useAdminStorefront();
  const [params] = useSearchParams();
  const { page, pageSize } = pageParams(params);
  const navigate = useNavigate();
  const questionnaire = useQuestionnaire(storefront?.id, id);
  const versions = useVersions(storefront?.id, id, page, pageSize);
  const newDraft = useQuestionnaireStep(() => questionnaireApi.createDraft(storefront!.id, id));
  useDocumentTitle(questionnaire.data ? `${questionnaire.data.title}: versions` : 'Questionnaire versions');

  if (me.isPending || questionnaire.isPending) return <LoadingState label="Loading the questionnaire…" />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  if (questionnaire.isError)
    return <ErrorState error={questionnaire.error} onRetry={() => void questionnaire.refetch()} retrying={questionnaire.isFetching} />;
  const q = questionnaire.data;
  const latest = q.latest;
  const hasDraft = latest && latest.status !== 'published' && latest.status !== 'superseded';
  const versionHref = (versionId: string) => adminHref(`/admin/questionnaires/${q.id}/versions/${versionId}`, storefront?.id);

  const columns: GridColDef<AdminQuestionnaireVersion>[] = [
    {
      field: 'version',
      headerName: 'Version',
      width: 110,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={versionHref(row.id)}>
          Version {row.version}
        </Link>
      ),
    },
    { field: 'status', headerName: 'Status', width: 140, renderCell: ({ row }) => <Chip size="small" label={QUESTIONNAIRE_STATUS_LABELS[row.status]} /> },
    {
      field: 'changes',
      headerName: 'What changed',
      flex: 2,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Stack>
          {row.changeNote ? <span>{row.changeNote}</span> : null}
          <Typography variant="body2" color="text.secondary">
            {describeChanges(row.changes)} · {row.summary.pages} pages, {row.summary.questions} questions
          </Typography>
        </Stack>
      ),
    },
    { field: 'createdBy', headerName: 'Made by', width: 120, valueGetter: (_v, row) => row.createdBy?.name ?? 'Seeded' },
    {
      field: 'signedOffBy',
      headerName: 'Signed off by',
      width: 160,
      valueGetter: (_v, row) => (row.signedOffBy ? `${row.signedOffBy.name}, ${day(row.signedOffAt)}` : row.signOffRequestedAt ? 'Awaiting a doctor' : '—'),
    },
    {
      field: 'publishedAt',
      headerName: 'Published',
      width: 150,
      valueGetter: (_v, row) => (row.publishedAt ? `${day(row.publishedAt)}${row.publishedBy ? ` by ${row.publishedBy.name}` : ''}` : '—'),
    },
    { field: 'consults', headerName: 'Consults', width: 90, type: 'number' },
  ];

  return (
    <>
      <AdminPageHeader
        title={q.title}
        actions={
          hasDraft ? (
            <Button variant="contained" component={RouterLink} to={versionHref(latest.id)}>
              Edit the draft (version {latest.version})
            </Button>
          ) : (
            <StatusButton
              status={newDraft.isPending ? 'loading' : 'idle'}
              onClick={() =>
                void newDraft
                  .mutateAsync(undefined)
                  .then((draft) => navigate(versionHref(draft.id)))
                  .catch(() => undefined)
              }
            >
              New draft
            </StatusButton>
          )
        }
      >
        Slug {q.slug}. {q.publishedVersion ? `New consults get version ${q.publishedVersion}.` : 'No version is published yet.'}{' '}
        <Link component={RouterLink} underline="always" to={adminHref('/admin/questionnaires', storefront?.id)}>
          All questionnaires
        </Link>
      </AdminPageHeader>
      {newDraft.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(newDraft.error)}
        </Alert>
      ) : null}
      <AdminTable
        label={`Versions of ${q.title}`}
        columns={columns}
        rows={versions.data?.items}
        total={versions.data?.total}
        loading={versions.isPending || versions.isFetching}
        error={versions.error}
        onRetry={() => void versions.refetch()}
        retrying={versions.isFetching}
        empty={{ title: 'No versions yet', body: 'Make the first one with New draft.' }}
      />
    </>
  );
}
