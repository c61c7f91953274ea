// Drizzle queries of the auth module: people, one-time codes, reset links and ECP invitations.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ecpInvitations, oneTimeCodes, passwordResets, users } from '../../db/schema/auth.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type CodeRow = typeof oneTimeCodes.$inferSelect;
export type EcpInvitationRow = typeof ecpInvitations.$inferSelect;

/** Postgres unique_violation, from `pg` or PGlite (which may wrap it). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export function createAuthRepo(db: DbOrTx) {
  return {
    async findUserByEmail(companyId: string, email: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = lower(${email})`))
        .limit(1);
      return rows[0];
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },
    async insertUser(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      return row!;
    },
    async updateUser(id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row;
    },

    /** One live code per company, purpose and email: a new send replaces the old code. */
    async upsertCode(code: typeof oneTimeCodes.$inferInsert): Promise<CodeRow> {
      const [row] = await db
        .insert(oneTimeCodes)
        .values(code)
        .onConflictDoUpdate({
          target: [oneTimeCodes.companyId, oneTimeCodes.purpose, oneTimeCodes.email],
          set: {
            storefrontId: code.storefrontId,
            userId: code.userId ?? null,
            codeHash: code.codeHash,
            channels: code.channels,
            tries: 0,
            createdAt: code.createdAt,
            expiresAt: code.expiresAt,
            usedAt: null,
          },
        })
        .returning();
      return row!;
    },
    async findCode(
      companyId: string,
      purpose: CodeRow['purpose'],
      email: string,
    ): Promise<CodeRow | undefined> {
      const rows = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.companyId, companyId),
            eq(oneTimeCodes.purpose, purpose),
            eq(oneTimeCodes.email, email),
          ),
        )
        .limit(1);
      return rows[0];
    },
    /** Counts a wrong try; returns the new count, or undefined if the code is already dead. */
    async countWrongTry(id: string, maxTries: number): Promise<number | undefined> {
      const [row] = await db
        .update(oneTimeCodes)
        .set({ tries: sql`${oneTimeCodes.tries} + 1` })
        .where(
          and(
            eq(oneTimeCodes.id, id),
            isNull(oneTimeCodes.usedAt),
            sql`${oneTimeCodes.tries} < ${maxTries}`,
          ),
        )
        .returning({ tries: oneTimeCodes.tries });
      return row?.tries;
    },
    /** Marks a live code used; false when it was used, spent or expired meanwhile (single use). */
    async consumeCode(id: string, at: Date, maxTries: number): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(oneTimeCodes.id, id),
            isNull(oneTimeCodes.usedAt),
            sql`${oneTimeCodes.tries} < ${maxTries}`,
            gt(oneTimeCodes.expiresAt, at),
          ),
        )
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },
    async killCodesOfUser(userId: string, at: Date): Promise<void> {
      await db
        .update(oneTimeCodes)
        .set({ usedAt: at })
        .where(and(eq(oneTimeCodes.userId, userId), isNull(oneTimeCodes.usedAt)));
    },

    async insertReset(reset: typeof passwordResets.$inferInsert): Promise<void> {
      await db.insert(passwordResets).values(reset);
    },
    async findLiveReset(tokenHash: string, at: Date) {
      const rows = await db
        .select({ reset: passwordResets, user: users })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, at),
          ),
        )
        .limit(1);
      return rows[0];
    },
    async consumeReset(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(passwordResets)
        .set({ usedAt: at })
        .where(
          and(
            eq(passwordResets.id, id),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, at),
          ),
        )
        .returning({ id: passwordResets.id });
      return rows.length === 1;
    },
    async killResetsOfUser(userId: string, at: Date): Promise<void> {
      await db
        .update(passwordResets)
        .set({ usedAt: at })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },

    async findEcpInvitation(
      storefrontId: string,
      peopleId: string,
      guid: string,
    ): Promise<EcpInvitationRow | undefined> {
      const rows = await db
        .select()
        .from(ecpInvitations)
        .where(
          and(
            eq(ecpInvitations.storefrontId, storefrontId),
            eq(ecpInvitations.peopleId, peopleId),
            eq(ecpInvitations.guid, guid),
          ),
        )
        .limit(1);
      return rows[0];
    },
    async findOpenEcpInvitationsByEmail(
      storefrontId: string,
      email: string,
    ): Promise<EcpInvitationRow[]> {
      return db
        .select()
        .from(ecpInvitations)
        .where(
          and(
            eq(ecpInvitations.storefrontId, storefrontId),
            sql`lower(${ecpInvitations.email}) = lower(${email})`,
            eq(ecpInvitations.used, false),
          ),
        )
        .limit(5);
    },
    async markEcpUsed(id: string, userId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(ecpInvitations)
        .set({ used: true, usedAt: at, usedByUserId: userId })
        .where(and(eq(ecpInvitations.id, id), eq(ecpInvitations.used, false)))
        .returning({ id: ecpInvitations.id });
      return rows.length === 1;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
