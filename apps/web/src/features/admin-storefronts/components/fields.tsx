// The editor's field kinds beyond FormTextField (issue 18): a colour (hex text with a colour
// picker beside it), a whole number, an on/off switch, and a list of host names. Each shows its
// own message under it.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useController, useWatch, type Control, type FieldPath, type FieldValues, type UseFormSetValue } from 'react-hook-form';
import { FormTextField } from '@/components/FormTextField';

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ColourField<T extends FieldValues>({ name, control, label }: { name: FieldPath<T>; control: Control<T>; label: string }) {
  const { field, fieldState } = useController({ name, control });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <TextField
      label={label}
      name={field.name}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? ' '}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: { spellCheck: false, autoComplete: 'off' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={`${label}: pick a colour`}
                value={HEX.test(value) ? value.toLowerCase() : '#000000'}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value)}
                sx={{ width: 32, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A whole number: kept as a number when it is one, else as typed (the schema then says what is wrong). */
export function NumberField<T extends FieldValues>({ name, control, label, unit = 'px' }: { name: FieldPath<T>; control: Control<T>; label: string; unit?: string }) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      label={label}
      name={field.name}
      value={field.value ?? ''}
      onChange={(e) => {
        const raw = e.target.value;
        field.onChange(/^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? ' '}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {},
      }}
    />
  );
}

export function SwitchField<T extends FieldValues>({ name, control, label, description }: { name: FieldPath<T>; control: Control<T>; label: string; description?: string }) {
  const { field } = useController({ name, control });
  return (
    <Box>
      <FormControlLabel
        control={<Switch name={field.name} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
        label={label}
      />
      {description ? <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{description}</FormHelperText> : null}
    </Box>
  );
}

/** Host names, one field each, with Add and Remove; the list's own message (none, too many) under it. */
export function HostsField<T extends FieldValues>({
  control,
  setValue,
  name = 'hosts' as FieldPath<T>,
}: {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  name?: FieldPath<T>;
}) {
  const hosts = (useWatch({ control, name }) as string[] | undefined) ?? [];
  const { fieldState } = useController({ control, name });
  const listMessage = fieldState.error?.message ?? (fieldState.error as { root?: { message?: string } } | undefined)?.root?.message;
  const set = (next: string[]) => setValue(name, next as never, { shouldDirty: true, shouldValidate: false });
  return (
    <Stack spacing={1} role="group" aria-label="Host names">
      {hosts.map((_, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name={`${name}.${index}` as FieldPath<T>}
            label={`Host name ${index + 1}`}
            size="small"
            fullWidth
            helperText={index === 0 ? 'Without http:// or port, e.g. shop.example.com' : ' '}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', autoComplete: 'off' } }}
          />
          <IconButton
            aria-label={`Remove host name ${index + 1}`}
            onClick={() => set(hosts.filter((__, i) => i !== index))}
            disabled={hosts.length <= 1}
            sx={{ mt: 0.5 }}
          >
            <Box component="span" aria-hidden sx={{ fontSize: 20, lineHeight: 1 }}>
              ×
            </Box>
          </IconButton>
        </Stack>
      ))}
      {listMessage ? <FormHelperText error>{listMessage}</FormHelperText> : null}
      <Box>
        <Button size="small" onClick={() => set([...hosts, ''])} disabled={hosts.length >= 20}>
          Add a host name
        </Button>
      </Box>
    </Stack>
  );
}
