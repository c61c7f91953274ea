// Who may use the operator's console (issue 18): a signed-in admin, for their own company only.
// Everyone else (nobody, a guest, a patient, a doctor, a pharmacist) gets the 404 an unknown route
// gives, so the console does not even confirm it exists. An admin's session is bound to the
// storefront it was made on (plugins/identity), and every account belongs to that storefront's
// company, so the company is the request's storefront's. A storefront, product, order … of another
// company answers 404 like an unknown id.
import type { StorefrontConfig } from '@store/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../lib/problem.ts';
import { auditContext } from '../../plugins/identity.ts';
import type { AuditContext } from '../audit/audit.service.ts';
import type { StorefrontService } from '../storefronts/storefronts.service.ts';

export interface AdminActor {
  userId: string;
  companyId: string;
  /** Who did it and from where, for the audit events of the admin's change. */
  audit: AuditContext;
}

/** The signed-in admin, or the 404 of an unknown route. */
export function requireAdmin(request: FastifyRequest): AdminActor {
  const identity = request.identity;
  if (!identity || identity.kind !== 'user' || identity.role !== 'admin' || !request.storefront) throw notFound();
  return { userId: identity.userId, companyId: request.storefront.companyId, audit: auditContext(request) };
}

/** The admin's company's storefronts, and one of them by id (404 for another company's or an unknown one). */
export function createAdminStorefronts(deps: { storefronts: Pick<StorefrontService, 'list' | 'getById'> }) {
  return {
    async mine(admin: Pick<AdminActor, 'companyId'>): Promise<StorefrontConfig[]> {
      return (await deps.storefronts.list()).filter((s) => s.companyId === admin.companyId);
    },
    async one(admin: Pick<AdminActor, 'companyId'>, storefrontId: string): Promise<StorefrontConfig> {
      const storefront = await deps.storefronts.getById(storefrontId).catch(() => null);
      if (!storefront || storefront.companyId !== admin.companyId) throw notFound();
      return storefront;
    },
    /** Ids of the admin's storefronts (for filtering a company-wide list: orders, audit events). */
    async idsOf(admin: Pick<AdminActor, 'companyId'>): Promise<string[]> {
      return (await this.mine(admin)).map((s) => s.id);
    },
  };
}
export type AdminStorefronts = ReturnType<typeof createAdminStorefronts>;

/** Whether a URL (a request's, or a route's path) is the operator's console. */
export function isAdminUrl(url: string): boolean {
  return url === '/api/admin' || url.startsWith('/api/admin/') || url.startsWith('/api/admin?');
}

/**
 * Every /api/admin route answers 404 to anyone but an admin, before its body or query is validated
 * (a patient's bad body must not get field messages that confirm the route exists). Registered
 * once at the root, after the identity plugin; routes still call requireAdmin for the actor.
 */
export const adminGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (isAdminUrl(request.url)) requireAdmin(request);
  });
});
