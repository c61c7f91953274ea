// Small page preferences kept in cookies so the server's first render (app/entry-server.tsx) draws
// the page as the browser will: a dismissed privacy notice, a cart already seen this visit. The
// server provides the request's Cookie header; the browser reads document.cookie. Not for secrets:
// sessions are HttpOnly cookies this code never sees.
import { createContext, useContext } from 'react';

/** The request's Cookie header while the server renders; null in the browser. */
export const ServerCookiesContext = createContext<string | null>(null);

export function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** A cookie's value as this render sees it. */
export function useCookie(name: string): string | undefined {
  const server = useContext(ServerCookiesContext);
  const header = server ?? (typeof document === 'undefined' ? '' : document.cookie);
  return readCookie(header, name);
}

/** Sets a first-party preference cookie: for a year, or for this browser session without maxAgeDays. */
export function writeCookie(name: string, value: string, maxAgeDays?: number): void {
  if (typeof document === 'undefined') return;
  const age = maxAgeDays === undefined ? '' : `; max-age=${Math.round(maxAgeDays * 86_400)}`;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; samesite=lax${age}${secure}`;
}
