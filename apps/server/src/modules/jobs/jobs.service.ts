// The background-work queue (DESIGN.md "background work": a `jobs` table claimed with
// FOR UPDATE SKIP LOCKED). A module registers a handler by name and enqueues work; every server
// process runs the jobs that are due, so several machines share one queue without running a job
// twice at once. Enqueuing nudges this process's worker, so on one machine the work starts within
// milliseconds; other processes find it at their next poll. A job that throws is retried with
// back-off until `maxAttempts`, then kept as `failed` with its last error. A job whose process died
// mid-run is claimed again once its lock lapses. Delivery is at least once: handlers are idempotent
// or harmless to repeat.
import { and, count, eq, inArray, isNull, like, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';

export type JobHandler = (payload: Record<string, unknown>, job: { id: string; attempt: number }) => Promise<void>;

export interface EnqueueOptions {
  /** Enqueue inside the caller's transaction, so the job exists exactly when the change does. */
  tx?: DbOrTx;
  /** A second enqueue with the same key is a no-op (the first job, done or not, stands). */
  singletonKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export interface JobQueueOptions {
  db: Db;
  now?: () => Date;
  log?: FastifyBaseLogger | undefined;
  /** How often an idle process looks for due work (jobs from other processes, retries). */
  pollIntervalMs?: number;
  /** How long a claimed job is held before another process may take it over. */
  lockMs?: number;
  /** How long finished jobs are kept (then pruned; jobs with a singleton key are kept). */
  keepDoneMs?: number;
  /** A handler still running after this long counts as failed (default: 80 % of the lock). */
  handlerTimeoutMs?: number;
  /** Told of each job this process finishes (issue 20: the jobs_finished_total metric). */
  onFinished?: (kind: string, outcome: 'done' | 'retry' | 'failed') => void;
}

const MINUTE = 60_000;
const RECURRING_PREFIX = 'every:';

class HandlerTimedOut extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
  }
}

/** Retry back-off: 5 s, 10 s, 20 s … capped at an hour. */
export const retryDelayMs = (attempt: number) => Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 60 * MINUTE);

