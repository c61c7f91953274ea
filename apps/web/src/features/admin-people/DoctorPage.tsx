// /admin/doctors/:doctorId (issue 18): one doctor, in four tabs: Profile (name, credentials, NPI,
// bio, time zone, active), Licences (states), Availability (weekly windows and date exceptions, in
// the doctor's zone) and Storefronts (all of the company's, or one). Every change is saved to the
// server, which audits it; bad input is shown beside its field and nothing typed is lost.
import { zodResolver } from '@hookform/resolvers/zod';
import { doctorLicenseSchema, doctorProfileSchema, usStateName, US_TIME_ZONES, type AdminDoctor } from '@store/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import type { z } from 'zod';
import { AdminPageHeader } from '@/components/admin/AdminPageHeader';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton, type ButtonStatus } from '@/components/StatusButton';
import { UsStateSelect } from '@/components/UsStateSelect';
import { useFormSubmit } from '@/lib/forms';
import { useAdminMe } from '@/shared/admin';
import { useDocumentTitle } from '@/shared/storefront';
import { peopleApi, useDoctor } from './api/people.api';
import { Section, useSaveDoctor } from './doctorParts';
import { DoctorAvailability } from './DoctorAvailability';

const TABS = ['Profile', 'Licences', 'Availability', 'Storefronts'] as const;

const PROFILE_FIELDS = ['name', 'credentials', 'npi', 'bio', 'timeZone', 'active'] as const;

function ProfileForm({ doctor }: { doctor: AdminDoctor }) {
  const save = useSaveDoctor(doctor.id);
  const form = useForm<z.input<typeof doctorProfileSchema>, unknown, z.output<typeof doctorProfileSchema>>({
    resolver: zodResolver(doctorProfileSchema),
    defaultValues: { name: doctor.name, credentials: doctor.credentials, npi: doctor.npi ?? '', bio: doctor.bio, timeZone: doctor.timeZone, active: doctor.active },
    mode: 'onTouched',
  });
  const { onSubmit, status, error } = useFormSubmit(form, PROFILE_FIELDS, (values) => peopleApi.updateProfile(doctor.id, values), { onSuccess: save });
  const zones = US_TIME_ZONES.some((z) => z.zone === doctor.timeZone) ? US_TIME_ZONES : [...US_TIME_ZONES, { zone: doctor.timeZone, label: doctor.timeZone }];
  return (
    <Section title="Profile">
      <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Doctor profile" spacing={2} sx={{ maxWidth: 640 }}>
        <FormTextField control={form.control} name="name" label="Name patients see" required fullWidth />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={form.control} name="credentials" label="Credentials" required fullWidth />
          <FormTextField control={form.control} name="npi" label="NPI (optional)" inputMode="numeric" fullWidth />
        </Stack>
        <FormTextField control={form.control} name="bio" label="Bio" multiline minRows={3} fullWidth />
        <FormTextField control={form.control} name="timeZone" label="Time zone" select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} fullWidth>
          {zones.map((z) => (
            <option key={z.zone} value={z.zone}>
              {z.label} ({z.zone})
            </option>
          ))}
        </FormTextField>
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
              label="Active: takes new bookings and reviews"
            />
          )}
        />
        <FormAlert error={error} />
        <Box>
          <StatusButton type="submit" status={status} variant="contained">
            Save profile
          </StatusButton>
        </Box>
      </Stack>
    </Section>
  );
}

function Licences({ doctor }: { doctor: AdminDoctor }) {
  const save = useSaveDoctor(doctor.id);
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeStatus, setRemoveStatus] = useState<Record<string, ButtonStatus>>({});
  const [removeError, setRemoveError] = useState<unknown>(null);
  const form = useForm<z.input<typeof doctorLicenseSchema>, unknown, z.output<typeof doctorLicenseSchema>>({
    resolver: zodResolver(doctorLicenseSchema),
    defaultValues: { state: '', licenseNumber: '' },
    mode: 'onTouched',
  });
  const { onSubmit, status, error } = useFormSubmit(form, ['state', 'licenseNumber'], (values) => peopleApi.addLicense(doctor.id, values), {
    onSuccess: async (d) => {
      await save(d);
      form.reset({ state: '', licenseNumber: '' });
    },
  });
  const remove = async (state: string) => {
    setRemoveError(null);
    setRemoveStatus((s) => ({ ...s, [state]: 'loading' }));
    try {
      await save(await peopleApi.removeLicense(doctor.id, state));
    } catch (err) {
      setRemoveError(err);
      setRemoveStatus((s) => ({ ...s, [state]: 'idle' }));
    }
  };
  return (
    <Section title="Licences">
      {doctor.licenses.length === 0 ? (
        <Typography color="text.secondary">No licence yet: the doctor sees no patient until they hold one in the patient&rsquo;s state.</Typography>
      ) : (
        <List aria-label="Licences" dense sx={{ maxWidth: 560 }}>
          {doctor.licenses.map((l) => (
            <ListItem
              key={l.state}
              divider
              secondaryAction={
                <StatusButton status={removeStatus[l.state] ?? 'idle'} color="error" onClick={() => setRemoving(l.state)} aria-label={`Remove the ${usStateName(l.state) ?? l.state} licence`}>
                  Remove
                </StatusButton>
              }
            >
              <ListItemText primary={`${usStateName(l.state) ?? l.state} (${l.state})`} secondary={l.licenseNumber ? `Licence ${l.licenseNumber}` : 'No licence number on file'} />
            </ListItem>
          ))}
        </List>
      )}
      <FormAlert error={removeError} />
      <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Add a licence" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' }, maxWidth: 640 }}>
        <FormTextField control={form.control} name="state" label="State" component={UsStateSelect} required fullWidth />
        <FormTextField control={form.control} name="licenseNumber" label="Licence number (optional)" fullWidth />
        <StatusButton type="submit" status={status} variant="contained" sx={{ flexShrink: 0, mt: { sm: 1 } }}>
          Add licence
        </StatusButton>
      </Stack>
      <FormAlert error={error} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this licence?"
        text={`The doctor will no longer see patients in ${removing ? (usStateName(removing) ?? removing) : ''} from now on.`}
        confirmLabel="Remove licence"
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}

