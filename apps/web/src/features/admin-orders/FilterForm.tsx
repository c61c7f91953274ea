// The filters of an admin list (issue 18: orders, audit events), checked with the domain's schema
// (empty fields are "any"), kept in the address so the table's pages, a reload and the CSV export
// use them. Each bad field shows its message beside it; nothing typed is lost.
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton } from '@/components/StatusButton';

export interface FilterField {
  name: string;
  label: string;
  type?: 'text' | 'date' | 'select';
  options?: { value: string; label: string }[];
  helperText?: string;
}

type Values = Record<string, string>;

/** The domain's schema over the form's strings, an empty field standing for "any". */
function resolverOf(schema: z.ZodType): Resolver<Values> {
  const inner = zodResolver(schema as never) as unknown as Resolver<Values>;
  return (values, context, options) => {
    const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as Values;
    return inner(set, context, options);
  };
}

export function FilterForm({ fields, schema, label }: { fields: FilterField[]; schema: z.ZodType; label: string }) {
  const [params, setParams] = useSearchParams();
  const current = Object.fromEntries(fields.map((f) => [f.name, params.get(f.name) ?? '']));
  const form = useForm<Values>({ defaultValues: current, resolver: resolverOf(schema) });
  const key = fields.map((f) => params.get(f.name) ?? '').join('|');
  useEffect(() => {
    form.reset(Object.fromEntries(fields.map((f) => [f.name, params.get(f.name) ?? ''])));
    // Only when the address's filters change (back, forward, a link).
  }, [key]);
  const apply = (values: Values) =>
    setParams((was) => {
      const next = new URLSearchParams(was);
      for (const f of fields) {
        const v = (values[f.name] ?? '').trim();
        if (v) next.set(f.name, v);
        else next.delete(f.name);
      }
      next.delete('page');
      return next;
    });
  return (
    <Stack component="form" role="search" aria-label={label} noValidate onSubmit={form.handleSubmit(() => apply(form.getValues()))} spacing={2} sx={{ mb: 3 }}>
      <Grid container spacing={2}>
        {fields.map((f) => (
          <Grid key={f.name} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <FormTextField<Values>
              name={f.name}
              control={form.control}
              label={f.label}
              fullWidth
              size="small"
              type={f.type === 'date' ? 'date' : 'text'}
              select={f.type === 'select'}
              helperText={f.helperText}
              slotProps={f.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
            >
              {f.type === 'select'
                ? [{ value: '', label: 'Any' }, ...(f.options ?? [])].map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))
                : undefined}
            </FormTextField>
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={2}>
        <StatusButton type="submit">Search</StatusButton>
        <Button
          variant="text"
          onClick={() => {
            form.reset(Object.fromEntries(fields.map((f) => [f.name, ''])));
            apply({});
          }}
        >
          Clear filters
        </Button>
      </Stack>
    </Stack>
  );
}
