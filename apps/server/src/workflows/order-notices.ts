// What the patient is told as their order moves after payment (issue 15: "a notification to the
// patient" at each decision and fulfilment step; "mail and SMS as background jobs with retries").
// A step enqueues a notice inside its own transaction, so the notice exists exactly when the change
// does; the job sends the mail and the text later and is retried when delivery fails. One notice
// per order, kind and `key` (a repeat is a no-op). Mail and texts name the step, never the clinical
// detail: the patient reads the doctor's question or explanation in their account, signed in.
import {
  CANNOT_FILL_REASONS,
  DECLINE_REASONS,
  formatCents,
  formatVisitRange,
  orderNumberOf,
  VISIT_TYPES,
  type CannotFillReason,
  type DeclineReason,
  type StorefrontConfig,
} from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { linkOriginFor } from '../plugins/storefront-context.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { MailContent } from '../modules/notifications/templates.ts';
import type { NotificationService } from '../modules/notifications/notifications.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';

export const ORDER_NOTICES = [
  'needs_info',
  'info_answered',
  'declined',
  'approved',
  'prescribed',
  'fulfilling',
  'shipped',
  'delivered',
  'ready_for_pickup',
  'hold_expiring',
  'refunded',
  'visit_missed',
  'cancelled',
  'hold_lapsed',
  // issue 16: the visit's reminders (the day before, a quarter of an hour before) and a visit the doctor did not come to.
  'visit_reminder_24h',
  'visit_reminder_15m',
  'visit_missed_by_doctor',
] as const;
export type OrderNotice = (typeof ORDER_NOTICES)[number];

export interface OrderNoticeData {
  /** declined: the reason's code (its kind explanation is what the patient reads). */
  reasonCode?: string;
  /** declined: what the doctor wrote for the patient (never the clinical note), in the mail only. */
  noteForPatient?: string;
  /** shipped: the carrier and tracking number. */
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  /** prescribed / ready_for_pickup: where the prescription went. */
  pharmacyName?: string;
  /** hold_expiring: when the card hold lapses (ISO). */
  holdExpiresAt?: string;
  /** refunded: what was given back, in cents (reasonCode: one of CANNOT_FILL_REASONS). */
  amountCents?: number;
  /** visit reminders: the visit's booked start and end (ISO) and the patient's zone they are told in. */
  startsAt?: string;
  endsAt?: string;
  timeZone?: string;
  /** visit reminders: 1 video (a join link), 2 phone (the doctor calls `phone`). */
  visitType?: number | null;
  phone?: string;
  /** visit reminders: "Dr. Amara Okafor, MD". */
  doctorName?: string;
}

export const ORDER_NOTICE_JOB = 'order.notice';
export const ORDER_NOTICE_SMS_JOB = 'order.notice.sms';
interface NoticeJob {
  orderId: string;
  notice: OrderNotice;
  data: OrderNoticeData;
  /** Tells repeats of one kind apart (a second question). */
  key?: string;
}
interface NoticeTextJob {
  orderId: string;
  storefrontId: string;
  to: string;
  body: string;
}
const noticeKey = (orderId: string, notice: OrderNotice, key?: string) => `${ORDER_NOTICE_JOB}:${orderId}:${notice}${key ? `:${key}` : ''}`;

const isReminder = (notice: OrderNotice) => notice === 'visit_reminder_24h' || notice === 'visit_reminder_15m';

/**
 * The link the patient follows from a notice: their order in the account, the doctor's question,
 * the page to book a new time after a missed visit, or the visit's page (issue 16: a reminder's
 * join link, `/checkout/patient-visit?id=<order>`).
 */
export const noticePath = (notice: OrderNotice, orderId: string): string => {
  if (notice === 'needs_info') return `/orders/${orderId}/more-information`;
  if (notice === 'visit_missed' || notice === 'visit_missed_by_doctor') return '/my-account/visit';
  if (isReminder(notice)) return `/checkout/patient-visit?id=${encodeURIComponent(orderId)}`;
  return '/my-account';
};

interface NoticeText {
  subject: string;
  heading: string;
  paragraphs: string[];
  sms: string;
  action: string;
  /** False: the text carries no link (a phone visit's reminder: the doctor calls). */
  smsLink?: boolean;
}

