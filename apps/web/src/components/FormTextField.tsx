// A MUI TextField bound to a react-hook-form field: the field's error message shows under it
// (linked by aria-describedby, marked aria-invalid), so each field carries its own message.
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Rendered instead of TextField (e.g. UsStateSelect), with the same props. */
  component?: (props: TextFieldProps) => React.ReactNode;
};

export function FormTextField<T extends FieldValues>({
  name,
  control,
  helperText,
  component: Component = TextField,
  ...props
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const message = fieldState.error?.message;
  return (
    <Component
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}
