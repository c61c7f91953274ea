// Outside production only: the faxes the store kept instead of dialling (/dev/fax-outbox, newest
// first, each with a link to its PDF), beside /dev/outbox for mail and texts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxFaxAdapter } from '../../adapters/prescriptions/fax.adapter.ts';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import { escapeHtml } from '../notifications/templates.ts';

export const devFaxOutboxRoutes: FastifyPluginAsyncZod<{
  faxes: Pick<OutboxFaxAdapter, 'list' | 'byId'>;
  storage: Pick<FileStorage, 'get'>;
}> = async (app, { faxes, storage }) => {
  app.get('/dev/fax-outbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await faxes.list(200);
    const items = rows
      .map(
        (row) => `<tr><td><time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString())}</time></td>
<td>${escapeHtml(row.toName)}</td><td><code>${escapeHtml(row.toNumber)}</code></td><td>${row.pages}</td><td>${escapeHtml(row.status)}</td>
<td><a href="/dev/fax-outbox/${row.id}.pdf">PDF</a></td></tr>`,
      )
      .join('\n');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fax outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left}</style></head>
<body><h1>Fax outbox</h1><p>Prescriptions the store faxed into this outbox instead of dialling (no fax service configured). Newest first. <a href="/dev/outbox">Mail and texts</a></p>
${items ? `<table><thead><tr><th>When</th><th>To</th><th>Fax</th><th>Pages</th><th>Status</th><th>Document</th></tr></thead><tbody>${items}</tbody></table>` : '<p>No faxes yet.</p>'}
</body></html>`);
  });

  app.get(
    '/dev/fax-outbox/:id.pdf',
    { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const row = await faxes.byId(request.params.id);
      const bytes = row ? await storage.get(row.documentKey) : null;
      if (!bytes) return reply.status(404).header('cache-control', 'no-store').send({ status: 404, code: 'NOT_FOUND', detail: 'No such fax.' });
      return reply.header('cache-control', 'no-store').type('application/pdf').header('content-disposition', 'inline; filename="fax.pdf"').send(bytes);
    },
  );
};
