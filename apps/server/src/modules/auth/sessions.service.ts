// Opaque session tokens (256 bits, only their SHA-256 stored) for guests and signed-in people.
// Signed-in sessions end after SESSION_IDLE_MINUTES without use or SESSION_MAX_HOURS in all;
// guest sessions live GUEST_SESSION_DAYS so a returning guest can resume a cart.
import { isStaffRole, type UserRole } from '@store/domain';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/auth.ts';

export type Role = UserRole;

export type Identity =
  | { kind: 'guest'; sessionId: string; storefrontId: string }
  | { kind: 'user'; sessionId: string; storefrontId: string; userId: string; role: Role };

export interface SessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

/**
 * A staff member's session (issue 15: started only by the staff code step) is stored under its own
 * hash of the token, so a session made while the account was a patient's never counts as a staff
 * session once the account is made staff: the person signs in again with password and code.
 */
const staffTokenHash = (token: string): string =>
  createHash('sha256').update(`staff-session:${token}`).digest('base64url');

/** Refresh last-seen at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionService(deps: { db: Db; config: AppConfig; now: () => Date }) {
  const { db, config, now } = deps;
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const maxUserMs = config.SESSION_MAX_HOURS * 3_600_000;
  const maxGuestMs = config.GUEST_SESSION_DAYS * 86_400_000;

  async function insert(kind: 'guest' | 'user', storefrontId: string, userId: string | null, meta: SessionMeta, staff = false) {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    const [row] = await db
      .insert(sessions)
      .values({
        tokenHash: staff ? staffTokenHash(token) : hashToken(token),
        kind,
        userId,
        storefrontId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + (kind === 'guest' ? maxGuestMs : maxUserMs)),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .returning({ id: sessions.id });
    return { token, sessionId: row!.id };
  }

  return {
    createGuestSession(storefrontId: string, meta: SessionMeta = {}) {
      return insert('guest', storefrontId, null, meta);
    },

    /**
     * A new token at every sign-in (no fixation): the caller revokes the previous session. A staff
     * account's session is a staff session (the auth service starts one only after the code step).
     */
    async createUserSession(userId: string, storefrontId: string, meta: SessionMeta = {}) {
      const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
      return insert('user', storefrontId, userId, meta, user ? isStaffRole(user.role) : false);
    },

    /** The identity a token stands for, or null when unknown, revoked, idle or expired. */
    async resolve(token: string): Promise<Identity | null> {
      if (!token || token.length > 200) return null;
      const rows = await db
        .select({ session: sessions, role: users.role })
        .from(sessions)
        .leftJoin(users, eq(users.id, sessions.userId))
        .where(inArray(sessions.tokenHash, [hashToken(token), staffTokenHash(token)]))
        .limit(1);
      const row = rows[0];
      if (!row || row.session.revokedAt) return null;
      // A staff account counts only with a session its staff sign-in started (not one from before
      // the account was made staff).
      if (row.role && isStaffRole(row.role) && row.session.tokenHash !== staffTokenHash(token)) return null;
      const at = now().getTime();
      const session = row.session;
      if (session.expiresAt.getTime() <= at) return null;
      const idleLimit = session.kind === 'guest' ? maxGuestMs : idleMs;
      if (at - session.lastSeenAt.getTime() > idleLimit) return null;
      if (at - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: new Date(at) }).where(eq(sessions.id, session.id));
      }
      if (session.kind === 'user' && session.userId && row.role) {
        return {
          kind: 'user',
          sessionId: session.id,
          storefrontId: session.storefrontId,
          userId: session.userId,
          role: row.role,
        };
      }
      return { kind: 'guest', sessionId: session.id, storefrontId: session.storefrontId };
    },

    async revoke(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every session of a person, except (optionally) the one making the change. */
    async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
      await db.update(sessions).set({ revokedAt: now() }).where(and(...conditions));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
