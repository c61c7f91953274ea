// A client signed in as a new patient, shared by the integration tests of every module that
// serves signed-in patients (a user row and a session, sent as a bearer token).
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../src/db/schema/auth.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID } from '../src/db/seed/storefronts.ts';
import type { TestContext } from './app.ts';

/** A client signed in as a new patient (Bearer token, as an API client would send). */
export async function signedInPatient(
  ctx: TestContext,
  opts: { storefrontId?: string; host?: string; email?: string; firstName?: string; lastName?: string } = {},
) {
  const storefrontId = opts.storefrontId ?? EVERGREEN_ID;
  const host = opts.host ?? 'localhost:3000';
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      companyId: DEMO_COMPANY_ID,
      storefrontId,
      email: opts.email ?? `patient.${randomUUID()}@example.com`,
      ...(opts.firstName === undefined ? {} : { firstName: opts.firstName }),
      ...(opts.lastName === undefined ? {} : { lastName: opts.lastName }),
    })
    .returning({ id: users.id });
  const { token, sessionId } = await ctx.app.services.sessions.createUserSession(user!.id, storefrontId);
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, authorization: `Bearer ${token}`, 'x-requested-with': 'fetch' },
      ...(payload === undefined ? {} : { payload: payload as string }),
    }) as Promise<LightMyRequestResponse>;
  return {
    userId: user!.id,
    sessionId,
    /** The session token, for a request the helpers below do not make (an Idempotency-Key). */
    token,
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    put: (url: string, payload?: unknown) => send('PUT', url, payload),
    patch: (url: string, payload?: unknown) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url),
  };
}
export type PatientClient = Awaited<ReturnType<typeof signedInPatient>>;
