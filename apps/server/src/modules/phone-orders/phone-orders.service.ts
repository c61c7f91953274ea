// Phone-order requests (SPEC §7 "POST phone-order request", §2; issue 17): a guest or a patient asks
// to be called and take their order by phone. The request is stored with the storefront (and the
// signed-in patient, if any) and the storefront's staff are told by mail at its support address —
// a background job queued in the same transaction, retried until it goes out. Requests are limited
// per IP address in the database (the throttle every process shares), so the form cannot be used
// to flood the staff's mailbox.
import type { phoneOrderInputSchema} from '@store/domain';
import { type PhoneOrderCreated, type StorefrontConfig } from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Throttle } from '../auth/throttle.ts';
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
  log?: FastifyBaseLogger | undefined;
}) {
  const { db, now, jobs, notifications, storefronts, throttle, log } = deps;

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
  };
}
export type PhoneOrderService = ReturnType<typeof createPhoneOrderService>;
