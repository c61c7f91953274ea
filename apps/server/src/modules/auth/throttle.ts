// Rate limits and back-off for sign-in, kept in the database (auth_throttle_events) so that every
// machine of the store counts the same attempts. Keys are HMACs of "account:<company>:<email>"
// or "ip:<address>", so the table holds no email addresses.
//
// An attempt is written *before* the check it guards runs ("insert, then count"), so a burst of
// parallel guesses all see each other; a success removes its own row again (and, for an account,
// the earlier failures: the patient proved who they are).
import { createHmac } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authThrottleEvents } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/problem.ts';
import { MESSAGES } from '@store/domain';

const HOUR_MS = 3_600_000;

export interface ThrottlePolicy {
  /** At most this many events per key in the last hour. */
  maxPerHour: number;
  /** After this many events in the hour, each next one waits 2^(n - free) s since the last... */
  backoffAfter?: number;
  /** ...up to this many seconds. */
  maxBackoffSeconds?: number;
  /** At least this many seconds between two events of one key. */
  cooldownSeconds?: number;
}

export interface ThrottleKey {
  bucket: string;
  key: string;
  policy: ThrottlePolicy;
}

export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, 'RATE_LIMITED', MESSAGES.RATE_LIMITED, {
    headers: { 'retry-after': String(seconds) },
  });
}

/** Seconds to wait before the next event, or 0 when it may go ahead. `prior` excludes this event. */
export function waitSeconds(
  policy: ThrottlePolicy,
  prior: { count: number; oldest: Date | null; latest: Date | null },
  at: Date,
): number {
  const now = at.getTime();
  if (prior.count >= policy.maxPerHour && prior.oldest) {
    return (prior.oldest.getTime() + HOUR_MS - now) / 1000;
  }
  if (prior.latest) {
    const since = (now - prior.latest.getTime()) / 1000;
    if (policy.cooldownSeconds && since < policy.cooldownSeconds)
      return policy.cooldownSeconds - since;
    if (policy.backoffAfter !== undefined && prior.count >= policy.backoffAfter) {
      const wait = Math.min(
        2 ** (prior.count - policy.backoffAfter + 1),
        policy.maxBackoffSeconds ?? 900,
      );
      if (since < wait) return wait - since;
    }
  }
  return 0;
}

export function createThrottle(deps: { db: Db; now: () => Date; secret: string }) {
  const { db, now, secret } = deps;
  const keyHash = (key: string) =>
    createHmac('sha256', secret).update(`throttle:${key}`).digest('base64url');

  async function prune(at: Date) {
    await db
      .delete(authThrottleEvents)
      .where(lt(authThrottleEvents.at, new Date(at.getTime() - 2 * HOUR_MS)));
  }

  return {
    keyHash,
    /**
     * Records one event for each key, then refuses (429 with Retry-After) if any key is over its
     * policy; a refused attempt leaves no rows. The returned handle removes the rows of keys marked
     * `forgetOnSuccess` when the guarded action succeeds.
     */
    async attempt(keys: ThrottleKey[]) {
      const at = now();
      if (Math.random() < 0.02) await prune(at);
      const inserted: { id: number; bucket: string; hash: string }[] = [];
      for (const k of keys) {
        const hash = keyHash(k.key);
        const [row] = await db
          .insert(authThrottleEvents)
          .values({ bucket: k.bucket, keyHash: hash, at })
          .returning({ id: authThrottleEvents.id });
        inserted.push({ id: row!.id, bucket: k.bucket, hash });
      }
      let wait = 0;
      for (const [i, k] of keys.entries()) {
        const mine = inserted[i]!;
        const [prior] = await db
          .select({
            count: sql<number>`count(*)::int`,
            oldest: sql<string | null>`min(${authThrottleEvents.at})`,
            latest: sql<string | null>`max(${authThrottleEvents.at})`,
          })
          .from(authThrottleEvents)
          .where(
            and(
              eq(authThrottleEvents.bucket, k.bucket),
              eq(authThrottleEvents.keyHash, mine.hash),
              gt(authThrottleEvents.at, new Date(at.getTime() - HOUR_MS)),
              ne(authThrottleEvents.id, mine.id),
            ),
          );
        wait = Math.max(
          wait,
          waitSeconds(
            k.policy,
            {
              count: prior?.count ?? 0,
              oldest: prior?.oldest ? new Date(prior.oldest) : null,
              latest: prior?.latest ? new Date(prior.latest) : null,
            },
            at,
          ),
        );
      }
      const removeMine = async (which: (index: number) => boolean) => {
        for (const [i, row] of inserted.entries()) {
          if (which(i))
            await db.delete(authThrottleEvents).where(eq(authThrottleEvents.id, row.id));
        }
      };
      if (wait > 0) {
        await removeMine(() => true);
        throw rateLimited(wait);
      }
      return {
        /** The guarded action succeeded: drop this attempt's rows (they were not failures). */
        async succeeded(options: { clearKeys?: string[] } = {}) {
          await removeMine(() => true);
          for (const key of options.clearKeys ?? []) {
            const k = keys.find((x) => x.key === key);
            if (k) {
              await db
                .delete(authThrottleEvents)
                .where(
                  and(
                    eq(authThrottleEvents.bucket, k.bucket),
                    eq(authThrottleEvents.keyHash, keyHash(key)),
                  ),
                );
            }
          }
        },
      };
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