function Storefronts({ doctor }: { doctor: AdminDoctor }) {
  const me = useAdminMe();
  const save = useSaveDoctor(doctor.id);
  const [value, setValue] = useState(doctor.storefrontId ?? '');
  const [status, setStatus] = useState<ButtonStatus>('idle');
  const [error, setError] = useState<unknown>(null);
  const labelId = useId();
  const submit = async () => {
    setError(null);
    setStatus('loading');
    try {
      await save(await peopleApi.setStorefront(doctor.id, value || null));
      setStatus('done');
    } catch (err) {
      setError(err);
      setStatus('idle');
    }
  };
  return (
    <Section title="Storefronts">
      <Typography id={labelId} color="text.secondary">
        Which of the company&rsquo;s storefronts this doctor sees patients of.
      </Typography>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(e) => { setValue(e.target.value); setStatus('idle'); }}>
        <FormControlLabel value="" control={<Radio />} label="All storefronts of the company" />
        {(me.data?.storefronts ?? []).map((s) => (
          <FormControlLabel key={s.id} value={s.id} control={<Radio />} label={`${s.name} only`} />
        ))}
      </RadioGroup>
      <FormAlert error={error} />
      <Box>
        <StatusButton status={status} variant="contained" onClick={() => void submit()} disabled={value === (doctor.storefrontId ?? '') && status !== 'done'}>
          Save storefronts
        </StatusButton>
      </Box>
    </Section>
  );
}

function InviteNotice({ doctor }: { doctor: AdminDoctor }) {
  const location = useLocation();
  const state = location.state as { invited?: string; delivered?: boolean } | null;
  const [status, setStatus] = useState<ButtonStatus>('idle');
  const [error, setError] = useState<unknown>(null);
  if (!doctor.invitePending) return null;
  const resend = async () => {
    setError(null);
    setStatus('loading');
    try {
      await peopleApi.resendInvite(doctor.id);
      setStatus('done');
    } catch (err) {
      setError(err);
      setStatus('idle');
    }
  };
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      <Alert
        severity={state?.delivered === false ? 'warning' : 'info'}
        role="status"
        action={
          <StatusButton status={status} onClick={() => void resend()} color="inherit" size="small">
            Send a new link
          </StatusButton>
        }
      >
        {state?.invited
          ? state.delivered === false
            ? `The invitation to ${state.invited} could not be sent. Send a new link.`
            : `Invitation sent to ${state.invited}. The doctor has not set a password yet.`
          : `Invited${doctor.email ? ` (${doctor.email})` : ''}: the doctor has not set a password yet.`}
      </Alert>
      <FormAlert error={error} />
    </Stack>
  );
}

export function DoctorPage() {
  const { doctorId = '' } = useParams();
  const doctor = useDoctor(doctorId);
  const [tab, setTab] = useState(0);
  const baseId = useId();
  useDocumentTitle(doctor.data ? doctor.data.name : 'Doctor');
  if (doctor.isPending) return <LoadingState label="Loading the doctor…" />;
  if (doctor.isError) return <ErrorState error={doctor.error} onRetry={() => void doctor.refetch()} retrying={doctor.isFetching} />;
  const d = doctor.data;
  return (
    <>
      <Link component={RouterLink} to="/admin/doctors" sx={{ display: 'inline-block', mb: 1 }}>
        All doctors
      </Link>
      <AdminPageHeader title={`${d.name}, ${d.credentials}`}>
        {d.active ? 'Active' : 'Inactive: no new bookings or reviews'} · {d.states.length ? `Licensed in ${d.states.join(', ')}` : 'No licence yet'} · {d.email ?? 'No sign-in account'}
      </AdminPageHeader>
      <InviteNotice doctor={d} />
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label="Doctor settings" variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {TABS.map((label, i) => (
          <Tab key={label} label={label} id={`${baseId}-tab-${i}`} aria-controls={`${baseId}-panel-${i}`} />
        ))}
      </Tabs>
      {TABS.map((label, i) => (
        <div key={label} role="tabpanel" hidden={tab !== i} id={`${baseId}-panel-${i}`} aria-labelledby={`${baseId}-tab-${i}`}>
          {tab === i ? (
            i === 0 ? (
              <ProfileForm doctor={d} />
            ) : i === 1 ? (
              <Licences doctor={d} />
            ) : i === 2 ? (
              <DoctorAvailability doctor={d} />
            ) : (
              <Storefronts doctor={d} />
            )
          ) : null}
        </div>
      ))}
    </>
  );
}
