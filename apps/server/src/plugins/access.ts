// Who may call a route, declared once on the route (`config: { access: 'user' }`) and enforced from
// that declaration: an onRoute hook puts the matching guard in front of the route's preHandlers, and
// the OpenAPI document (plugins/openapi.ts) derives each operation's security from the same value, so
// the document cannot say "public" about a route that answers 401. The operator's console is the
// exception that proves it: /api/admin/* is guarded by its URL (admin-access.ts), so its routes are
// 'admin' by the same predicate. Handlers still call requireUser & co. for the typed identity.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isAdminUrl, requireAdmin } from '../modules/admin/admin-access.ts';
import { notFound } from '../lib/problem.ts';
import { requireIdentity, requireIdentity404, requireRole, requireUser } from './identity.ts';

export const ACCESS_LEVELS = {
  /** Anyone; no session is read. */
  public: 'Anyone',
  /** Anyone; a session is used when there is one (a guest's cart, the signed-in patient). */
  optional: 'Anyone; a session is used when present',
  /** A guest or signed-in session that owns the record; with no session, 404. */
  owner: 'A guest or signed-in session owning the record (else 404)',
  /** A signed-in person's own record; nobody or a guest, 404. */
  account: "A signed-in person's own record (else 404)",
  /** Any session, guest or signed in; with none, 401. */
  session: 'A guest or signed-in session (else 401)',
  /** A signed-in person; else 401. */
  user: 'A signed-in person (else 401)',
  /** A signed-in patient; nobody 401, another role 403. */
  'user:patient': 'A signed-in patient (else 401 or 403)',
  /** A signed-in doctor; nobody 401, another role 403. */
  'user:doctor': 'A signed-in doctor (else 401 or 403)',
  /** The doctor's desk: anyone but a doctor gets the 404 of an unknown route. */
  doctor: 'A doctor (else 404)',
  /** The pharmacy's desk: anyone but a pharmacist gets 404. */
  pharmacist: 'A pharmacist (else 404)',
  /** The operator's console (/api/admin/*): anyone but an admin of the company gets 404. */
  admin: 'An admin of the storefront’s company (else 404)',
} as const;
export type Access = keyof typeof ACCESS_LEVELS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (plugins/access.ts); required on every documented /api route. */
    access?: Access;
  }
}

function staff(role: 'doctor' | 'pharmacist') {
  return (request: FastifyRequest) => {
    const identity = request.identity;
    if (identity?.kind !== 'user' || identity.role !== role) throw notFound();
  };
}

const GUARDS: Record<Access, ((request: FastifyRequest) => unknown) | null> = {
  public: null,
  optional: null,
  owner: requireIdentity404,
  account: (request) => {
    if (request.identity?.kind !== 'user') throw notFound();
  },
  session: requireIdentity,
  user: requireUser,
  'user:patient': (request) => requireRole(request, 'patient'),
  'user:doctor': (request) => requireRole(request, 'doctor'),
  doctor: staff('doctor'),
  pharmacist: staff('pharmacist'),
  // Already answered before validation by adminGuardPlugin; again here costs nothing.
  admin: requireAdmin,
};

/** The route's access: the console's by its URL, else what the route declares (undefined: undeclared). */
export function accessOfRoute(route: Pick<RouteOptions, 'url' | 'config'>): Access | undefined {
  if (isAdminUrl(route.url)) return 'admin';
  return route.config?.access;
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    if (declared !== undefined && !(declared in ACCESS_LEVELS))
      throw new Error(`${route.url}: unknown access '${declared}'`);
    if (isAdminUrl(route.url) && declared !== undefined && declared !== 'admin') {
      throw new Error(`${route.url}: the console's routes are admin-only, not '${declared}'`);
    }
    const access = accessOfRoute(route);
    if (!access) return;
    route.config = { ...route.config, access };
    const guard = GUARDS[access];
    if (!guard) return;
    // Before the route's own preHandlers, after validation: the status order stays what the
    // handlers' own require* calls gave (a bad body is still 400 before a missing session).
    const own = route.preHandler
      ? Array.isArray(route.preHandler)
        ? route.preHandler
        : [route.preHandler]
      : [];
    route.preHandler = [async (request: FastifyRequest) => void (await guard(request)), ...own];
  });
});
