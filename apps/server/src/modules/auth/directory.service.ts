// The company's people as the operator's console reads them (issue 18): patients found by email
// (exact or its beginning, any case) for the order search, names and roles for the timeline and
// the audit viewer, and the company's staff (whose actions the audit viewer shows). Always within
// one company. Part of the auth service: auth.service.ts composes the parts over one AuthCore.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { users } from '../../db/schema/auth.ts';
import type { AuthCore } from './auth.core.ts';

export interface PersonSummary {
  id: string;
  companyId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  role: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createDirectory(core: Pick<AuthCore, 'db'>) {
  const { db } = core;
  return {
    /** Ids of the company's people whose email is `email` (any case), or starts with it when `prefix`. At most `limit`. */
    async userIdsByEmail(companyId: string, email: string, opts: { prefix: boolean; limit?: number }): Promise<string[]> {
      const needle = email.trim().toLowerCase();
      if (!needle) return [];
      const match = opts.prefix
        ? sql`lower(${users.email}) like ${`${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
        : sql`lower(${users.email}) = ${needle}`;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), match))
        .limit(opts.limit ?? 1000);
      return rows.map((r) => r.id);
    },

    /** These people (unknown ids are left out), by id. */
    async peopleByIds(ids: readonly string[]): Promise<Map<string, PersonSummary>> {
      const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, companyId: users.companyId, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone, role: users.role })
        .from(users)
        .where(inArray(users.id, wanted));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** The company's staff (everyone but patients): the audit viewer shows what they did anywhere. */
    async staffIdsOf(companyId: string): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), ne(users.role, 'patient')));
      return rows.map((r) => r.id);
    },
  };
}
