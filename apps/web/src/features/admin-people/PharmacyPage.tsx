// /admin/pharmacies/:pharmacyId (issue 18): one partner pharmacy: its details (edited with the same
// rules as adding) and its pharmacists: invited by mail to set a password (then staff sign-in with a
// code), and removed (signed out; confirmed first).
import { zodResolver } from '@hookform/resolvers/zod';
import { pharmacistInviteSchema, type AdminPharmacist } from '@store/domain';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { AdminTable } from '@/components/admin/AdminTable';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { pageParams } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { PEOPLE_KEYS, peopleApi, usePharmacists, usePharmacy } from './api/people.api';
import { PharmacyForm } from './PharmacyForm';

function InvitePharmacist({ pharmacyId }: { pharmacyId: string }) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<{ email: string; delivered: boolean } | null>(null);
  const form = useForm<z.input<typeof pharmacistInviteSchema>, unknown, z.output<typeof pharmacistInviteSchema>>({
    resolver: zodResolver(pharmacistInviteSchema),
    defaultValues: { firstName: '', lastName: '', email: '' },
    mode: 'onTouched',
  });
  const { onSubmit, status, error } = useFormSubmit(form, ['firstName', 'lastName', 'email'], (values) => peopleApi.invitePharmacist(pharmacyId, values), {
    onSuccess: async (result) => {
      setSent({ email: form.getValues('email'), delivered: result.delivered });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: PEOPLE_KEYS.staff(pharmacyId) });
    },
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Invite a pharmacist" spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h3" sx={{ fontSize: 18 }}>
        Invite a pharmacist
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={form.control} name="firstName" label="First name" required fullWidth autoComplete="off" />
        <FormTextField control={form.control} name="lastName" label="Last name" required fullWidth autoComplete="off" />
      </Stack>
      <FormTextField control={form.control} name="email" label="Email" type="email" required fullWidth autoComplete="off" />
      {sent ? (
        <Alert severity={sent.delivered ? 'success' : 'warning'} role="status">
          {sent.delivered ? `Invitation sent to ${sent.email}.` : `The invitation to ${sent.email} could not be sent.`}
        </Alert>
      ) : null}
      <FormAlert error={error} />
      <div>
        <StatusButton type="submit" status={status} variant="contained">
          Send invitation
        </StatusButton>
      </div>
    </Stack>
  );
}

function Staff({ pharmacyId }: { pharmacyId: string }) {
  const [params] = useSearchParams();
  const { page, pageSize } = pageParams(params);
  const staff = usePharmacists(pharmacyId, { page, pageSize });
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<AdminPharmacist | null>(null);
  const [statusOf, setStatusOf] = useState<Record<string, ButtonStatus>>({});
  const [removeError, setRemoveError] = useState<unknown>(null);
  const remove = async (p: AdminPharmacist) => {
    setRemoveError(null);
    setStatusOf((s) => ({ ...s, [p.userId]: 'loading' }));
    try {
      await peopleApi.removePharmacist(pharmacyId, p.userId);
      await queryClient.invalidateQueries({ queryKey: PEOPLE_KEYS.staff(pharmacyId) });
    } catch (err) {
      setRemoveError(err);
      setStatusOf((s) => ({ ...s, [p.userId]: 'idle' }));
    }
  };
  const columns: GridColDef<AdminPharmacist>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160, valueGetter: (_v, row) => `${row.firstName} ${row.lastName}` },
    { field: 'email', headerName: 'Email', flex: 1.3, minWidth: 200 },
    {
      field: 'invitePending',
      headerName: 'Status',
      width: 130,
      renderCell: ({ row }) => <Chip size="small" variant="outlined" label={row.invitePending ? 'Invited' : 'Active'} />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 130,
      renderCell: ({ row }) => (
        <StatusButton status={statusOf[row.userId] ?? 'idle'} color="error" size="small" onClick={() => setRemoving(row)} aria-label={`Remove ${row.firstName} ${row.lastName}`}>
          Remove
        </StatusButton>
      ),
    },
  ];
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={3}>
        <Typography variant="h2" sx={{ fontSize: 20 }}>
          Pharmacists
        </Typography>
        <AdminTable
          label="Pharmacists"
          columns={columns}
          rows={staff.data?.items}
          total={staff.data?.total}
          loading={staff.isFetching}
          error={staff.error}
          onRetry={() => void staff.refetch()}
          retrying={staff.isFetching}
          getRowId={(r) => r.userId}
          empty={{ title: 'No pharmacist yet', body: 'Invite the pharmacists who fill this pharmacy’s orders.' }}
        />
        <FormAlert error={removeError} />
        <InvitePharmacist pharmacyId={pharmacyId} />
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this pharmacist?"
        text={removing ? `${removing.firstName} ${removing.lastName} will be signed out and will no longer see this pharmacy's orders.` : ''}
        confirmLabel="Remove pharmacist"
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

export function PharmacyPage() {
  const { pharmacyId = '' } = useParams();
  const pharmacy = usePharmacy(pharmacyId);
  const queryClient = useQueryClient();
  useDocumentTitle(pharmacy.data?.name ?? 'Partner pharmacy');
  if (pharmacy.isPending) return <LoadingState label="Loading the pharmacy…" />;
  if (pharmacy.isError) return <ErrorState error={pharmacy.error} onRetry={() => void pharmacy.refetch()} retrying={pharmacy.isFetching} />;
  const p = pharmacy.data;
  return (
    <>
      <Link component={RouterLink} to="/admin/pharmacies" sx={{ display: 'inline-block', mb: 1 }}>
        All partner pharmacies
      </Link>
      <AdminPageHeader title={p.name}>
        NPI {p.npi} · {p.city}, {p.state}
      </AdminPageHeader>
      <Stack spacing={3}>
        <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: 20, mb: 2 }}>
            Details
          </Typography>
          <PharmacyForm
            key={p.id}
            pharmacy={p}
            label="Pharmacy details"
            submitLabel="Save details"
            onSave={async (values) => {
              const saved = await peopleApi.updatePharmacy(p.id, values);
              queryClient.setQueryData(PEOPLE_KEYS.pharmacy(p.id), saved);
              await queryClient.invalidateQueries({ queryKey: PEOPLE_KEYS.pharmacies });
            }}
          />
        </Paper>
        <Staff pharmacyId={p.id} />
      </Stack>
    </>
  );
}
