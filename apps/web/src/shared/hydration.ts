// Whether React has taken over a server-drawn page yet (issue 19). Something the server cannot know
// (this tab's sessionStorage, say) is drawn the server's way first and changed once this is true,
// so the browser's first render matches the HTML it adopts.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False while the server draws the page and while the browser hydrates it; true after (and always in a browser-only render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
