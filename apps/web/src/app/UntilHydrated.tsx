// A server-drawn page (issue 19) shows before its code has loaded. Until React has taken over the
// page, its buttons would do nothing and a field typed into would be emptied when the form's code
// starts: so every control is disabled until then (a disabled <fieldset> disables all controls in
// it, whatever their own props), and nothing a patient enters is lost. Links work throughout (they
// load the next page from the server). In the browser-only render it is enabled from the start.
import type { ReactNode } from 'react';
import { useHydrated } from '@/shared/hydration';

export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset
      role="none"
      disabled={!hydrated}
      data-hydrated={hydrated ? 'true' : 'false'}
      style={{ display: 'contents', border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      {children}
    </fieldset>
  );
}
