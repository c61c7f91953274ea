// A US state picker (the 50 states and DC, SPEC §9 "states list") as a native select: labelled,
// keyboard- and screen-reader-friendly, and the phone's own picker on mobile.
import { US_STATES } from '@store/domain';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type UsStateSelectProps = Omit<TextFieldProps, 'select' | 'children'>;

export function UsStateSelect({ slotProps, ...props }: UsStateSelectProps) {
  return (
    <TextField
      {...props}
      select
      slotProps={{
        ...slotProps,
        select: { native: true },
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
        htmlInput: { autoComplete: 'address-level1', ...(slotProps?.htmlInput as object | undefined) },
      }}
    >
      <option value="">Select a state</option>
      {US_STATES.map((state) => (
        <option key={state.code} value={state.code}>
          {state.name}
        </option>
      ))}
    </TextField>
  );
}
