// Outside production, with the sandbox processor: its own dashboard of the payments it made
// (/dev/sandbox-payments, newest first; .json for tests), as a processor's dashboard shows holds,
// captures, releases and refunds. Issue 15: "the sandbox shows the capture" after a doctor approves.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxGateway } from '../../adapters/payments/sandbox.gateway.ts';
import { escapeHtml } from '../notifications/templates.ts';

const STATUS_WORDS = { requires_capture: 'held', succeeded: 'charged', canceled: 'released' } as const;

const intentSchema = z.object({
  id: z.string(),
  amountCents: z.int(),
  status: z.enum(['requires_capture', 'succeeded', 'canceled']),
  amountRefundedCents: z.int(),
  card: z.string(),
  metadata: z.record(z.string(), z.string()),
  createdAt: z.string(),
  capturedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  refunds: z.array(z.object({ id: z.string(), amountCents: z.int(), createdAt: z.string() })),
});

export const devSandboxRoutes: FastifyPluginAsyncZod<{ sandbox: Pick<SandboxGateway, 'listIntents'> }> = async (app, { sandbox }) => {
  app.get(
    '/dev/sandbox-payments.json',
    { schema: { hide: true, response: { 200: z.object({ payments: z.array(intentSchema) }) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { payments: await sandbox.listIntents(200) };
    },
  );

  app.get('/dev/sandbox-payments', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await sandbox.listIntents(200);
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const items = rows
      .map(
        (r) => `<tr><td><time datetime="${r.createdAt}">${escapeHtml(r.createdAt)}</time></td><td><code>${escapeHtml(r.id)}</code></td>
<td>${escapeHtml(r.metadata.orderId ?? '')}</td><td>${escapeHtml(r.card)}</td><td>${money(r.amountCents)}</td>
<td data-testid="sandbox-status">${STATUS_WORDS[r.status]}${r.amountRefundedCents ? ` (refunded ${money(r.amountRefundedCents)})` : ''}${
          r.refunds.length > 1 ? `<ul data-testid="sandbox-refunds">${r.refunds.map((f) => `<li>refund ${money(f.amountCents)}</li>`).join('')}</ul>` : ''
        }</td>
<td>${escapeHtml(r.capturedAt ?? r.canceledAt ?? '')}</td></tr>`,
      )
      .join('\n');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox payments</title>
<style>body{font-family:system-ui,sans-serif;max-width:1100px;margin:24px auto;padding:0 16px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left}</style></head>
<body><h1>Sandbox payments</h1><p>The sandbox card processor's own record: held (authorized), charged (captured), released (voided), refunded (in full or in parts, each listed). Newest first.</p>
${items ? `<table><thead><tr><th>When</th><th>Payment</th><th>Order</th><th>Card</th><th>Amount</th><th>Status</th><th>Settled</th></tr></thead><tbody>${items}</tbody></table>` : '<p>No payments yet.</p>'}
</body></html>`);
  });
};
