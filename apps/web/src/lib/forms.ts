// The form kit's logic (react-hook-form + zod resolver with the domain's schemas): one submit hook
// for every form that sends to the server, and the server's field messages put beside the fields.
// Fields bind through `FormTextField` (src/components); the button shows `status` (StatusButton).
import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldPath, FieldValues, SubmitErrorHandler, UseFormReturn } from 'react-hook-form';
import type { ButtonStatus } from '@/components/StatusButton';
import { isApiError } from './api';

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

export interface FormSubmitOptions<T extends FieldValues, R> {
  /** Runs once the action succeeded and the button shows its state (e.g. sign in, navigate). */
  onSuccess?: (result: R) => unknown;
  /** The button's state after success: `done` (a tick, the default) or `idle` (the form moves on). */
  after?: 'done' | 'idle';
  /** Runs when the server's field messages all found their fields (e.g. to focus one). */
  onFieldErrors?: () => void;
  /** Takes a failure no field took, instead of the hook answering it as `error` (e.g. to show it on a field). */
  onError?: (error: unknown) => void;
  /** Runs when the fields do not pass their checks (nothing was sent). */
  onInvalid?: SubmitErrorHandler<T>;
}

export interface FormSubmit {
  /** The form's onSubmit: checks the fields, then runs the action. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** For the StatusButton: loading while the action runs, then done (or idle, see `after`). */
  status: ButtonStatus;
  /** The failure no field took (no answer, or a message for the whole form): show it above the button. */
  error: unknown;
  /** Sets or clears `error` (for another action of the same form, e.g. sending a code again). */
  setError: (error: unknown) => void;
}

/**
 * The one way a form submits: checks the fields, shows loading, runs `action`; a failure puts the
 * server's field messages beside `fields` and answers the rest as `error`, and the button is idle
 * again, so nothing typed is lost.
 */
export function useFormSubmit<T extends FieldValues, TOut, R>(
  form: Pick<UseFormReturn<T, unknown, TOut>, 'handleSubmit' | 'setError'>,
  fields: readonly FieldPath<T>[],
  action: (values: TOut) => Promise<R>,
  options: FormSubmitOptions<T, R> = {},
): FormSubmit {
  const [status, setStatus] = useState<ButtonStatus>('idle');
  const [error, setError] = useState<unknown>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setStatus('loading');
    try {
      const result = await action(values);
      setStatus(options.after ?? 'done');
      await options.onSuccess?.(result);
    } catch (err) {
      setStatus('idle');
      if (applyServerErrors(form, err, fields)) options.onFieldErrors?.();
      else if (options.onError) options.onError(err);
      else setError(err);
    }
  }, options.onInvalid);
  return { onSubmit, status, error, setError };
}
