// The reschedule link's path and its hide-GDPR-banner flag: no zod here, because the first page of
// the web app (the shell reads the flag) must not pull the validation library into its download.

export const RESCHEDULING_PATH_PREFIX = '/reschedulings/';
export const HIDE_GDPR_BANNER_PARAM = 'hide_gdpr_banner';

/** SPEC §2 "a reschedulings/ path part and a hide-GDPR-banner query flag": our own page's link. */
export function reschedulingPath(token: string): string {
  return `${RESCHEDULING_PATH_PREFIX}${encodeURIComponent(token)}?${HIDE_GDPR_BANNER_PARAM}=1`;
}

/** Whether a query string asks to hide the cookie/privacy banner (`hide_gdpr_banner=1` or `true`). */
export function hidesGdprBanner(search: string): boolean {
  const value = new URLSearchParams(search).get(HIDE_GDPR_BANNER_PARAM);
  return value === '1' || value === 'true';
}
