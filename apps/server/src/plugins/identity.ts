// Who is calling: a guest session, a signed-in person, or nobody. Read from the HttpOnly `sid`
// cookie (web) or `Authorization: Bearer` (API clients). A session only counts on the storefront
// it was made on. Routes then call requireIdentity / requireUser / requireRole.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound, problem } from '../lib/problem.ts';
import { actorOf, type AuditContext } from '../modules/audit/audit.service.ts';
import type { Identity, Role, SessionService } from '../modules/auth/sessions.service.ts';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyInstance {
    /** Session cookies are always Secure (NODE_ENV=production: the store runs behind HTTPS). */
    alwaysSecureCookies: boolean;
  }
}

function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return request.cookies[SESSION_COOKIE];
}

function isLocalHost(host: string | undefined): boolean {
  const name = (host ?? '').split(':')[0]?.toLowerCase() ?? '';
  return name === 'localhost' || name === '127.0.0.1' || name === '[::1]' || name.endsWith('.localhost');
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Production always; elsewhere unless the request is plain http on a local host (development).
    secure: request.server.alwaysSecureCookies || request.protocol === 'https' || !isLocalHost(request.headers.host),
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Who owns a patient's record (an order, a consult, an upload): a guest session or a signed-in person. */
export type Owner = { kind: 'guest'; guestSessionId: string } | { kind: 'user'; userId: string };

export function ownerOfIdentity(identity: Identity): Owner {
  return identity.kind === 'user' ? { kind: 'user', userId: identity.userId } : { kind: 'guest', guestSessionId: identity.sessionId };
}

/** The caller as an owner, or null with no session. */
export function ownerOf(request: FastifyRequest): Owner | null {
  return request.identity ? ownerOfIdentity(request.identity) : null;
}

/** The owner of a record being read or changed; nobody owns nothing, so no session is a 404 (never 401: that would confirm the record). */
export function requireOwner(request: FastifyRequest): Owner {
  const owner = ownerOf(request);
  if (!owner) throw notFound();
  return owner;
}

/** Who did it and from where, for the audit events of a request's change. */
export function auditContext(request: FastifyRequest): AuditContext {
  return { actor: actorOf(request.identity), storefrontId: request.storefront?.id ?? null, ip: request.ip, requestId: request.id };
}

export { actorOf };

/** The caller's identity for reading one of their records; no session owns nothing, so a 404. */
export function requireIdentity404(request: FastifyRequest): Identity {
  if (!request.identity) throw notFound();
  return request.identity;
}

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw problem(401, 'UNAUTHORIZED');
  return request.identity;
}

export function requireUser(request: FastifyRequest): Extract<Identity, { kind: 'user' }> {
  const identity = request.identity;
  if (!identity || identity.kind !== 'user') throw problem(401, 'UNAUTHORIZED');
  return identity;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]) {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw new AppError(403, 'FORBIDDEN', 'You do not have access to this.');
  return user;
}

export const identityPlugin = fp(async (
  app: FastifyInstance,
  { sessions, alwaysSecureCookies = false }: { sessions: SessionService; alwaysSecureCookies?: boolean },
) => {
  app.decorate('alwaysSecureCookies', alwaysSecureCookies);
  app.decorateRequest('identity', null);
  // Before validation, so a guard (the operator's console, issue 18) can answer 404 to the wrong
  // caller before a body's field messages would confirm that the route exists.
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = tokenFrom(request);
    if (!token) return;
    const identity = await sessions.resolve(token);
    // A token made on one storefront is not valid on another brand's host.
    if (identity && request.storefront && identity.storefrontId !== request.storefront.id) return;
    request.identity = identity;
  });
});
