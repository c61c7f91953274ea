// Outside production only: the outbox as a page (/dev/outbox, newest first, links clickable) and
// as JSON (/dev/outbox.json) so developers and browser tests can read codes and links.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxRow } from '../../adapters/outbox/outbox.store.ts';
import { escapeHtml } from './templates.ts';
import type { NotificationService } from './notifications.service.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

function linkify(text: string): string {
  return text
    .split(URL_PATTERN)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function page(rows: OutboxRow[]): string {
  const items = rows
    .map(
      (row) => `<article data-channel="${row.channel}">
<header><strong>${row.channel === 'email' ? 'Email' : 'SMS'}</strong> to <code>${escapeHtml(row.to)}</code>
 · <time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString())}</time>
 · ${escapeHtml(row.status)}${row.html ? ` · <a href="/dev/outbox/${row.id}">view as sent</a>` : ''}</header>
${row.subject ? `<h2>${escapeHtml(row.subject)}</h2>` : ''}
<pre>${linkify(row.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px}
article{border:1px solid #ddd;border-radius:6px;padding:12px 16px;margin:0 0 12px}
h2{font-size:16px;margin:8px 0}pre{white-space:pre-wrap;font-family:inherit;margin:0}</style></head>
<body><h1>Outbox</h1><p>Mail and text messages the store kept instead of sending (no SMTP_URL / SMS_URL). Newest first. <a href="/dev/outbox.json">JSON</a></p>
${items || '<p>Nothing sent yet.</p>'}</body></html>`;
}

const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attachments: z.array(
    z.object({
      filename: z.string(),
      contentType: z.string(),
      content: z.string(),
      encoding: z.literal('base64').optional(),
    }),
  ),
});

export const devOutboxRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationService;
}> = async (app, { notifications }) => {
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await notifications.outbox(200);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(rows));
  });

  app.get(
    '/dev/outbox.json',
    { schema: { hide: true, response: { 200: z.object({ messages: z.array(outboxMessage) }) } } },
    async (_request, reply) => {
      const rows = await notifications.outbox(200);
      reply.header('cache-control', 'no-store');
      return {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.to,
          subject: row.subject,
          body: row.body,
          status: row.status,
          attempts: row.attempts,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          attachments: row.attachments ?? [],
        })),
      };
    },
  );

  app.get(
    '/dev/outbox/:id',
    { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const row = await notifications.getOutboxMessage(request.params.id);
      if (!row) return reply.status(404).type('text/plain').send('Not in the outbox.');
      reply.header('cache-control', 'no-store');
      if (row.html) return reply.type('text/html; charset=utf-8').send(row.html);
      return reply.type('text/plain; charset=utf-8').send(row.body);
    },
  );
};
