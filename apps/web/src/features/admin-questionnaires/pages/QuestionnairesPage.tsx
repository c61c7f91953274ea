// /admin/questionnaires (issue 18): a storefront's questionnaires (paged on the server) with the
// version patients get and the latest version's status, and a form to start a new questionnaire
// (title and slug, checked by the domain's schema on both sides).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminQuestionnaireCreateSchema,
  QUESTIONNAIRE_STATUS_LABELS,
  type AdminQuestionnaireCreate,
  type AdminQuestionnaireSummary,
} from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { FormTextField } from '@/components/FormTextField';
import { errorText, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { adminHref, pageParams, useAdminStorefront } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { questionnaireApi, useQuestionnaires, useQuestionnaireStep } from '../api/adminQuestionnaires.api';

function NewQuestionnaireForm({ storefrontId, onClose }: { storefrontId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useForm<AdminQuestionnaireCreate>({ resolver: zodResolver(adminQuestionnaireCreateSchema), defaultValues: { title: '', slug: '' } });
  const create = useQuestionnaireStep((input: AdminQuestionnaireCreate) => questionnaireApi.create(storefrontId, input));
  const submit = useFormSubmit(form, ['title', 'slug'], (values) => create.mutateAsync(values), {
    after: 'idle',
    onSuccess: (created) => {
      if (created.latest) void navigate(adminHref(`/admin/questionnaires/${created.id}/versions/${created.latest.id}`, storefrontId));
    },
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="new-questionnaire" sx={{ p: 2, mb: 3 }}>
      <Typography id="new-questionnaire" variant="h2" sx={{ fontSize: 20, mb: 2 }}>
        New questionnaire
      </Typography>
      <Stack component="form" noValidate onSubmit={submit.onSubmit} spacing={2} sx={{ maxWidth: 520 }}>
        <FormTextField name="title" control={form.control} label="Title" required />
        <FormTextField
          name="slug"
          control={form.control}
          label="Slug"
          required
          helperText="What products refer to, e.g. weight-care-intake. Lower-case letters, digits and hyphens."
        />
        {submit.error ? <Alert severity="error">{errorText(submit.error)}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <StatusButton type="submit" status={submit.status}>
            Create and edit its first draft
          </StatusButton>
          <Button onClick={onClose}>Cancel</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

export function QuestionnairesPage() {
  useDocumentTitle('Questionnaires');
  const { storefront, me } = useAdminStorefront();
  const [params] = useSearchParams();
  const { page, pageSize } = pageParams(params);
  const list = useQuestionnaires(storefront?.id, page, pageSize);
  const [creating, setCreating] = useState(false);

  if (me.isPending) return <LoadingState label="Loading questionnaires…" />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;

  const columns: GridColDef<AdminQuestionnaireSummary>[] = [
    {
      field: 'title',
      headerName: 'Questionnaire',
      flex: 2,
      minWidth: 220,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={adminHref(`/admin/questionnaires/${row.id}`, storefront?.id)}>
          {row.title}
        </Link>
      ),
    },
    { field: 'slug', headerName: 'Slug', flex: 1, minWidth: 160 },
    {
      field: 'publishedVersion',
      headerName: 'Patients get',
      width: 130,
      valueGetter: (_v, row) => (row.publishedVersion ? `Version ${row.publishedVersion}` : 'Not published'),
    },
    {
      field: 'latest',
      headerName: 'Latest version',
      width: 220,
      renderCell: ({ row }) =>
        row.latest ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>Version {row.latest.version}</span>
            <Chip size="small" label={QUESTIONNAIRE_STATUS_LABELS[row.latest.status]} />
          </Stack>
        ) : (
          'None'
        ),
    },
    {
      field: 'updatedAt',
      headerName: 'Changed',
      width: 130,
      valueGetter: (_v, row) => new Date(row.updatedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Questionnaires"
        perStorefront
        actions={
          creating ? null : (
            <Button variant="contained" onClick={() => setCreating(true)}>
              New questionnaire
            </Button>
          )
        }
      >
        New consults get each questionnaire&rsquo;s newest published version; consults in progress keep theirs. A doctor signs off every version before it is published.
      </AdminPageHeader>
      {creating && storefront ? <NewQuestionnaireForm storefrontId={storefront.id} onClose={() => setCreating(false)} /> : null}
      <AdminTable
        label={`Questionnaires of ${storefront?.name ?? 'the storefront'}`}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        loading={list.isPending || list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        empty={{ title: 'No questionnaires yet', body: 'Create one with New questionnaire.' }}
      />
    </>
  );
}
