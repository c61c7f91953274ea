// Phone-order requests (SPEC §7 "POST phone-order request", §2; issue 17): a guest or a patient asks
// to be called and take their order by phone. The request is stored with the storefront (and the
// signed-in patient, if any) and the storefront's staff are told by mail at its support address —
// a background job queued in the same transaction, retried until it goes out. Requests are limited
// per IP address in the database (the throttle every process shares), so the form cannot be used
// to flood the staff's mailbox.
import type { phoneOrderInputSchema} from '@store/domain';
import { pageOffset, type AdminPhoneOrder, type AdminPhoneOrderPage, type PhoneOrderCreated, type StorefrontConfig } from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AccessLogService } from '../access-log/access-log.service.ts';
import type { AuditContext, AuditService } from '../audit/audit.service.ts';
import type { Throttle } from '../auth/throttle.ts';
import { notFound } from '../../lib/problem.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { phoneOrdersRepo as repo, type PhoneOrderRow } from './phone-orders.repo.ts';

export const PHONE_ORDER_NOTIFY_JOB = 'phone-orders.notify-staff';
/** Requests one address may send in an hour. */
export const PHONE_ORDERS_PER_IP_PER_HOUR = 5;

export type PhoneOrderRequest = z.output<typeof phoneOrderInputSchema>;

/** The staff's mail: who to call, on what number, when, and what they asked for. */
export function staffMail(row: Pick<PhoneOrderRow, 'name' | 'phone' | 'need' | 'bestTime' | 'createdAt'>, storefrontName: string) {
  const phone = row.phone.length === 10 ? `(${row.phone.slice(0, 3)}) ${row.phone.slice(3, 6)}-${row.phone.slice(6)}` : row.phone;
  return {
    subject: `Phone order request: please call ${row.name}`,
    heading: 'A customer asked to order by phone',
    paragraphs: [
      `${row.name} asked ${storefrontName} to call them to place an order.`,
      `Phone: ${phone}`,
      `Best time to call: ${row.bestTime}`,
      `What they need: ${row.need}`,
      `Sent ${row.createdAt.toISOString()}.`,
    ],
  };
}

export function createPhoneOrderService(deps: {
  db: Db;
  now: () => Date;
  jobs: Pick<JobQueue, 'register' | 'enqueue'>;
  notifications: Pick<NotificationService, 'email'>;
  storefronts: { getById(id: string): Promise<StorefrontConfig> };
  throttle: Pick<Throttle, 'attempt'>;
  audit: Pick<AuditService, 'record'>;
  accessLog: Pick<AccessLogService, 'record'>;
  /** Staff names for "handled by" (issue 18). */
  staffNames: (userIds: string[]) => Promise<Map<string, string>>;
  log?: FastifyBaseLogger | undefined;
}) {
  const { db, now, jobs, notifications, storefronts, throttle, audit, accessLog, staffNames, log } = deps;

  function view(row: PhoneOrderRow, names: Map<string, string>): AdminPhoneOrder {
    return {
      id: row.id,
      name: row.name,
      phone: row.phone,
      need: row.need,
      bestTime: row.bestTime,
      status: row.status,
      fromPatient: row.userId !== null,
      createdAt: row.createdAt.toISOString(),
      handledAt: row.handledAt?.toISOString() ?? null,
      handledBy: row.handledBy ? (names.get(row.handledBy) ?? 'A staff member') : null,
    };
  }

  jobs.register(PHONE_ORDER_NOTIFY_JOB, async (payload) => {
    const row = await repo.byId(db, String(payload.requestId));
    if (!row) return;
    const storefront = await storefronts.getById(row.storefrontId);
    const to = storefront.settings.supportEmail.trim();
    if (!to) {
      // Nowhere to send it: the request stays stored (status new) for staff to find.
      log?.warn({ requestId: row.id, storefrontId: row.storefrontId }, 'phone-order request stored; the storefront has no support email to tell');
      return;
    }
    await notifications.email(storefront, to, staffMail(row, storefront.name));
  });

  return {
    /**
     * POST /api/phone-orders: counts the caller's address first (429 with Retry-After when over the
     * hourly limit), then stores the request and queues the staff's mail in one transaction.
     */
    async request(input: { storefrontId: string; userId: string | null; ip: string | undefined; body: PhoneOrderRequest }): Promise<PhoneOrderCreated> {
      if (input.ip) await throttle.attempt([{ bucket: 'phone-order-ip', key: `ip:${input.ip}`, policy: { maxPerHour: PHONE_ORDERS_PER_IP_PER_HOUR } }]);
      const row = await db.transaction(async (tx) => {
        const created = await repo.insert(tx, {
          storefrontId: input.storefrontId,
          userId: input.userId,
          name: input.body.name,
          phone: input.body.phone,
          need: input.body.need,
          bestTime: input.body.bestTime,
          createdAt: now(),
        });
        await jobs.enqueue(PHONE_ORDER_NOTIFY_JOB, { requestId: created.id }, { tx, singletonKey: `${PHONE_ORDER_NOTIFY_JOB}:${created.id}`, maxAttempts: 10 });
        return created;
      });
      return { id: row.id, bestTime: row.bestTime };
    },

    /**
     * issue 18: a storefront's requests for the operator, newest first. What a patient asked for
     * may be health data, so reading a signed-in patient's request is written to the access log
     * (reason phone_order:<id>, which their "who looked at my records" names).
     */
    async listForStaff(
      staff: { userId: string; role: string },
      q: { storefrontId: string; status: 'new' | 'handled'; page: number; pageSize: number },
    ): Promise<AdminPhoneOrderPage> {
      // Names are read after the transaction: on PGlite (one connection) a read outside an open
      // transaction would wait for it forever.
      const { rows, counts } = await db.transaction(async (tx) => {
        const [rows, counts] = await Promise.all([
          repo.page(tx, { storefrontId: q.storefrontId, status: q.status, limit: q.pageSize, offset: pageOffset(q) }),
          repo.counts(tx, q.storefrontId),
        ]);
        for (const row of rows) {
          if (row.userId)
            await accessLog.record(tx, { actor: staff.userId, role: staff.role, patientId: row.userId, storefrontId: row.storefrontId, what: 'phone_order_request', recordId: row.id, reason: `phone_order:${row.id}` });
        }
        return { rows, counts };
      });
      const names = await staffNames([...new Set(rows.flatMap((r) => (r.handledBy ? [r.handledBy] : [])))]);
      return { items: rows.map((r) => view(r, names)), total: counts[q.status], page: q.page, pageSize: q.pageSize, counts };
    },

    /** issue 18: the operator called back: the request is handled (audited). 404 for an unknown, another storefront's or an already handled one. */
    async markHandled(staff: { userId: string; audit: AuditContext }, q: { storefrontId: string; id: string }): Promise<AdminPhoneOrder> {
      const row = await db.transaction(async (tx) => {
        const handled = await repo.markHandled(tx, { id: q.id, storefrontId: q.storefrontId, by: staff.userId, at: now() });
        if (!handled) throw notFound();
        await audit.record(
          { action: 'phone_order.handled', subject: { type: 'phone_order_request', id: handled.id }, ...staff.audit, storefrontId: q.storefrontId, change: { before: { status: 'new' }, after: { status: 'handled' } } },
          tx,
        );
        return handled;
      });
      return view(row, await staffNames([staff.userId]));
    },
  };
}
export type PhoneOrderService = ReturnType<typeof createPhoneOrderService>;
