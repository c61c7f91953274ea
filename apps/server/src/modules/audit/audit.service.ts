// The audit log (DATA-MODEL.md audit_events): every sign-in, failure, code send, reset and
// password change, and whatever other modules record. Details must never carry PHI: ids, reasons,
// channels and counts only. A request's actor, storefront, IP and request id: plugins/identity auditContext.
import type { AuditChange } from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Identity } from '../auth/sessions.service.ts';
import { createAuditRepo, type AuditEventRow, type AuditSearch } from './audit.repo.ts';
export type { AuditEventRow, AuditSearch };

export type AuditActor =
  | { type: 'user'; id: string }
  | { type: 'guest'; id: string }
  | { type: 'anonymous' }
  | { type: 'system' };

export interface AuditEvent {
  action: string;
  actor?: AuditActor;
  subject?: { type: string; id: string };
  storefrontId?: string | null;
  ip?: string | null;
  requestId?: string | null;
  details?: Record<string, string | number | boolean | null>;
  /**
   * An operator's change (issue 18): the changed fields before and after, kept as details.before
   * and details.after. Configuration only (a price, a theme colour, a refund's amount), never a
   * patient's data.
   */
  change?: AuditChange;
}

/** The caller as the audit log names them: a patient, a guest session, or nobody. */
export function actorOf(identity: Identity | null | undefined): AuditActor {
  if (!identity) return { type: 'anonymous' };
  return identity.kind === 'user' ? { type: 'user', id: identity.userId } : { type: 'guest', id: identity.sessionId };
}

/** Who did it, from where: the one request context every module's audit events take (plugins/identity `auditContext`). */
export type AuditContext = Pick<AuditEvent, 'actor' | 'storefrontId' | 'ip' | 'requestId'>;

/** Keys that must never reach the log, whatever a caller passes. */
const FORBIDDEN_DETAIL_KEYS =
  /^(email|phone|phoneNumber|password|.*Password|code|passcode|token|address|dob|dateOfBirth|firstName|lastName|fullName|name)$/i;

export function createAuditService(deps: { db: Db; now: () => Date }) {
  const { now } = deps;
  const repo = createAuditRepo(deps.db);

  function toRow(event: AuditEvent) {
    const actor = event.actor ?? { type: 'anonymous' as const };
    const details: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(event.details ?? {})) {
      if (!FORBIDDEN_DETAIL_KEYS.test(key)) details[key] = value;
    }
    if (event.change) {
      details.before = event.change.before;
      details.after = event.change.after;
    }
    return {
      at: now(),
      actorType: actor.type,
      actorId: 'id' in actor ? actor.id : null,
      action: event.action,
      subjectType: event.subject?.type ?? null,
      subjectId: event.subject?.id ?? null,
      storefrontId: event.storefrontId ?? null,
      ip: event.ip ?? null,
      requestId: event.requestId ?? null,
      details,
    };
  }

  async function recordAll(events: readonly AuditEvent[], tx?: DbOrTx): Promise<void> {
    const target = tx ? createAuditRepo(tx) : repo;
    await target.insert(events.map(toRow));
  }

  return {
    /** Record an event; pass `tx` to write it in the same transaction as the change it describes. */
    record(event: AuditEvent, tx?: DbOrTx): Promise<void> {
      return recordAll([event], tx);
    },

    /** Several events of one change, written in one statement (in `tx` when given). */
    recordAll,

    list(
      filter: { action?: string; actorId?: string; subjectId?: string; limit?: number } = {},
    ): Promise<AuditEventRow[]> {
      return repo.list(filter);
    },

    /** issue 18: the operator's audit viewer, one company's events, newest first (see AuditSearch). */
    search(filter: AuditSearch, page: { limit: number; offset: number }): Promise<{ rows: AuditEventRow[]; total: number }> {
      return repo.search(filter, page);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
