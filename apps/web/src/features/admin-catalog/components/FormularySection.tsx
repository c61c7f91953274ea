// The product's formulary (issue 18): what a doctor may prescribe for it (medication, strength,
// form, quantity, days supply, maximum refills, directions). Add, edit and remove (asked first);
// a removed row stays behind the prescriptions already written from it.
import { formularyInputSchema, type AdminFormularyRow, type FormularyInput } from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';
import { useFormulary, useFormularyMutations } from '../api/adminCatalog.api';

const FIELDS: FieldPath<FormularyInput>[] = ['medication', 'strength', 'form', 'quantity', 'daysSupply', 'maxRefills', 'directionsTemplate'];
const EMPTY: FormularyInput = { medication: '', strength: '', form: '', quantity: 30, daysSupply: 30, maxRefills: 0, directionsTemplate: '' };

function FormularyForm({ initial, onSave, onCancel, title }: { initial: FormularyInput; onSave: (v: z.output<typeof formularyInputSchema>) => Promise<unknown>; onCancel: () => void; title: string }) {
  const form = useForm<FormularyInput, unknown, z.output<typeof formularyInputSchema>>({ resolver: zodResolver(formularyInputSchema), defaultValues: initial, mode: 'onTouched' });
  const submit = useFormSubmit(form, FIELDS, onSave, { onSuccess: onCancel, after: 'idle' });
  const { control } = form;
  return (
    <Box component="form" noValidate onSubmit={submit.onSubmit} aria-label={title}>
      <Stack spacing={2}>
        <Typography variant="h3" sx={{ fontSize: 17 }}>
          {title}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField control={control} name="medication" label="Medication" fullWidth />
          <FormTextField control={control} name="strength" label="Strength" fullWidth />
          <FormTextField control={control} name="form" label="Form" helperText="Tablet, injection pen, cream…" fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField control={control} name="quantity" label="Quantity" type="number" fullWidth />
          <FormTextField control={control} name="daysSupply" label="Days supply" type="number" fullWidth />
          <FormTextField control={control} name="maxRefills" label="Maximum refills" type="number" fullWidth />
        </Stack>
        <FormTextField control={control} name="directionsTemplate" label="Directions template" multiline minRows={2} />
        <FormAlert error={submit.error} />
        <Stack direction="row" spacing={2}>
          <StatusButton type="submit" status={submit.status}>
            Save row
          </StatusButton>
          <Button onClick={onCancel}>Cancel</Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export function FormularySection({ storefrontId, productId }: { storefrontId: string; productId: string }) {
  const headingId = useId();
  const rows = useFormulary(storefrontId, productId);
  const { save, remove } = useFormularyMutations(storefrontId, productId);
  const [editing, setEditing] = useState<AdminFormularyRow | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminFormularyRow | null>(null);

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Formulary
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        What a doctor may prescribe for this product when approving an order.
      </Typography>
      {rows.isPending ? (
        <LoadingState label="Loading the formulary…" />
      ) : rows.isError ? (
        <ErrorState error={rows.error} onRetry={() => void rows.refetch()} retrying={rows.isFetching} />
      ) : rows.data.length === 0 ? (
        <EmptyState title="Nothing to prescribe yet" body="Add what a doctor may prescribe for this product." />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>Medication</TableCell>
                <TableCell>Strength</TableCell>
                <TableCell>Form</TableCell>
                <TableCell align="right">Quantity</TableCell>
                <TableCell align="right">Days supply</TableCell>
                <TableCell align="right">Max refills</TableCell>
                <TableCell>Directions</TableCell>
                <TableCell>
                  <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.data.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.medication}</TableCell>
                  <TableCell>{r.strength}</TableCell>
                  <TableCell>{r.form}</TableCell>
                  <TableCell align="right">{r.quantity}</TableCell>
                  <TableCell align="right">{r.daysSupply}</TableCell>
                  <TableCell align="right">{r.maxRefills}</TableCell>
                  <TableCell>{r.directionsTemplate}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(r)} aria-label={`Edit ${r.medication} ${r.strength}`}>
                      Edit
                    </Button>
                    <Button size="small" color="error" onClick={() => setRemoving(r)} aria-label={`Remove ${r.medication} ${r.strength}`}>
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {remove.error ? <FormAlert error={remove.error} /> : null}
      <Box sx={{ mt: 2 }}>
        {editing ? (
          <FormularyForm
            key={editing === 'new' ? 'new' : editing.id}
            title={editing === 'new' ? 'New formulary row' : `Edit ${editing.medication} ${editing.strength}`}
            initial={editing === 'new' ? EMPTY : editing}
            onSave={(input) => save.mutateAsync({ id: editing === 'new' ? null : editing.id, input })}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <Button variant="outlined" onClick={() => setEditing('new')}>
            Add a formulary row
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this formulary row?"
        text={removing ? `Doctors will no longer be able to prescribe ${removing.medication} ${removing.strength} for this product. Prescriptions already written keep it.` : ''}
        confirmLabel="Remove"
        onConfirm={() => removing && remove.mutate(removing.id)}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
