// The operator's console, orders (issue 18; docs/decisions/011-operator-refunds.md): the company's
// order search and one order's page (orders, payments, fulfilment, the order's mails and the audit
// log: the timeline), cancel (the existing cancel paths: a hold voided, a charge refunded, then the
// order's status machine), refund (full or partial, once per key; the order follows a full refund
// when its status machine allows), resend one of the order's mails (a job, audited), the audit log
// viewer and the CSV exports of both lists. Company-scoped: every order id is read through the
// company's storefronts, and another company's is a 404 like an unknown one. Reading an order's
// page is a staff read of a patient's data: it is written to the access log (reason "support").
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ADMIN_EXPORT_ROW_LIMIT,
  ADMIN_ORDER_MESSAGES,
  canTransition,
  csvSafeCell,
  orderNumberOf,
  pageOffset,
  type AdminAuditEvent,
  type AdminAuditFilters,
  type AdminOrderDetail,
  type AdminOrderFilters,
  type AdminOrderMail,
  type AdminOrderRow,
  type AdminPage,
  type AdminPageQuery,
  type AdminTimelineEntry,
  type OrderStatus,
  type StorefrontConfig,
} from '@store/domain';
import { stringify } from 'csv-stringify';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/problem.ts';
import type { AccessLogService } from '../modules/access-log/access-log.service.ts';
import type { AdminActor, AdminStorefronts } from '../modules/admin/admin-access.ts';
import type { AuditEventRow, AuditService } from '../modules/audit/audit.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { PersonSummary } from '../modules/auth/directory.service.ts';
import type { FulfilmentService } from '../modules/fulfilment/fulfilment.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { OrdersService, OrderState } from '../modules/orders/orders.service.ts';
import type { PaymentsService, SettledRefund } from '../modules/payments/payments.service.ts';
import type { SchedulingService } from '../modules/scheduling/scheduling.service.ts';

/** The jobs that mail a patient about an order, by the start of their key (`<prefix><orderId>`). */
const MAIL_JOBS: { prefix: string; label: (rest: string) => string }[] = [
  { prefix: 'order-confirmation:', label: () => 'Order confirmation and receipt' },
  { prefix: 'order.notice:', label: (rest) => `Order update: ${rest.split(':')[0]!.replace(/_/g, ' ')}` },
  { prefix: 'visit-scheduled-mail:', label: () => 'Visit booked' },
];
const RESEND = ':resend:';

const ACTION_LABELS: Record<string, string> = {
  'payment.authorized': 'Card hold placed',
  'payment.captured': 'Payment captured',
  'payment.voided': 'Card hold released',
  'payment.failed': 'Payment failed',
  'payment.expired': 'Card hold lapsed',
  'payment.refund_requested': 'Refund requested',
  'payment.refunded_partially': 'Partial refund',
  'payment.refunded': 'Refunded in full',
  'payment.refund_failed': 'Refund refused by the card processor',
  'admin.order.mail_resent': 'Mail resent',
  'checkout.stage_completed': 'Checkout step completed',
};

const money = (cents: unknown) => (typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '');

/** The order's status follows a refund, in the refund's transaction: refunded in full → `refunded` where the state machine allows it. */
export function orderFollowsRefund(orders: Pick<OrdersService, 'state' | 'transition'>, audit?: { actor?: AdminActor['audit']['actor'] }) {
  return async (tx: DbOrTx, settled: SettledRefund): Promise<void> => {
    if (!settled.fullyRefunded) return; // a partial refund leaves the order where it is
    const state = await orders.state(tx, { orderId: settled.refund.orderId }, { forUpdate: true });
    if (!state || !canTransition(state.order.status, 'refunded')) return; // e.g. cancelled stays cancelled
    await orders.transition({ orderId: state.order.id, to: 'refunded', reason: 'refunded_in_full', tx, ...(audit?.actor ? { audit: { actor: audit.actor } } : {}) });
  };
}

