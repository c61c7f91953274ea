// Shared by the operator's console tests (issue 18): a signed-in admin of the demo company, and a
// second company with its own storefront, host and admin, so each slice can prove that one
// company's admin reaches nothing of another's.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../src/db/schema/auth.ts';
import { companies, storefrontHosts, storefronts } from '../src/db/schema/storefronts.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID, LUMEN_ID } from '../src/db/seed/storefronts.ts';
import type { TestContext } from './app.ts';

export interface AdminClient {
  userId: string;
  companyId: string;
  /** The storefront the admin's session was made on. */
  storefrontId: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** A Bearer client on `host` (the host decides the request's storefront). */
export function bearerClient(ctx: TestContext, token: string, host: string) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, authorization: `Bearer ${token}`, 'x-requested-with': 'fetch' },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    put: (url: string, payload?: unknown) => send('PUT', url, payload),
    patch: (url: string, payload?: unknown) => send('PATCH', url, payload),
    delete: (url: string, payload?: unknown) => send('DELETE', url, payload),
  };
}

/** A signed-in admin (Bearer) of the demo company, on Evergreen (or Lumen), or of `company`. */
export async function signedInAdmin(
  ctx: TestContext,
  options: { storefrontId?: string; companyId?: string; host?: string } = {},
): Promise<AdminClient> {
  const storefrontId = options.storefrontId ?? EVERGREEN_ID;
  const companyId = options.companyId ?? DEMO_COMPANY_ID;
  const host = options.host ?? (storefrontId === LUMEN_ID ? 'lumen.localhost:3000' : 'localhost:3000');
  const [user] = await ctx.database.db
    .insert(users)
    .values({ companyId, storefrontId, email: `admin.${randomUUID()}@example.com`, role: 'admin', firstName: 'Ola', lastName: 'Operator' })
    .returning({ id: users.id });
  const { token } = await ctx.app.services.sessions.createUserSession(user!.id, storefrontId);
  return { userId: user!.id, companyId, storefrontId, ...bearerClient(ctx, token, host) };
}

/** A second company with one storefront on `other.localhost` and its own admin. */
export async function otherCompany(ctx: TestContext) {
  const db = ctx.database.db;
  const [company] = await db.insert(companies).values({ name: 'Other Health Co' }).returning({ id: companies.id });
  const [storefront] = await db
    .insert(storefronts)
    .values({ companyId: company!.id, name: 'Other Brand', slug: `other-${randomUUID().slice(0, 8)}` })
    .returning({ id: storefronts.id });
  await db.insert(storefrontHosts).values({ host: 'other.localhost', storefrontId: storefront!.id });
  ctx.app.services.storefronts.invalidate();
  const admin = await signedInAdmin(ctx, { storefrontId: storefront!.id, companyId: company!.id, host: 'other.localhost:3000' });
  return { companyId: company!.id, storefrontId: storefront!.id, admin };
}