/** issue 16: a visit's reminder, the day before or a quarter of an hour before; a phone visit's says the doctor will call. */
function reminderText(notice: 'visit_reminder_24h' | 'visit_reminder_15m', orderNumber: string, data: OrderNoticeData, hi: string): NoticeText {
  const when = data.startsAt && data.endsAt ? formatVisitRange(data.startsAt, data.endsAt, data.timeZone ?? 'America/New_York') : 'the time you booked';
  const withDoctor = data.doctorName ? ` with ${data.doctorName}` : '';
  const soon = notice === 'visit_reminder_15m';
  if (data.visitType === VISIT_TYPES.phone) {
    const number = data.phone ? `at ${data.phone}` : 'at the number you gave us';
    return {
      subject: soon ? `Your phone visit starts soon (order ${orderNumber})` : `Reminder: your phone visit (order ${orderNumber})`,
      heading: soon ? 'Your phone visit starts soon' : 'Your phone visit is coming up',
      paragraphs: [hi, `Your phone visit${withDoctor} is on ${when}.`, `Your doctor will call you ${number}. Please keep your phone with you and answer calls from numbers you do not know.`],
      sms: soon ? `Your phone visit${withDoctor} starts soon (${when}). Your doctor will call you ${number}.` : `Reminder: your phone visit${withDoctor} is on ${when}. Your doctor will call you ${number}.`,
      action: 'View your visit',
      smsLink: false,
    };
  }
  return {
    subject: soon ? `Your video visit starts soon (order ${orderNumber})` : `Reminder: your video visit (order ${orderNumber})`,
    heading: soon ? 'Your video visit starts soon' : 'Your video visit is coming up',
    paragraphs: soon
      ? [hi, `Your video visit${withDoctor} is on ${when}.`, 'Join from the link below now: your doctor will let you in from the waiting room.']
      : [hi, `Your video visit${withDoctor} is on ${when}.`, 'Join from the link below from 5 minutes before the start, on a phone or computer with a camera and microphone, somewhere quiet.'],
    sms: soon ? `Your video visit${withDoctor} starts soon (${when}). Join here:` : `Reminder: your video visit${withDoctor} is on ${when}. Join here:`,
    action: 'Join your visit',
  };
}

