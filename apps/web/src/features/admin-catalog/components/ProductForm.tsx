// The product editor's form (issue 18): every field of a product in sections (Details & price,
// Quantity & refills, Visit & stages, Where it ships & shipping methods, Images), validated with
// the domain's schema before sending and with the server's field messages after. Money is typed
// in dollars and kept in cents.
import {
  adminProductInputSchema,
  centsToDollars,
  dollarsToCents,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_IMAGES_MAX,
  PRODUCT_STAGE_CHOICES,
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  US_STATES,
  VISIT_TYPE_CHOICES,
  type AdminCatalogOptions,
  type AdminProduct,
  type AdminProductInput,
} from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { FormAlert } from '@/components/FormAlert';
import { FormTextField } from '@/components/FormTextField';
import { StatusButton } from '@/components/StatusButton';
import { useFormSubmit } from '@/lib/forms';

type Values = AdminProductInput;

export const EMPTY_PRODUCT: Values = {
  title: '',
  slug: '',
  description: '',
  category: 'otc',
  type: 'otc',
  priceCents: 0,
  consultFeeCents: 0,
  consultRequired: false,
  consultAttached: false,
  qtyMin: 1,
  qtyMax: 1,
  defaultQty: 1,
  flexibleQty: false,
  refillCycleDays: null,
  visitType: null,
  checkoutStages: 2 | 32,
  questionnaireRef: null,
  shipsTo: US_STATES.map((s) => s.code),
  shippingMethodIds: [],
  images: [],
  active: true,
};

const SCALAR_FIELDS: FieldPath<Values>[] = [
  'title', 'slug', 'description', 'category', 'type', 'priceCents', 'consultFeeCents', 'consultRequired', 'consultAttached',
  'qtyMin', 'qtyMax', 'defaultQty', 'flexibleQty', 'refillCycleDays', 'visitType', 'checkoutStages', 'questionnaireRef',
  'shipsTo', 'shippingMethodIds', 'images',
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: 20, mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/** Dollars typed, cents kept: the text stays as typed; a value that is not an amount fails the schema with its message. */
function MoneyField({ control, name, label }: { control: Control<Values>; name: 'priceCents' | 'consultFeeCents'; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <MoneyInput label={label} cents={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={fieldState.error?.message} />}
    />
  );
}

function MoneyInput(props: { label: string; cents: number; onChange: (cents: number) => void; onBlur: () => void; inputRef: React.Ref<HTMLInputElement>; error: string | undefined }) {
  const [text, setText] = useState(() => (Number.isFinite(props.cents) ? centsToDollars(props.cents) : ''));
  return (
    <TextField
      label={props.label}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        props.onChange(dollarsToCents(e.target.value));
      }}
      onBlur={props.onBlur}
      inputRef={props.inputRef}
      error={Boolean(props.error)}
      helperText={props.error ?? 'In dollars, like 24.99.'}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <Box component="span" sx={{ mr: 0.5 }}>$</Box> } }}
    />
  );
}

function CheckField({ control, name, label, help }: { control: Control<Values>; name: 'consultRequired' | 'consultAttached' | 'flexibleQty'; label: string; help?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)}>
          <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ref: field.ref } }} />} label={label} />
          {fieldState.error || help ? <FormHelperText>{fieldState.error?.message ?? help}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}

