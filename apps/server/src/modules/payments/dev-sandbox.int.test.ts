// issue 15 "the sandbox shows the capture": outside production, the sandbox processor's dashboard
// lists the payments it made, held until a doctor decides, then charged; production has none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { paidForReview } from '../../../test/reviews.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the sandbox dashboard (development only)', () => {
  it('shows an order’s payment held by the sandbox processor', async () => {
    const { orderId } = await paidForReview(ctx, 'CA');
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/sandbox-payments.json', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    const mine = (res.json().payments as { metadata: { orderId?: string }; status: string; card: string }[]).find((p) => p.metadata.orderId === orderId);
    expect(mine).toMatchObject({ status: 'requires_capture', card: 'visa •••• 4242' });
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/sandbox-payments', headers: { host: 'localhost:3000' } });
    expect(page.body).toContain(orderId);
    expect(page.body).toContain('held');
  });

  it('is not served in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/sandbox-payments.json', headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