/** The words of each notice (exported for tests). */
export function noticeText(notice: OrderNotice, orderNumber: string, data: OrderNoticeData, firstName: string | null): NoticeText {
  const hi = firstName ? `Hi ${firstName},` : 'Hello,';
  switch (notice) {
    case 'needs_info':
      return {
        subject: `Your doctor has a question about order ${orderNumber}`,
        heading: 'Your doctor needs a little more information',
        paragraphs: [hi, 'Your doctor has a question before deciding on your treatment. Please sign in and answer it so your review can continue.'],
        sms: `Your doctor has a question about order ${orderNumber}. Sign in to answer it.`,
        action: 'Answer your doctor',
      };
    case 'info_answered':
      return {
        subject: `We sent your answer to the doctor (order ${orderNumber})`,
        heading: 'Thank you for your answer',
        paragraphs: [hi, 'Your answer is with the doctor, and your order is back in the review queue.'],
        sms: `Your answer about order ${orderNumber} is with the doctor.`,
        action: 'View your order',
      };
    case 'declined': {
      const reason = data.reasonCode && data.reasonCode in DECLINE_REASONS ? DECLINE_REASONS[data.reasonCode as DeclineReason] : DECLINE_REASONS.other;
      return {
        subject: `An update on your order ${orderNumber}`,
        heading: 'Your doctor reviewed your request',
        paragraphs: [
          hi,
          reason,
          ...(data.noteForPatient ? [`A note from your doctor: ${data.noteForPatient}`] : []),
          'Your card has not been charged: the hold on it has been released.',
          'If you have questions, reply to this message or contact us.',
        ],
        sms: `Your doctor reviewed order ${orderNumber}. Your card was not charged. Details in your account.`,
        action: 'View your order',
      };
    }
    case 'approved':
      return {
        subject: `Your treatment was approved (order ${orderNumber})`,
        heading: 'Good news: your doctor approved your treatment',
        paragraphs: [hi, 'Your doctor approved your treatment and your payment was taken. Your prescription is on its way to the pharmacy.'],
        sms: `Your doctor approved order ${orderNumber}. Your prescription is on its way to the pharmacy.`,
        action: 'View your order',
      };
    case 'prescribed':
      return {
        subject: `Your prescription was sent (order ${orderNumber})`,
        heading: 'Your prescription was sent to the pharmacy',
        paragraphs: [hi, `Your prescription was sent to ${data.pharmacyName ?? 'your pharmacy'}.`, 'We will tell you when it is on its way or ready.'],
        sms: `Your prescription for order ${orderNumber} was sent to ${data.pharmacyName ?? 'your pharmacy'}.`,
        action: 'View your order',
      };
    case 'fulfilling':
      return {
        subject: `The pharmacy is preparing your order ${orderNumber}`,
        heading: 'The pharmacy is preparing your order',
        paragraphs: [hi, 'The pharmacy has your order and is preparing it. We will email you when it ships.'],
        sms: `The pharmacy is preparing order ${orderNumber}.`,
        action: 'View your order',
      };
    case 'shipped':
      return {
        subject: `Your order ${orderNumber} has shipped`,
        heading: 'Your order is on its way',
        paragraphs: [
          hi,
          `Your order shipped with ${data.carrier ?? 'the carrier'}.`,
          `Tracking number: ${data.trackingNumber ?? ''}`,
          ...(data.trackingUrl ? [`Track it at ${data.trackingUrl}`] : []),
        ],
        sms: `Order ${orderNumber} shipped with ${data.carrier ?? 'the carrier'}, tracking ${data.trackingNumber ?? ''}.`,
        action: 'View your order',
      };
    case 'delivered':
      return {
        subject: `Your order ${orderNumber} was delivered`,
        heading: 'Your order was delivered',
        paragraphs: [hi, 'The carrier reports your order as delivered. If anything is missing, contact us.'],
        sms: `Order ${orderNumber} was delivered.`,
        action: 'View your order',
      };
    case 'ready_for_pickup':
      return {
        subject: `Your prescription is at the pharmacy (order ${orderNumber})`,
        heading: 'Your prescription is ready for pickup',
        paragraphs: [hi, `${data.pharmacyName ?? 'Your pharmacy'} confirmed it received your prescription. Call them before you go to check it is ready.`],
        sms: `${data.pharmacyName ?? 'Your pharmacy'} received your prescription for order ${orderNumber}.`,
        action: 'View your order',
      };
    case 'hold_expiring':
      return {
        subject: `About your payment for order ${orderNumber}`,
        heading: 'Your doctor is still reviewing your order',
        paragraphs: [
          hi,
          'Your review is taking longer than usual, and the hold on your card will soon be released by your bank.',
          'If your doctor has not decided by then, your order will be cancelled and nothing will be charged. You can order again at any time.',
        ],
        sms: `Your review for order ${orderNumber} is taking longer. If it is not decided before the hold on your card is released, the order is cancelled and nothing is charged.`,
        action: 'View your order',
      };
    case 'refunded': {
      // issue 15: the pharmacy could not fill it; the reason's kind text, never a clinical detail.
      const reason = data.reasonCode && data.reasonCode in CANNOT_FILL_REASONS ? CANNOT_FILL_REASONS[data.reasonCode as CannotFillReason] : CANNOT_FILL_REASONS.other;
      const amount = data.amountCents !== undefined ? formatCents(data.amountCents) : 'the full amount';
      return {
        subject: `The pharmacy could not fill your order ${orderNumber}`,
        heading: 'The pharmacy could not fill your order',
        paragraphs: [
          hi,
          `The pharmacy could not fill your order ${orderNumber}. ${reason}`,
          `You have been refunded ${amount} to the card you paid with; your bank may take a few days to show it.`,
          'If you have questions, reply to this message or contact us.',
        ],
        sms: `The pharmacy could not fill your order ${orderNumber}; you have been refunded ${amount}. Details in your account.`,
        action: 'View your order',
      };
    }
    case 'visit_missed':
      return {
        subject: `You missed your visit (order ${orderNumber})`,
        heading: 'You missed your visit',
        paragraphs: [hi, 'You missed your visit — book a new time within 3 days, or the order is cancelled and your card is not charged.'],
        sms: `You missed your visit for order ${orderNumber}. Book a new time within 3 days, or the order is cancelled and your card is not charged.`,
        action: 'Book a new time',
      };
    case 'cancelled':
      return {
        subject: `Your order ${orderNumber} was cancelled`,
        heading: 'Your order was cancelled',
        paragraphs: [hi, 'No new time was booked for your missed visit within 3 days, so your order was cancelled. Your card has not been charged: the hold on it has been released.'],
        sms: `Order ${orderNumber} was cancelled: no new visit was booked. Your card was not charged.`,
        action: 'View your order',
      };
    case 'visit_reminder_24h':
    case 'visit_reminder_15m':
      return reminderText(notice, orderNumber, data, hi);
    case 'visit_missed_by_doctor':
      // issue 16: the patient came, the doctor did not; another doctor or time is offered first.
      return {
        subject: `Your doctor could not join your visit (order ${orderNumber})`,
        heading: 'Your doctor could not join your visit',
        paragraphs: [
          hi,
          'We are sorry: your doctor could not join your visit. Please choose another doctor or time within 3 days. Your card has not been charged.',
          'If no new time is booked within 3 days, the order is cancelled and the hold on your card is released.',
        ],
        sms: `Your doctor could not join your visit for order ${orderNumber}. Choose another doctor or time within 3 days; your card was not charged.`,
        action: 'Choose another doctor or time',
      };
    case 'hold_lapsed':
      // issue 15: the hold lapsed before a doctor's decision; the hold-expiry job cancelled the order.
      return {
        subject: `Your order ${orderNumber} was cancelled`,
        heading: 'Your order was cancelled',
        paragraphs: [hi, 'Your doctor could not review your order before the hold on your card was released. Your order was cancelled and you were not charged; you can order again.'],
        sms: `Order ${orderNumber} was cancelled: it could not be reviewed before the hold on your card was released. You were not charged; you can order again.`,
        action: 'View your order',
      };
  }
}