export function ProductForm({
  initial,
  options,
  submitLabel,
  onSave,
}: {
  initial: Values;
  options: AdminCatalogOptions;
  submitLabel: string;
  onSave: (values: AdminProduct) => Promise<unknown>;
}) {
  const form = useForm<Values, unknown, AdminProduct>({ resolver: zodResolver(adminProductInputSchema), defaultValues: initial, mode: 'onTouched' });
  const { control } = form;
  const images = useFieldArray({ control, name: 'images' });
  const imageFields = images.fields.flatMap((_, i) => [`images.${i}.url`, `images.${i}.alt`] as FieldPath<Values>[]);
  const submit = useFormSubmit(form, [...SCALAR_FIELDS, ...imageFields], onSave);
  const stagesId = useId();
  const methodsId = useId();
  const active = useWatch({ control, name: 'active' });

  return (
    <Box component="form" noValidate onSubmit={submit.onSubmit}>
      <Stack spacing={3}>
        <Section title="Details & price">
          <FormTextField control={control} name="title" label="Title" required />
          <FormTextField control={control} name="slug" label="Slug (address name)" required helperText="Lower-case letters, digits and hyphens: /products/<slug>." />
          <FormTextField control={control} name="description" label="Description" multiline minRows={3} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField control={control} name="category" label="Category" select fullWidth>
              {PRODUCT_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {PRODUCT_CATEGORY_LABELS[c]}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="type" label="Type" select fullWidth>
              {PRODUCT_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {PRODUCT_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <MoneyField control={control} name="priceCents" label="Price" />
            <MoneyField control={control} name="consultFeeCents" label="Consult fee" />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            A new price applies to items put in a cart from now on; items already in a cart and orders placed keep the price they were added at.
          </Typography>
          <CheckField control={control} name="consultRequired" label="Needs a consult" help="The patient answers a questionnaire and a doctor reviews it." />
          <CheckField control={control} name="consultAttached" label="Charge the consult fee with this product" />
        </Section>

        <Section title="Quantity & refills">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField control={control} name="qtyMin" label="Smallest quantity" type="number" fullWidth />
            <FormTextField control={control} name="qtyMax" label="Largest quantity" type="number" fullWidth />
            <FormTextField control={control} name="defaultQty" label="Default quantity" type="number" fullWidth />
          </Stack>
          <CheckField control={control} name="flexibleQty" label="Flexible quantity (start at the default quantity)" />
          <FormTextField control={control} name="refillCycleDays" label="Refill cycle (days)" type="number" helperText="Leave empty for a one-off product." sx={{ maxWidth: 260 }} />
        </Section>

        <Section title="Visit & stages">
          <Controller
            control={control}
            name="visitType"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Visit type"
                value={field.value === null ? '' : String(field.value)}
                onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                sx={{ maxWidth: 360 }}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">None</MenuItem>
                {VISIT_TYPE_CHOICES.map((v) => (
                  <MenuItem key={v.value} value={String(v.value)}>
                    {v.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="checkoutStages"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                <FormLabel component="legend" id={stagesId}>
                  Checkout stages it needs
                </FormLabel>
                <FormGroup>
                  {PRODUCT_STAGE_CHOICES.map((s) => (
                    <FormControlLabel
                      key={s.flag}
                      label={s.label}
                      control={
                        <Checkbox
                          checked={(field.value & s.flag) !== 0}
                          onChange={(e) => field.onChange(e.target.checked ? field.value | s.flag : field.value & ~s.flag)}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
          <Controller
            control={control}
            name="questionnaireRef"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Questionnaire"
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'The consult the patient answers.'}
                sx={{ maxWidth: 360 }}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">None</MenuItem>
                {options.questionnaires.map((q) => (
                  <MenuItem key={q.slug} value={q.slug}>
                    {q.title}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Section>

        <Section title="Where it ships & shipping methods">
          <Controller
            control={control}
            name="shipsTo"
            render={({ field, fieldState }) => (
              <Stack spacing={1}>
                <Autocomplete
                  multiple
                  options={US_STATES.map((s) => s.code)}
                  getOptionLabel={(code) => US_STATES.find((s) => s.code === code)?.name ?? code}
                  value={field.value}
                  onChange={(_, value) => field.onChange(value)}
                  limitTags={12}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="States it is sold in"
                      inputRef={field.ref}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? `${field.value.length} of ${US_STATES.length} states.`}
                    />
                  )}
                />
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={() => field.onChange(US_STATES.map((s) => s.code))}>
                    All states
                  </Button>
                  <Button size="small" onClick={() => field.onChange([])}>
                    Clear
                  </Button>
                </Stack>
              </Stack>
            )}
          />
          <Controller
            control={control}
            name="shippingMethodIds"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                <FormLabel component="legend" id={methodsId}>
                  Shipping methods it may use
                </FormLabel>
                <FormGroup>
                  {options.shippingMethods.map((m) => (
                    <FormControlLabel
                      key={m.id}
                      label={m.label}
                      control={
                        <Checkbox
                          checked={field.value.includes(m.id)}
                          onChange={(e) => field.onChange(e.target.checked ? [...field.value, m.id] : field.value.filter((id) => id !== m.id))}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                <FormHelperText>{fieldState.error?.message ?? 'None ticked: any of the storefront’s methods. A cold-chain product: tick only the overnight method.'}</FormHelperText>
              </FormControl>
            )}
          />
        </Section>

        <Section title="Images">
          {images.fields.length === 0 ? <Typography color="text.secondary">No images: the store shows a placeholder.</Typography> : null}
          {images.fields.map((item, index) => (
            <Stack key={item.id} direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
              <FormTextField control={control} name={`images.${index}.url`} label={`Image ${index + 1} address`} fullWidth />
              <FormTextField control={control} name={`images.${index}.alt`} label={`Image ${index + 1} alt text`} fullWidth />
              <Stack direction="row" spacing={1}>
                <Button size="small" disabled={index === 0} onClick={() => images.move(index, index - 1)} aria-label={`Move image ${index + 1} up`}>
                  Up
                </Button>
                <Button size="small" color="error" onClick={() => images.remove(index)} aria-label={`Remove image ${index + 1}`}>
                  Remove
                </Button>
              </Stack>
            </Stack>
          ))}
          <Box>
            <Button variant="outlined" disabled={images.fields.length >= PRODUCT_IMAGES_MAX} onClick={() => images.append({ url: '', alt: '' })}>
              Add an image
            </Button>
          </Box>
          {form.formState.errors.images?.message ? <FormHelperText error>{form.formState.errors.images.message}</FormHelperText> : null}
        </Section>

        <FormAlert error={submit.error} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <StatusButton type="submit" status={submit.status} doneLabel="Saved">
            {submitLabel}
          </StatusButton>
          {!active ? <Typography color="text.secondary">This product is not on sale.</Typography> : null}
        </Stack>
      </Stack>
    </Box>
  );
}
