// The one way a form binds a field: a MUI TextField (or a component with its props: a select,
// a password field) tied to a react-hook-form field. The field's error message shows under it
// (linked by aria-describedby, marked aria-invalid), so each field carries its own message. No
// fixed id: MUI makes a unique one (React useId), so two forms on a page never share ids (issue 13 #16).
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useCallback, type MutableRefObject } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Rendered instead of TextField (e.g. UsStateSelect, PasswordField), with the same props. */
  component?: (props: TextFieldProps) => React.ReactNode;
  /** The message is shown once under a group of fields (e.g. an expiry's month and year): `error` marks this one. */
  messageElsewhere?: boolean;
  /** Reshapes what is typed before it is kept (e.g. a card number in groups of four). */
  format?: (value: string) => string;
};

export function FormTextField<T extends FieldValues>({
  name,
  control,
  helperText,
  component: Component = TextField,
  messageElsewhere = false,
  format,
  inputRef,
  ...props
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const fieldRef = field.ref;
  // The form's ref (to focus a field with an error) and the caller's, if any.
  const ref = useCallback(
    (element: HTMLInputElement | null) => {
      fieldRef(element);
      if (typeof inputRef === 'function') inputRef(element);
      else if (inputRef) (inputRef as MutableRefObject<HTMLInputElement | null>).current = element;
    },
    [fieldRef, inputRef],
  );
  const message = messageElsewhere ? undefined : fieldState.error?.message;
  return (
    <Component
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={format ? (event) => field.onChange(format(event.target.value)) : field.onChange}
      onBlur={field.onBlur}
      inputRef={ref}
      error={messageElsewhere ? Boolean(props.error) : Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}
