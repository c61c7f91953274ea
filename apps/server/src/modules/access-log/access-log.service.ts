// Who looked at a patient's health data (DESIGN.md "Identity": a staff member's read of answers,
// uploads, labs or prescriptions is written with a reason; DATA-MODEL.md access_log). Append only,
// and a hash chain: each row's hash is sha256 over the previous row's hash and its own fields, so
// a changed or removed row breaks every hash after it. Writers take a transaction-level advisory
// lock before reading the chain's end, so two requests never both link to the same row (a fork).
import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { accessLogRepo as repo, type AccessLogRow } from './access-log.repo.ts';

export const GENESIS_HASH = '0'.repeat(64);

export interface AccessEntry {
  /** The staff member's user id. */
  actor: string;
  role: string;
  patientId: string | null;
  storefrontId: string | null;
  /** What was read: "consult_answers", "upload", ... */
  what: string;
  recordId: string;
  /** Why: "review_claim:<order id>". */
  reason: string;
}

export interface AccessLogView {
  id: number;
  actorUserId: string;
  actorRole: string;
  what: string;
  recordId: string;
  reason: string;
  at: string;
}

/** An entry with the storefront it was read for (the account's "who looked at my records"). */
export interface AccessLogEntryRow extends AccessLogView {
  storefrontId: string | null;
}

const viewOf = (r: AccessLogRow): AccessLogView => ({
  id: r.id,
  actorUserId: r.actorUserId,
  actorRole: r.actorRole,
  what: r.what,
  recordId: r.recordId,
  reason: r.reason,
  at: r.at.toISOString(),
});

/** The row's hash: sha256 of the previous hash and the row's fields, in a fixed order. */
export function hashOf(previousHash: string, row: Pick<AccessLogRow, 'actorUserId' | 'actorRole' | 'patientId' | 'storefrontId' | 'what' | 'recordId' | 'reason' | 'at'>): string {
  const fields = [row.actorUserId, row.actorRole, row.patientId ?? '', row.storefrontId ?? '', row.what, row.recordId, row.reason, row.at.toISOString()];
  return createHash('sha256').update(previousHash).update(JSON.stringify(fields)).digest('hex');
}

/** Why a link is broken: the entry does not name the one before, or its own fields were changed. */
export type ChainBreak = { ok: false; brokenAt: number; reason: 'previous_hash' | 'hash' };
export type ChainResult = { ok: true } | ChainBreak;

/** A walk along the chain, fed rows in id order from the first; it stops at the first broken link. */
export function chainWalker() {
  let previous = GENESIS_HASH;
  let count = 0;
  return {
    /** The first broken link among these rows, or null when they extend the chain. */
    feed(rows: readonly AccessLogRow[]): ChainBreak | null {
      for (const row of rows) {
        if (row.previousHash !== previous) return { ok: false, brokenAt: row.id, reason: 'previous_hash' };
        if (row.hash !== hashOf(previous, row)) return { ok: false, brokenAt: row.id, reason: 'hash' };
        previous = row.hash;
        count += 1;
      }
      return null;
    },
    get count() {
      return count;
    },
  };
}

/** Whether the rows (in id order, from the first) form an unbroken chain; the first broken link if not. */
export function verifyChain(rows: readonly AccessLogRow[]): ChainResult {
  return chainWalker().feed(rows) ?? { ok: true };
}

export function createAccessLogService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  /**
   * Walks the whole chain `batch` rows at a time (never all in memory): how many entries link
   * up, and the first broken link if any (the verify command).
   */
  async function walk(batch = 1000): Promise<{ entries: number; broken: ChainBreak | null }> {
    const walker = chainWalker();
    let afterId = 0;
    for (;;) {
      const rows = await repo.after(db, afterId, batch);
      const broken = walker.feed(rows);
      if (broken || rows.length < batch) return { entries: walker.count, broken };
      afterId = rows[rows.length - 1]!.id;
    }
  }

  return {
    /** Appends one entry in the caller's transaction (the read it records commits with it). */
    async record(tx: DbOrTx, entry: AccessEntry): Promise<void> {
      await repo.lockChain(tx);
      const previousHash = (await repo.lastHash(tx)) ?? GENESIS_HASH;
      // Millisecond precision, as the timestamptz column keeps it, so the hash verifies after a read.
      const at = new Date(now().getTime());
      const row = {
        actorUserId: entry.actor,
        actorRole: entry.role,
        patientId: entry.patientId,
        storefrontId: entry.storefrontId,
        what: entry.what,
        recordId: entry.recordId,
        reason: entry.reason,
        at,
      };
      await repo.insert(tx, { ...row, previousHash, hash: hashOf(previousHash, row) });
    },

    /** Who read this patient's data, oldest first. */
    async forPatient(patientId: string): Promise<AccessLogView[]> {
      return (await repo.forPatient(db, patientId)).map(viewOf);
    },

    /** One page of who read this patient's data, newest first, and how many entries there are. */
    async pageForPatient(patientId: string, page: number, pageSize: number): Promise<{ entries: AccessLogEntryRow[]; total: number }> {
      const [rows, total] = await Promise.all([repo.pageOfPatient(db, patientId, pageSize, (page - 1) * pageSize), repo.countOfPatient(db, patientId)]);
      return { entries: rows.map((r) => ({ ...viewOf(r), storefrontId: r.storefrontId })), total };
    },

    walk,

    /** Checks the whole chain (operations, tests). */
    async verify(): Promise<ChainResult> {
      return (await walk()).broken ?? { ok: true };
    },
  };
}
export type AccessLogService = ReturnType<typeof createAccessLogService>;