/** A UTC day's start, and the next day's start (an inclusive `to`). */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export function createAdminOrderActions(deps: {
  db: Db;
  adminStorefronts: AdminStorefronts;
  orders: Pick<OrdersService, 'adminSearch' | 'state' | 'transition'>;
  payments: Pick<PaymentsService, 'paymentsForOrder' | 'refundsOfOrder' | 'refundedCentsOf' | 'refund' | 'cancelForOrder' | 'hasLivePayment' | 'paymentForOrder'>;
  auth: Pick<AuthService, 'userIdsByEmail' | 'peopleByIds' | 'staffIdsOf'>;
  audit: Pick<AuditService, 'record' | 'list' | 'search'>;
  accessLog: Pick<AccessLogService, 'record'>;
  fulfilment: Pick<FulfilmentService, 'ofOrders'>;
  jobs: Pick<JobQueue, 'enqueue' | 'listByKeyPrefixes' | 'byKey' | 'nudge'>;
  scheduling: Pick<SchedulingService, 'cancelLiveForOrderIn'>;
  storefronts: { getById(id: string): Promise<StorefrontConfig> };
}) {
  const { db, adminStorefronts, orders, payments, auth, audit, accessLog, fulfilment, jobs, scheduling } = deps;

  async function storefrontNames(admin: AdminActor): Promise<Map<string, string>> {
    return new Map((await adminStorefronts.mine(admin)).map((s) => [s.id, s.name]));
  }

  /** The company's order (another company's, or an unknown id: 404). */
  async function ownOrder(admin: AdminActor, orderId: string, tx: DbOrTx = db, forUpdate = false): Promise<OrderState> {
    const state = await orders.state(tx, { orderId }, { forUpdate });
    if (!state) throw notFound();
    const ids = await adminStorefronts.idsOf(admin);
    if (!ids.includes(state.order.storefrontId)) throw notFound();
    return state;
  }

  const personName = (p: Pick<PersonSummary, 'firstName' | 'lastName'> | undefined) => [p?.firstName, p?.lastName].filter(Boolean).join(' ');

  function patientNameOf(state: OrderState, people: Map<string, PersonSummary>): string {
    const person = state.order.userId ? people.get(state.order.userId) : undefined;
    return personName(person) || state.order.shipFullName || (state.order.userId ? 'Patient' : 'Guest');
  }

  /** Search filters as the orders repo takes them, or null when nothing can match. */
  async function whereOf(admin: AdminActor, filters: AdminOrderFilters) {
    const mine = await adminStorefronts.idsOf(admin);
    const storefrontIds = filters.storefrontId ? mine.filter((id) => id === filters.storefrontId) : mine;
    const userIds = filters.email ? await auth.userIdsByEmail(admin.companyId, filters.email, { prefix: true }) : undefined;
    return {
      storefrontIds,
      idPrefix: filters.number?.toLowerCase(),
      userIds,
      status: filters.status,
      from: filters.from ? dayStart(filters.from) : undefined,
      before: filters.to ? nextDay(filters.to) : undefined,
    };
  }

  async function rowsOf(admin: AdminActor, states: OrderState[]): Promise<AdminOrderRow[]> {
    const [names, people, refunded] = await Promise.all([
      storefrontNames(admin),
      auth.peopleByIds(states.map((s) => s.order.userId).filter((id): id is string => Boolean(id))),
      payments.refundedCentsOf(states.map((s) => s.order.id)),
    ]);
    return states.map((s) => ({
      id: s.order.id,
      orderNumber: orderNumberOf(s.order.id),
      status: s.order.status,
      storefrontId: s.order.storefrontId,
      storefrontName: names.get(s.order.storefrontId) ?? '',
      patientName: patientNameOf(s, people),
      patientEmail: s.order.userId ? (people.get(s.order.userId)?.email ?? null) : null,
      totalCents: s.order.totalCents,
      refundedCents: refunded.get(s.order.id) ?? 0,
      createdAt: s.order.createdAt.toISOString(),
    }));
  }

  // ---- mails ----------------------------------------------------------------------------------

  async function mailsOf(orderId: string): Promise<AdminOrderMail[]> {
    const rows = await jobs.listByKeyPrefixes(MAIL_JOBS.map((m) => `${m.prefix}${orderId}`));
    const mails: AdminOrderMail[] = [];
    for (const job of rows) {
      const key = job.singletonKey!;
      if (key.endsWith(':sms')) continue;
      const kind = MAIL_JOBS.find((m) => key.startsWith(`${m.prefix}${orderId}`));
      if (!kind) continue;
      const original = key.includes(RESEND) ? key.slice(0, key.indexOf(RESEND)) : key;
      const rest = original.slice(`${kind.prefix}${orderId}`.length).replace(/^:/, '');
      mails.push({
        key,
        kind: job.name,
        label: kind.label(rest),
        status: job.status === 'done' ? 'sent' : job.status,
        queuedAt: job.createdAt.toISOString(),
        sentAt: job.status === 'done' ? (job.finishedAt?.toISOString() ?? null) : null,
        resend: key !== original,
      });
    }
    return mails;
  }

  // ---- the timeline -----------------------------------------------------------------------------

  function whoOf(e: Pick<AuditEventRow, 'actorType' | 'actorId'>, state: OrderState, people: Map<string, PersonSummary>): string {
    if (e.actorType === 'system' || e.actorType === 'anonymous') return 'system';
    if (e.actorType === 'guest') return 'Patient (guest)';
    if (e.actorId && e.actorId === state.order.userId) return `${personName(people.get(e.actorId)) || 'Patient'} (patient)`;
    const person = e.actorId ? people.get(e.actorId) : undefined;
    return person ? `${personName(person) || person.email} (${person.role})` : 'someone no longer on file';
  }

  function entryOf(e: AuditEventRow, who: string): AdminTimelineEntry {
    const d = e.details ?? {};
    if (e.action === 'order.status_changed') {
      const reason = typeof d.reason === 'string' ? d.reason.replace(/_/g, ' ') : null;
      return { at: e.at.toISOString(), kind: 'status', label: `Status: ${String(d.from ?? '?').replace(/_/g, ' ')} → ${String(d.to ?? '?').replace(/_/g, ' ')}`, who, detail: reason };
    }
    const label = ACTION_LABELS[e.action] ?? e.action;
    const kind = e.action.startsWith('payment.refund') ? 'refund' : e.action.startsWith('payment.') ? 'payment' : e.action.startsWith('admin.') ? 'admin' : 'other';
    const parts: string[] = [];
    if (typeof d.refundCents === 'number') parts.push(money(d.refundCents));
    else if (typeof d.amountCents === 'number' && kind === 'payment') parts.push(money(d.amountCents));
    if (typeof d.reason === 'string' && d.reason) parts.push(d.reason);
    if (typeof d.mail === 'string') parts.push(d.mail);
    return { at: e.at.toISOString(), kind, label, who, detail: parts.length ? parts.join(' · ') : null };
  }

  async function detail(admin: AdminActor, orderId: string): Promise<AdminOrderDetail> {
    const state = await ownOrder(admin, orderId);
    const { order, items } = state;
    // A staff read of a patient's order (contact, what they bought): written to the access log.
    await db.transaction((tx) =>
      accessLog.record(tx, { actor: admin.userId, role: 'admin', patientId: order.userId, storefrontId: order.storefrontId, what: 'order', recordId: order.id, reason: 'support' }),
    );
    const [names, paymentRows, refunds, fulfilments, events, mails] = await Promise.all([
      storefrontNames(admin),
      payments.paymentsForOrder(order.id),
      payments.refundsOfOrder(order.id),
      fulfilment.ofOrders([order.id]),
      audit.list({ subjectId: order.id, limit: 500 }),
      mailsOf(order.id),
    ]);
    const people = await auth.peopleByIds(
      [order.userId, ...events.map((e) => e.actorId), ...refunds.map((r) => r.requestedBy)].filter((id): id is string => Boolean(id)),
    );
    const patient = order.userId ? people.get(order.userId) : undefined;
    const timeline: AdminTimelineEntry[] = [
      { at: order.createdAt.toISOString(), kind: 'status', label: 'Order started', who: order.userId ? `${personName(patient) || 'Patient'} (patient)` : 'Patient (guest)', detail: null },
      ...events.filter((e) => e.subjectType === 'order' || e.subjectType === null).map((e) => entryOf(e, whoOf(e, state, people))),
      ...mails
        .filter((m) => m.sentAt)
        .map((m): AdminTimelineEntry => ({ at: m.sentAt!, kind: 'mail', label: `Mail sent: ${m.label}${m.resend ? ' (resent)' : ''}`, who: 'system', detail: null })),
    ];
    const f = fulfilments.get(order.id);
    if (f?.shippedAt) timeline.push({ at: f.shippedAt.toISOString(), kind: 'fulfilment', label: 'Shipped', who: 'pharmacy', detail: [f.carrier, f.trackingNumber].filter(Boolean).join(' ') || null });
    timeline.sort((a, b) => a.at.localeCompare(b.at));
    const captured = paymentRows.find((p) => p.status === 'captured');
    const pendingCents = refunds.filter((r) => r.status === 'pending' && r.paymentId === captured?.id).reduce((n, r) => n + r.amountCents, 0);
    const refundableCents = captured ? Math.max(0, captured.amountCents - captured.refundedCents - pendingCents) : 0;
    const status = order.status;
    return {
      id: order.id,
      orderNumber: orderNumberOf(order.id),
      status,
      storefront: { id: order.storefrontId, name: names.get(order.storefrontId) ?? '' },
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      patient: {
        name: patientNameOf(state, people),
        email: patient?.email ?? null,
        phone: order.phone ?? order.shipPhone ?? patient?.phone ?? null,
        guest: !order.userId,
      },
      items: items.map((i) => ({ title: i.title, qty: i.qty, unitPriceCents: i.unitPriceCents, consultFeeCents: i.consultFeeCents, lineCents: i.unitPriceCents * i.qty })),
      money: {
        subtotalCents: order.subtotalCents,
        consultFeeCents: order.consultFeeCents,
        shippingCents: order.shippingCents,
        discountCents: order.discountCents,
        taxCents: order.taxCents,
        donationCents: order.donationCents,
        totalCents: order.totalCents,
        couponCode: order.couponCode,
      },
      shipping: order.shipLine1
        ? { name: order.shipFullName, line1: order.shipLine1, line2: order.shipLine2, city: order.shipCity, state: order.shipState, zip: order.shipZip }
        : null,
      payments: paymentRows.map((p) => ({
        id: p.id,
        status: p.status,
        amountCents: p.amountCents,
        refundedCents: p.refundedCents,
        card: p.card?.label ?? null,
        gateway: p.gateway,
        createdAt: p.createdAt.toISOString(),
        refunds: refunds
          .filter((r) => r.paymentId === p.id)
          .map((r) => ({
            id: r.id,
            amountCents: r.amountCents,
            status: r.status,
            reason: r.reason,
            requestedBy: r.requestedBy ? personName(people.get(r.requestedBy)) || 'operator' : 'system',
            createdAt: r.createdAt.toISOString(),
            completedAt: r.completedAt?.toISOString() ?? null,
          })),
      })),
      fulfilment: f ? { status: f.status, carrier: f.carrier, trackingNumber: f.trackingNumber } : null,
      mails,
      timeline,
      actions: { cancel: canTransition(status, 'cancelled'), refund: refundableCents > 0, refundableCents },
    };
  }

  // ---- CSV ------------------------------------------------------------------------------------

  /** A CSV stream of `rows` (pages fetched lazily), a header row first, every cell guarded against formulas. */
  function csv<T>(columns: { header: string; value: (row: T) => unknown }[], pages: () => AsyncGenerator<T[]>): Readable {
    const out = stringify({ header: true, columns: columns.map((c) => c.header) });
    const source = Readable.from(
      (async function* () {
        for await (const page of pages()) for (const row of page) yield columns.map((c) => csvSafeCell(c.value(row)));
      })(),
      { objectMode: true },
    );
    source.on('error', (err) => out.destroy(err));
    return source.pipe(out);
  }

  const EXPORT_PAGE = 500;

  // ---- the audit log viewer ---------------------------------------------------------------------

  async function auditWhere(admin: AdminActor, filters: AdminAuditFilters) {
    const [mine, staff] = await Promise.all([adminStorefronts.idsOf(admin), auth.staffIdsOf(admin.companyId)]);
    let actorId: string | undefined;
    if (filters.actor) {
      actorId = filters.actor.includes('@') ? ((await auth.userIdsByEmail(admin.companyId, filters.actor, { prefix: false }))[0] ?? '00000000-0000-0000-0000-000000000000') : filters.actor;
    }
    const action = filters.action?.endsWith('*') ? undefined : filters.action;
    const actionPrefix = filters.action?.endsWith('*') ? filters.action.slice(0, -1) : undefined;
    return {
      storefrontIds: filters.storefrontId ? mine.filter((id) => id === filters.storefrontId) : mine,
      // With a storefront chosen, only that storefront's events (staff events elsewhere are left out).
      actorIds: filters.storefrontId ? [] : staff,
      action,
      actionPrefix,
      actorId,
      subjectType: filters.subjectType,
      subjectId: filters.subjectId,
      from: filters.from ? dayStart(filters.from) : undefined,
      before: filters.to ? nextDay(filters.to) : undefined,
    };
  }

  async function auditRows(admin: AdminActor, rows: AuditEventRow[]): Promise<AdminAuditEvent[]> {
    const [names, people] = await Promise.all([storefrontNames(admin), auth.peopleByIds(rows.map((r) => r.actorId).filter((id): id is string => Boolean(id)))]);
    return rows.map((r) => {
      const { before, after, ...rest } = (r.details ?? {}) as Record<string, unknown>;
      const person = r.actorId ? people.get(r.actorId) : undefined;
      const actor =
        r.actorType === 'system' ? 'system' : r.actorType === 'guest' ? 'Guest' : r.actorType === 'anonymous' ? 'anonymous' : person ? `${personName(person) || person.email} (${person.role})` : 'someone no longer on file';
      const asRecord = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
      return {
        id: r.id,
        at: r.at.toISOString(),
        action: r.action,
        actorType: r.actorType,
        actorId: r.actorId,
        actor,
        subjectType: r.subjectType,
        subjectId: r.subjectId,
        storefrontId: r.storefrontId,
        storefrontName: r.storefrontId ? (names.get(r.storefrontId) ?? null) : null,
        ip: r.ip,
        details: rest,
        before: asRecord(before),
        after: asRecord(after),
      };
    });
  }

  const exportAudit = (admin: AdminActor, what: 'orders' | 'audit', filters: Record<string, unknown>, rows: number, exportId: string) =>
    audit.record(
      {
        ...admin.audit,
        action: `admin.${what}.exported`,
        subject: { type: 'export', id: exportId },
        details: { what, rows, filters: JSON.stringify(Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined))).slice(0, 500) },
      },
    );

  return {
    /** GET /api/admin/orders: a page of the company's orders, newest first. */
    async search(admin: AdminActor, query: AdminOrderFilters & AdminPageQuery): Promise<AdminPage<AdminOrderRow>> {
      const where = await whereOf(admin, query);
      const found = await orders.adminSearch(where, { limit: query.pageSize, offset: pageOffset(query) });
      return { items: await rowsOf(admin, found.orders), total: found.total, page: query.page, pageSize: query.pageSize };
    },

    /** GET /api/admin/orders.csv: the search's orders (at most ADMIN_EXPORT_ROW_LIMIT, newest first), audited. */
    async exportOrders(admin: AdminActor, filters: AdminOrderFilters): Promise<{ stream: Readable; rows: number }> {
      const where = await whereOf(admin, filters);
      const { total } = await orders.adminSearch(where, { limit: 0, offset: 0 });
      const rows = Math.min(total, ADMIN_EXPORT_ROW_LIMIT);
      await exportAudit(admin, 'orders', filters, rows, randomUUID());
      const stream = csv<AdminOrderRow>(
        [
          { header: 'Order number', value: (r) => r.orderNumber },
          { header: 'Order id', value: (r) => r.id },
          { header: 'Placed (UTC)', value: (r) => r.createdAt },
          { header: 'Storefront', value: (r) => r.storefrontName },
          { header: 'Status', value: (r) => r.status },
          { header: 'Patient', value: (r) => r.patientName },
          { header: 'Email', value: (r) => r.patientEmail },
          { header: 'Total', value: (r) => (r.totalCents / 100).toFixed(2) },
          { header: 'Refunded', value: (r) => (r.refundedCents / 100).toFixed(2) },
        ],
        async function* () {
          for (let offset = 0; offset < rows; offset += EXPORT_PAGE) {
            const page = await orders.adminSearch(where, { limit: Math.min(EXPORT_PAGE, rows - offset), offset });
            if (page.orders.length === 0) return;
            yield await rowsOf(admin, page.orders);
          }
        },
      );
      return { stream, rows };
    },

    /** GET /api/admin/orders/:orderId: one order's page (written to the access log). */
    detail,

    /**
     * POST /api/admin/orders/:orderId/cancel: through the existing cancel path (a hold voided, a
     * charge refunded), then the order's status machine. A cancel it refuses: 409 CANCEL_REFUSED.
     */
    async cancel(admin: AdminActor, orderId: string, reason: string): Promise<{ orderStatus: OrderStatus; payment: string | null }> {
      const state = await ownOrder(admin, orderId);
      if (!canTransition(state.order.status, 'cancelled')) throw new AppError(409, 'CANCEL_REFUSED', ADMIN_ORDER_MESSAGES.CANCEL_REFUSED);
      const ctx = { actor: admin.audit.actor ?? { type: 'user' as const, id: admin.userId }, ip: admin.audit.ip ?? null, requestId: admin.audit.requestId ?? null, reason: 'admin_cancelled' };
      const moved = await payments.cancelForOrder(orderId, ctx);
      if (!moved.ok) throw new AppError(409, 'CANCEL_PAYMENT_FAILED', ADMIN_ORDER_MESSAGES.CANCEL_PAYMENT_FAILED);
      const storefront = await deps.storefronts.getById(state.order.storefrontId);
      await db.transaction(async (tx) => {
        const current = await ownOrder(admin, orderId, tx, true);
        if (current.order.status === 'cancelled') return;
        if (!canTransition(current.order.status, 'cancelled')) throw new AppError(409, 'CANCEL_REFUSED', ADMIN_ORDER_MESSAGES.CANCEL_REFUSED);
        await scheduling.cancelLiveForOrderIn(tx, storefront, orderId, {});
        await orders.transition({ orderId, to: 'cancelled', reason: `admin_cancelled: ${reason}`.slice(0, 200), audit: admin.audit, tx });
      });
      return { orderStatus: 'cancelled', payment: moved.payment?.status ?? null };
    },

    /** POST /api/admin/orders/:orderId/refunds: full (no amount) or partial, once per key. */
    async refund(admin: AdminActor, orderId: string, input: { amountCents?: number | undefined; reason: string; idempotencyKey: string }) {
      await ownOrder(admin, orderId);
      const done = await payments.refund({
        orderId,
        amountCents: input.amountCents,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        requestedBy: admin.userId,
        ctx: { actor: admin.audit.actor ?? { type: 'user', id: admin.userId }, ip: admin.audit.ip ?? null, requestId: admin.audit.requestId ?? null },
        afterSettled: orderFollowsRefund(orders, admin.audit),
      });
      const after = await orders.state(db, { orderId });
      const people = await auth.peopleByIds([admin.userId]);
      return {
        refund: {
          id: done.refund.id,
          amountCents: done.refund.amountCents,
          status: done.refund.status,
          reason: done.refund.reason,
          requestedBy: personName(people.get(admin.userId)) || 'operator',
          createdAt: done.refund.createdAt.toISOString(),
          completedAt: done.refund.completedAt?.toISOString() ?? null,
        },
        orderStatus: after!.order.status,
        refundedCents: done.payment.refundedCents,
        replayed: done.replayed,
      };
    },

    /** POST /api/admin/orders/:orderId/mails/resend: one of the order's mails again (a job), audited; once per key. */
    async resendMail(admin: AdminActor, orderId: string, input: { key: string; idempotencyKey: string }): Promise<{ mail: AdminOrderMail }> {
      const state = await ownOrder(admin, orderId);
      const mails = await mailsOf(orderId);
      const original = input.key.includes(RESEND) ? input.key.slice(0, input.key.indexOf(RESEND)) : input.key;
      const mail = mails.find((m) => m.key === original);
      const job = mail ? await jobs.byKey(original) : null;
      if (!mail || !job) throw new AppError(404, 'MAIL_UNKNOWN', ADMIN_ORDER_MESSAGES.MAIL_UNKNOWN, { errors: [{ field: 'key', message: ADMIN_ORDER_MESSAGES.MAIL_UNKNOWN }] });
      const key = `${original}${RESEND}${input.idempotencyKey}`;
      const already = await jobs.byKey(key);
      if (!already) {
        await db.transaction(async (tx) => {
          await jobs.enqueue(job.name, { ...job.payload, resend: true }, { tx, singletonKey: key, maxAttempts: 8 });
          await audit.record(
            { ...admin.audit, storefrontId: state.order.storefrontId, action: 'admin.order.mail_resent', subject: { type: 'order', id: orderId }, details: { mail: mail.label, job: job.name } },
            tx,
          );
        });
        jobs.nudge();
      }
      const now = (await mailsOf(orderId)).find((m) => m.key === key);
      return { mail: now! };
    },

    /** GET /api/admin/audit: a page of the company's audit events, newest first. */
    async auditSearch(admin: AdminActor, query: AdminAuditFilters & AdminPageQuery): Promise<AdminPage<AdminAuditEvent>> {
      const where = await auditWhere(admin, query);
      const found = await audit.search(where, { limit: query.pageSize, offset: pageOffset(query) });
      return { items: await auditRows(admin, found.rows), total: found.total, page: query.page, pageSize: query.pageSize };
    },

    /** GET /api/admin/audit.csv: the viewer's events (at most ADMIN_EXPORT_ROW_LIMIT), audited. */
    async exportAudit(admin: AdminActor, filters: AdminAuditFilters): Promise<{ stream: Readable; rows: number }> {
      const where = await auditWhere(admin, filters);
      const { total } = await audit.search(where, { limit: 0, offset: 0 });
      const rows = Math.min(total, ADMIN_EXPORT_ROW_LIMIT);
      const exportId = randomUUID();
      await exportAudit(admin, 'audit', filters, rows, exportId);
      const stream = csv<AdminAuditEvent>(
        [
          { header: 'When (UTC)', value: (r) => r.at },
          { header: 'Action', value: (r) => r.action },
          { header: 'Actor', value: (r) => r.actor },
          { header: 'Actor id', value: (r) => r.actorId },
          { header: 'Subject type', value: (r) => r.subjectType },
          { header: 'Subject id', value: (r) => r.subjectId },
          { header: 'Storefront', value: (r) => r.storefrontName },
          { header: 'Details', value: (r) => (Object.keys(r.details).length ? r.details : '') },
          { header: 'Before', value: (r) => r.before },
          { header: 'After', value: (r) => r.after },
        ],
        async function* () {
          // The export's own event is left out, so the pages counted above keep their boundaries.
          const fixed = { ...where, excludeSubjectId: exportId };
          for (let offset = 0; offset < rows; offset += EXPORT_PAGE) {
            const page = await audit.search(fixed, { limit: Math.min(EXPORT_PAGE, rows - offset), offset });
            if (page.rows.length === 0) return;
            yield await auditRows(admin, page.rows);
          }
        },
      );
      return { stream, rows };
    },
  };
}
export type AdminOrderActions = ReturnType<typeof createAdminOrderActions>;