export function createOrderNotices(deps: {
  db: Db;
  jobs: JobQueue;
  orders: Pick<OrdersService, 'state'>;
  auth: Pick<AuthService, 'contactOf'>;
  notifications: Pick<NotificationService, 'email' | 'sms'>;
  storefronts: { getById(id: string): Promise<StorefrontConfig>; hostsOf(id: string): Promise<string[]> };
  port: number;
  log?: FastifyBaseLogger | undefined;
}) {
  const { db, jobs, orders, auth, notifications, storefronts, log } = deps;

  jobs.register(ORDER_NOTICE_JOB, async (payload) => {
    const { orderId, notice, data, key } = payload as unknown as NoticeJob;
    const state = await orders.state(db, { orderId });
    const userId = state?.order.userId;
    if (!state || !userId) return; // a guest order has no account to tell (guests register before paying)
    const contact = await auth.contactOf(userId);
    if (!contact) return;
    const storefront = await storefronts.getById(state.order.storefrontId);
    const origin = linkOriginFor({ hostHeader: undefined, protocol: 'https', hosts: await storefronts.hostsOf(storefront.id), port: deps.port });
    const text = noticeText(notice, orderNumberOf(orderId), data ?? {}, contact.firstName);
    const url = `${origin}${noticePath(notice, orderId)}`;
    const mail: MailContent = { subject: text.subject, heading: text.heading, paragraphs: text.paragraphs, action: { label: text.action, url } };
    await notifications.email(storefront, contact.email, mail);
    // The text is its own job, retried on its own: a failed text never sends the mail again.
    const phone = state.order.phone;
    if (phone) {
      const sms: NoticeTextJob = { orderId, storefrontId: storefront.id, to: phone, body: text.smsLink === false ? text.sms : `${text.sms} ${url}` };
      await jobs.enqueue(ORDER_NOTICE_SMS_JOB, { ...sms }, { singletonKey: `${noticeKey(orderId, notice, key)}:sms`, maxAttempts: 8 });
    }
  });

  jobs.register(ORDER_NOTICE_SMS_JOB, async (payload, job) => {
    const { orderId, storefrontId, to, body } = payload as unknown as NoticeTextJob;
    try {
      await notifications.sms(await storefronts.getById(storefrontId), to, body);
    } catch (error) {
      log?.warn({ orderId, attempt: job.attempt, err: error }, 'order notice text not sent; it will be retried');
      throw error;
    }
  });

  return {
    /** Queues a notice in the caller's transaction; `key` tells repeats of one kind apart (a second question). */
    async enqueue(tx: DbOrTx, input: { orderId: string; notice: OrderNotice; data?: OrderNoticeData; key?: string }): Promise<void> {
      const job: NoticeJob = { orderId: input.orderId, notice: input.notice, data: input.data ?? {}, ...(input.key ? { key: input.key } : {}) };
      await jobs.enqueue(ORDER_NOTICE_JOB, { ...job }, { tx, singletonKey: noticeKey(input.orderId, input.notice, input.key), maxAttempts: 8 });
    },
  };
}
export type OrderNotices = ReturnType<typeof createOrderNotices>;
