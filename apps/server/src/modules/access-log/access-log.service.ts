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

/** The row's hash: sha256 of the previous hash and the row's fields, in a fixed order. */
export function hashOf(previousHash: string, row: Pick<AccessLogRow, 'actorUserId' | 'actorRole' | 'patientId' | 'storefrontId' | 'what' | 'recordId' | 'reason' | 'at'>): string {
  const fields = [row.actorUserId, row.actorRole, row.patientId ?? '', row.storefrontId ?? '', row.what, row.recordId, row.reason, row.at.toISOString()];
  return createHash('sha256').update(previousHash).update(JSON.stringify(fields)).digest('hex');
}

/** Whether the rows (in id order, from the first) form an unbroken chain. */
export function verifyChain(rows: readonly AccessLogRow[]): { ok: true } | { ok: false; brokenAt: number } {
  let previous = GENESIS_HASH;
  for (const row of rows) {
    if (row.previousHash !== previous || row.hash !== hashOf(previous, row)) return { ok: false, brokenAt: row.id };
    previous = row.hash;
  }
  return { ok: true };
}

export function createAccessLogService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
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
      return (await repo.forPatient(db, patientId)).map((r) => ({
        id: r.id,
        actorUserId: r.actorUserId,
        actorRole: r.actorRole,
        what: r.what,
        recordId: r.recordId,
        reason: r.reason,
        at: r.at.toISOString(),
      }));
    },

    /** Checks the whole chain (operations, tests). */
    async verify(): Promise<{ ok: true } | { ok: false; brokenAt: number }> {
      return verifyChain(await repo.all(db));
    },
  };
}
export type AccessLogService = ReturnType<typeof createAccessLogService>;
