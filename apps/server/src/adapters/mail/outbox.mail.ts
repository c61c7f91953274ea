// Mail kept in the outbox table (no SMTP_URL): logged, and listed at /dev/outbox outside production.
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxStore } from '../outbox/outbox.store.ts';
import type { MailAdapter, MailMessage } from './mail.adapter.ts';

export function createOutboxMailAdapter(deps: {
  outbox: OutboxStore;
  log?: Pick<FastifyBaseLogger, 'info'>;
  /** Log the body too (development only: bodies carry codes and links). */
  logBody: boolean;
}): MailAdapter {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const row = await deps.outbox.store({
        storefrontId: message.storefrontId ?? null,
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html,
        attachments: message.attachments ?? null,
      });
      deps.log?.info(
        {
          outboxId: row.id,
          channel: 'email',
          // Outside development the id only: the address, subject and text are the patient's.
          ...(deps.logBody ? { to: message.to, subject: message.subject, body: message.text } : {}),
        },
        'mail kept in the outbox',
      );
    },
  };
}
