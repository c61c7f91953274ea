// After a redeploy, an open tab still asks for the old build's page chunks, which are gone: the
// import fails. The route's error page (RouteError) then reloads once, by which time the router has
// moved to the page asked for, so the new build draws that page instead of an error or a blank
// page; a second failure within a minute is a real outage and is shown as one (issue 19).
const KEY = 'store:stale-chunk-reload';
const WINDOW_MS = 60_000;
/** Set once this page has asked for its reload: every later caller (a second render) waits for it too. */
let reloadAsked = false;

/** Chrome, Firefox and Safari's words for a module script that failed to download. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );
}

/** Reloads the page (once per page life) unless it already did so for this reason within the last minute. Returns whether it did. */
export function reloadOnceForStaleChunk(storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage, reload = () => window.location.reload(), now = Date.now()): boolean {
  if (reloadAsked) return true;
  let last = 0;
  try {
    last = Number(storage.getItem(KEY) ?? 0);
  } catch {
    return false; // no storage (private mode): no way to stop a loop, so never reload
  }
  if (now - last < WINDOW_MS) return false;
  try {
    storage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  reloadAsked = true;
  reload();
  return true;
}
