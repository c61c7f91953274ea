// /admin/doctors (issue 18): the company's doctors, paged on the server and searched by name, and
// the invitation of a new one (a mail with a single-use link to set a password; they then sign in
// at /staff/sign-in with the password and a code, like every staff member).
import { zodResolver } from '@hookform/resolvers/zod';
import { doctorInviteSchema, US_TIME_ZONES, type AdminDoctorRow } from '@store/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { pageParams, useAdminMe } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { PEOPLE_KEYS, peopleApi, useDoctors } from './api/people.api';

/** The form keeps '' for "every storefront"; the server takes null. */
const inviteFormSchema = doctorInviteSchema.extend({ storefrontId: z.string() });
type InviteForm = z.input<typeof inviteFormSchema>;
const INVITE_FIELDS = ['firstName', 'lastName', 'email', 'credentials', 'npi', 'timeZone', 'storefrontId'] as const;

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

function InviteDoctorForm({ onCancel }: { onCancel: () => void }) {
  const me = useAdminMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<InviteForm, unknown, z.output<typeof inviteFormSchema>>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', credentials: 'MD', npi: '', timeZone: 'America/New_York', storefrontId: '' },
    mode: 'onTouched',
  });
  const { onSubmit, status, error } = useFormSubmit(
    form,
    INVITE_FIELDS,
    (values) => peopleApi.inviteDoctor({ ...values, storefrontId: values.storefrontId || null }),
    {
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: PEOPLE_KEYS.doctors });
        await navigate(`/admin/doctors/${result.id}`, { state: { invited: form.getValues('email'), delivered: result.delivered } });
      },
    },
  );
  const { control } = form;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Invite a doctor" spacing={2}>
        <Typography variant="h2" sx={{ fontSize: 22 }}>
          Invite a doctor
        </Typography>
        <Typography color="text.secondary">
          They get an email with a link to set their password (it works once, for 72 hours), then sign in on the staff sign-in page with a code.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="firstName" label="First name" required fullWidth autoComplete="off" />
          <FormTextField control={control} name="lastName" label="Last name" required fullWidth autoComplete="off" />
        </Stack>
        <FormTextField control={control} name="email" label="Email" type="email" required fullWidth autoComplete="off" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="credentials" label="Credentials" helperText="MD, DO, NP-C…" required fullWidth />
          <FormTextField control={control} name="npi" label="NPI (optional)" inputMode="numeric" fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="timeZone" label="Time zone" select slotProps={nativeSelect} fullWidth helperText="Their availability is written in this zone.">
            {US_TIME_ZONES.map((z) => (
              <option key={z.zone} value={z.zone}>
                {z.label} ({z.zone})
              </option>
            ))}
          </FormTextField>
          <FormTextField control={control} name="storefrontId" label="Storefronts served" select slotProps={nativeSelect} fullWidth>
            <option value="">All storefronts of the company</option>
            {(me.data?.storefronts ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} only
              </option>
            ))}
          </FormTextField>
        </Stack>
        <FormAlert error={error} />
        <Stack direction="row" spacing={2}>
          <StatusButton type="submit" status={status} variant="contained">
            Send invitation
          </StatusButton>
          <Button onClick={onCancel}>Cancel</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

export function DoctorsPage() {
  useDocumentTitle('Doctors');
  const me = useAdminMe();
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pageParams(params);
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [inviting, setInviting] = useState(false);
  const doctors = useDoctors({ page, pageSize, q });
  const storefrontName = (id: string | null) =>
    id === null ? 'All storefronts' : (me.data?.storefronts.find((s) => s.id === id)?.name ?? 'Another storefront');

  const columns: GridColDef<AdminDoctorRow>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.4,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/admin/doctors/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    { field: 'credentials', headerName: 'Credentials', width: 110 },
    { field: 'states', headerName: 'Licensed in', flex: 1, minWidth: 140, valueGetter: (_v, row) => (row.states.length ? row.states.join(', ') : 'No licence yet') },
    { field: 'storefrontId', headerName: 'Serves', flex: 1, minWidth: 150, valueGetter: (_v, row) => storefrontName(row.storefrontId) },
    {
      field: 'active',
      headerName: 'Status',
      width: 160,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" label={row.active ? 'Active' : 'Inactive'} color={row.active ? 'success' : 'default'} variant="outlined" />
          {row.invitePending ? <Chip size="small" label="Invited" variant="outlined" /> : null}
        </Stack>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Doctors"
        actions={
          <Button variant="contained" onClick={() => setInviting(true)} disabled={inviting}>
            Invite a doctor
          </Button>
        }
      >
        The company&rsquo;s doctors: the states they are licensed in, when they see patients and the storefronts they serve.
      </AdminPageHeader>
      {inviting ? <InviteDoctorForm onCancel={() => setInviting(false)} /> : null}
      <Stack
        component="form"
        role="search"
        aria-label="Search doctors"
        direction="row"
        spacing={1}
        sx={{ mb: 2, maxWidth: 480 }}
        onSubmit={(e) => {
          e.preventDefault();
          setParams((current) => {
            const next = new URLSearchParams(current);
            if (search.trim()) next.set('q', search.trim());
            else next.delete('q');
            next.delete('page');
            return next;
          });
        }}
      >
        <TextField size="small" label="Name" value={search} onChange={(e) => setSearch(e.target.value)} fullWidth />
        <Button type="submit" variant="outlined">
          Search
        </Button>
      </Stack>
      {q && doctors.data?.total === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          No doctor&rsquo;s name contains &ldquo;{q}&rdquo;.
        </Alert>
      ) : (
        <AdminTable
          label="Doctors"
          columns={columns}
          rows={doctors.data?.items}
          total={doctors.data?.total}
          loading={doctors.isFetching}
          error={doctors.error}
          onRetry={() => void doctors.refetch()}
          retrying={doctors.isFetching}
          empty={{ title: 'No doctors yet', body: 'Invite the first one: they set a password from the email and sign in with a code.' }}
        />
      )}
    </>
  );
}
