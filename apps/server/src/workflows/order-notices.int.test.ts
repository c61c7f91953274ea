// issue 15 "The patient is notified at each step (mail and SMS as background jobs with retries)": a
// notice queued in a step's transaction sends its mail, then its text as a job of its own (a failed
// text is retried by the queue without sending the mail again); one notice per order and kind.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { paidForReview } from '../../test/reviews.ts';
import { users } from '../db/schema/auth.ts';
import { jobs } from '../db/schema/jobs.ts';
import { orders } from '../db/schema/orders.ts';
import { ORDER_NOTICE_SMS_JOB } from './order-notices.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('order notices', () => {
  it('mails the patient and texts the order’s phone as a job of its own, once per order and kind', async () => {
    const { orderId, patient } = await paidForReview(ctx, 'CA');
    await ctx.database.db.update(orders).set({ phone: '4155550142' }).where(eq(orders.id, orderId));
    const email = (await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, patient.userId)))[0]!.email;
    for (let i = 0; i < 2; i++) {
      await ctx.database.db.transaction((tx) => ctx.app.services.orderNotices.enqueue(tx, { orderId, notice: 'shipped', data: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } }));
    }
    await ctx.app.services.jobs.drain();
    const outbox = await ctx.app.services.notifications.outbox(100);
    const mails = outbox.filter((m) => m.to === email && m.subject?.includes('has shipped'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('1Z999AA10123456784');
    const texts = outbox.filter((m) => m.channel === 'sms' && m.to === '4155550142');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('shipped with UPS, tracking 1Z999AA10123456784');
    const smsJobs = await ctx.database.db.select().from(jobs).where(like(jobs.singletonKey, `order.notice:${orderId}:shipped:sms`));
    expect(smsJobs.map((j) => j.name)).toEqual([ORDER_NOTICE_SMS_JOB]);
  });
});
