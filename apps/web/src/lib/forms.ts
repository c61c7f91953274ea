// Small helpers shared by the forms (react-hook-form + zod resolver with the domain's schemas).
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { isApiError } from './api';

/** Props binding a MUI TextField to a registered field: value, error state and message. */
export function textFieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>) {
  const { ref, ...rest } = form.register(name);
  const error = name
    .split('.')
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key],
      form.formState.errors,
    ) as { message?: string } | undefined;
  return {
    ...rest,
    // No fixed id: MUI's TextField makes a unique one (React useId) and ties the label and helper
    // text to it, so two forms on one page (the login drawer over /register) never share ids and
    // each field keeps its name for screen readers (issue 13 #16).
    inputRef: ref,
    error: Boolean(error?.message),
    helperText: error?.message,
  };
}

/**
 * Puts the server's field messages (problem+json `errors`) beside the fields this form has.
 * Returns true when every field error found a field, so the caller need not repeat them above.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!isApiError(error) || error.fieldErrors.length === 0) return false;
  let all = true;
  for (const { field, message } of error.fieldErrors) {
    if ((fields as readonly string[]).includes(field))
      form.setError(field as FieldPath<T>, { type: 'server', message });
    else all = false;
  }
  return all;
}
