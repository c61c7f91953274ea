// SPEC §7 landing capture: a visit that arrives with LandingPage (and optionally RedirectPage) in
// its query string is stored on the server under a guid, kept in localStorage (`guid`) and sent
// with the cart, so an order remembers the ad or e-mail it came from. Failures are only logged
// (SPEC §8 "Error capturing landing and redirect pages").
import { MESSAGES } from '@store/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiPost } from '@/lib/api';
import { landingGuid, rememberLandingGuid } from './cart';

export function hasLandingParams(search: string): boolean {
  const params = new URLSearchParams(search);
  for (const key of params.keys()) if (key.toLowerCase() === 'landingpage') return true;
  return false;
}

export async function captureLanding(search: string): Promise<string | null> {
  try {
    const { guid } = await apiPost<{ guid: string }>('/api/landing-sessions', {
      queryString: search.replace(/^\?/, ''),
      guid: landingGuid(),
    });
    rememberLandingGuid(guid);
    return guid;
  } catch (error) {
    console.warn(MESSAGES.LANDING_CAPTURE_FAILED, error);
    return null;
  }
}

/** Captures the landing query string once per distinct query string. */
export function useLandingCapture(): void {
  const { search } = useLocation();
  useEffect(() => {
    if (hasLandingParams(search)) void captureLanding(search);
  }, [search]);
}