export function createJobQueue(options: JobQueueOptions) {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const lockMs = options.lockMs ?? 5 * MINUTE;
  const keepDoneMs = options.keepDoneMs ?? 7 * 24 * 60 * MINUTE;
  const handlerTimeoutMs = options.handlerTimeoutMs ?? Math.round(lockMs * 0.8);
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastPrune = 0;
  // All of this process's work runs on one chain: a nudge while it runs adds one more pass.
  let chain: Promise<number> = Promise.resolve(0);
  let pending = false;
  let startQueued: Promise<void> = Promise.resolve();

  /** Claims one due job (queued and due, or running with a lapsed lock) of a known name. */
  async function claim() {
    const at = now();
    const names = [...handlers.keys()];
    if (names.length === 0) return null;
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, names),
          or(and(eq(jobs.status, 'queued'), lte(jobs.runAt, at)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, at))),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(1)
      .for('update', { skipLocked: true });
    // The attempt is counted when claimed, so a job that kills its process (or is cut off by a
    // shutdown) still reaches `failed` after maxAttempts takeovers instead of being retried forever.
    const [job] = await db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: new Date(at.getTime() + lockMs) })
      .where(inArray(jobs.id, due))
      .returning();
    return job ?? null;
  }

  /** The handler, failed after `handlerTimeoutMs` (shorter than the lock, so no one takes it over meanwhile). */
  function runHandler(handler: JobHandler, job: { id: string; payload: Record<string, unknown>; attempts: number }) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HandlerTimedOut(handlerTimeoutMs)), handlerTimeoutMs);
    });
    return Promise.race([handler(job.payload, { id: job.id, attempt: job.attempts }), timeout]).finally(() => clearTimeout(timer));
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const attempt = job.attempts;
    // Only the holder of this attempt may finish it (a process whose lock lapsed must not
    // overwrite the one that took the job over).
    const mine = and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, attempt));
    const handler = handlers.get(job.name)!;
    if (attempt > job.maxAttempts) {
      // Taken over after its last attempt died with its process.
      log?.error({ jobId: job.id, job: job.name, attempt }, 'background job failed for good (its process stopped)');
      await db.update(jobs).set({ status: 'failed', lockedUntil: null, finishedAt: now(), lastError: job.lastError ?? 'the process running it stopped' }).where(mine);
      options.onFinished?.(job.name, 'failed');
      return true;
    }
    try {
      await runHandler(handler, job);
      await db.update(jobs).set({ status: 'done', lockedUntil: null, finishedAt: now(), lastError: null }).where(mine);
      options.onFinished?.(job.name, 'done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = attempt >= job.maxAttempts;
      if (giveUp) log?.error({ err: error, jobId: job.id, job: job.name, attempt }, 'background job failed for good');
      else log?.warn({ err: error, jobId: job.id, job: job.name, attempt }, 'background job failed; will retry');
      await db
        .update(jobs)
        .set(
          giveUp
            ? { status: 'failed', lockedUntil: null, finishedAt: now(), lastError: message }
            : { status: 'queued', lockedUntil: null, runAt: retryAt(job, attempt, error), lastError: message },
        )
        .where(mine);
      options.onFinished?.(job.name, giveUp ? 'failed' : 'retry');
    }
    return true;
  }

  /**
   * When a failed attempt may be tried again. A handler that timed out is not stopped (a promise
   * cannot be), so it may still be sending a mail: no one takes the job before this attempt's lock
   * runs out, as if its process had died (issue 20: a job runs once across workers).
   */
  function retryAt(job: { lockedUntil: Date | null }, attempt: number, error: unknown): Date {
    const backOff = now().getTime() + retryDelayMs(attempt);
    const lockEnds = error instanceof HandlerTimedOut && job.lockedUntil ? job.lockedUntil.getTime() : 0;
    return new Date(Math.max(backOff, lockEnds));
  }

  /** Runs due jobs until none is left; the number run. */
  async function runDue(): Promise<number> {
    let ran = 0;
    while (!stopped && (await runOne())) ran++;
    return ran;
  }

  async function prune() {
    const at = now().getTime();
    if (at - lastPrune < 60 * MINUTE) return;
    lastPrune = at;
    // Jobs with a singleton key stay: their row is what keeps a repeat (a Pay replayed weeks
    // later) from sending the same mail again.
    // A recurring job's key only keeps its period from running twice: past periods go too.
    await db
      .delete(jobs)
      .where(and(eq(jobs.status, 'done'), or(isNull(jobs.singletonKey), like(jobs.singletonKey, `${RECURRING_PREFIX}%`)), lt(jobs.finishedAt, new Date(at - keepDoneMs))));
  }

  /**
   * Recurring jobs (`every`): one run a period whatever the number of processes, as a job keyed by
   * its period; each run first queues the next. A process's start also queues one run at once.
   */
  const recurring = new Map<string, number>();
  const periodKey = (name: string, periodMs: number, at: Date) => `${RECURRING_PREFIX}${name}:${Math.floor(at.getTime() / periodMs)}`;
  async function queueNextPeriod(name: string, periodMs: number) {
    const next = new Date((Math.floor(now().getTime() / periodMs) + 1) * periodMs);
    await enqueue(name, {}, { singletonKey: periodKey(name, periodMs, next), runAt: next });
  }

  async function enqueue(name: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<void> {
    await (opts.tx ?? db)
      .insert(jobs)
      .values({
        name,
        payload,
        runAt: opts.runAt ?? now(),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
      })
      .onConflictDoNothing();
    // Inside a transaction the row is not visible yet: the caller nudges after commit (or the poll finds it).
    if (!opts.tx && timer) setImmediate(() => void kick());
  }

  /** Adds a pass to the chain (at most one waiting): the promise settles when that pass is done. */
  function kick(): Promise<number> {
    if (pending) return chain;
    pending = true;
    chain = chain
      .catch(() => 0)
      .then(() => {
        pending = false;
        return runDue();
      })
      .catch((error: unknown) => {
        log?.error({ err: error }, 'background job queue could not be read');
        return 0;
      });
    return chain;
  }

  return {
    /** Names the code that runs `name` jobs; one handler a name. */
    register(name: string, handler: JobHandler): void {
      if (handlers.has(name)) throw new Error(`A handler for background job "${name}" is already registered`);
      handlers.set(name, handler);
    },

    /** Queues a job; this process starts on it at once (after the caller's transaction, if any). */
    enqueue,

    /**
     * Runs `handler` every `periodMs` (once a period across all processes; the period's job is
     * keyed by it) and once when a process starts. The handler must be safe to run twice.
     */
    every(name: string, periodMs: number, handler: JobHandler): void {
      if (handlers.has(name)) throw new Error(`A handler for background job "${name}" is already registered`);
      recurring.set(name, periodMs);
      handlers.set(name, async (payload, job) => {
        await queueNextPeriod(name, periodMs);
        await handler(payload, job);
      });
    },

    /** Looks for due work now (after committing a transaction that enqueued some). */
    nudge(): void {
      if (timer) setImmediate(() => void kick());
    },

    /** Starts this process's worker: due jobs now, then a look every `pollIntervalMs`. */
    start(): void {
      if (timer) return;
      stopped = false;
      timer = setInterval(() => {
        void kick();
        void prune().catch((error: unknown) => log?.warn({ err: error }, 'finished jobs not pruned'));
      }, options.pollIntervalMs ?? 2000);
      timer.unref();
      // Recurring jobs run at start too (then each period): the start's run is a plain job.
      startQueued = Promise.all([...recurring].map(([name, periodMs]) => Promise.all([enqueue(name, {}), queueNextPeriod(name, periodMs)])))
        .then(() => undefined)
        .catch((error: unknown) => log?.error({ err: error }, 'recurring jobs not queued'));
      void startQueued.then(() => kick());
    },

    /** Resolves once `start` has queued its recurring jobs' runs (tests wait for it before draining). */
    started(): Promise<void> {
      return startQueued;
    },

    /** Stops polling and waits for the job under way (server shutdown). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopped = true;
      await chain.catch(() => undefined);
    },

    /**
     * Runs every job that is due now and waits for them (tests; a one-off script), including jobs a
     * pass started meanwhile took (a nudge after Pay): drain's own pass skips a job another pass has
     * locked, and must not answer before that one is done.
     */
    async drain(): Promise<number> {
      let total = 0;
      let ran: number;
      do {
        await chain.catch(() => undefined);
        stopped = false;
        ran = await runDue();
        total += ran;
      } while (ran > 0);
      await chain.catch(() => undefined);
      return total;
    },

    /**
     * Jobs whose key starts with one of `prefixes`, oldest first (issue 18: an order's mails, each a
     * job keyed by the order). At most `limit`.
     */
    async listByKeyPrefixes(prefixes: readonly string[], limit = 200) {
      if (prefixes.length === 0) return [];
      const escape = (p: string) => p.replace(/[\\%_]/g, (c) => `\\${c}`);
      return db
        .select()
        .from(jobs)
        .where(or(...prefixes.map((p) => like(jobs.singletonKey, `${escape(p)}%`))))
        .orderBy(jobs.createdAt)
        .limit(limit);
    },

    /** How many jobs of each kind are in each state (issue 20: the `jobs` metric, read at each scrape). */
    async stateCounts(): Promise<{ kind: string; state: string; count: number }[]> {
      const rows = await db.select({ kind: jobs.name, state: jobs.status, count: count() }).from(jobs).groupBy(jobs.name, jobs.status);
      return rows.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.count) }));
    },

    /** Jobs due now that no worker has taken yet (issue 20: the queue depth). */
    async dueCount(): Promise<number> {
      const [row] = await db.select({ count: count() }).from(jobs).where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now())));
      return Number(row?.count ?? 0);
    },

    /** A job's state (tests and support). */
    async byKey(singletonKey: string) {
      const [job] = await db.select().from(jobs).where(eq(jobs.singletonKey, singletonKey)).limit(1);
      return job ?? null;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
