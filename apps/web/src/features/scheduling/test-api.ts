// Test helpers: a fake API answering by "METHOD /path", recording the requests it got.
import { vi } from 'vitest';

export type FakeAnswer = { status?: number; body?: unknown } | ((request: FakeRequest) => { status?: number; body?: unknown });
export interface FakeRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

const problem = (status: number, code: string, detail: string) => ({ status, body: { type: 'about:blank', status, code, detail } });
export const notFoundAnswer = problem(404, 'NOT_FOUND', 'We could not find what you were looking for.');

/** Installs `fetch`; unknown routes answer 404. Returns the list of requests made. */
export function fakeApi(routes: Record<string, FakeAnswer>): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const request: FakeRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const route = routes[`${request.method} ${request.path}`];
      const answer = typeof route === 'function' ? route(request) : (route ?? notFoundAnswer);
      const status = answer.status ?? 200;
      const isProblem = status >= 400;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'content-type': isProblem ? 'application/problem+json' : 'application/json' },
      });
    }),
  );
  return requests;
}

export { problem };

/** Pretend the browser is in `timeZone` (Intl's detected zone). */
export function detectZone(timeZone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  return vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...original.call(this), timeZone };
  });
}

export const OKAFOR = {
  id: '00000000-0000-4000-8000-00000000d001',
  name: 'Dr. Amara Okafor',
  credentials: 'MD',
  photoUrl: '/images/doctors/amara-okafor.svg',
  specialties: ['Internal medicine', 'Weight management'],
  timeZone: 'America/New_York',
  averageRating: 4.9,
  ratingCount: 212,
  states: ['FL', 'GA', 'NY', 'PA'],
};
export const PETROV = {
  id: '00000000-0000-4000-8000-00000000d006',
  name: 'Dr. Elena Petrov',
  credentials: 'MD',
  photoUrl: '/images/doctors/elena-petrov.svg',
  specialties: ['Internal medicine', 'Sexual health'],
  timeZone: 'America/New_York',
  averageRating: 4.6,
  ratingCount: 58,
  states: ['FL', 'GA', 'IL', 'NY', 'PA'],
};

export const SLOT_DAYS = [
  {
    date: '2027-02-02',
    slots: [
      { startsAt: '2027-02-02T15:00:00.000Z', endsAt: '2027-02-02T15:30:00.000Z' },
      { startsAt: '2027-02-02T15:30:00.000Z', endsAt: '2027-02-02T16:00:00.000Z' },
    ],
  },
  { date: '2027-02-03', slots: [{ startsAt: '2027-02-03T18:00:00.000Z', endsAt: '2027-02-03T18:30:00.000Z' }] },
];
