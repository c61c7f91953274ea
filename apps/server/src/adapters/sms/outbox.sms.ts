// Text messages kept in the outbox table (no SMS_URL): logged, listed at /dev/outbox outside production.
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxStore } from '../outbox/outbox.store.ts';
import type { SmsAdapter, SmsMessage } from './sms.adapter.ts';

export function createOutboxSmsAdapter(deps: {
  outbox: OutboxStore;
  log?: Pick<FastifyBaseLogger, 'info'>;
  logBody: boolean;
}): SmsAdapter {
  return {
    kind: 'outbox',
    async send(message: SmsMessage) {
      const row = await deps.outbox.store({
        storefrontId: message.storefrontId ?? null,
        channel: 'sms',
        to: message.to,
        body: message.body,
      });
      deps.log?.info(
        {
          outboxId: row.id,
          channel: 'sms',
          ...(deps.logBody ? { to: message.to, body: message.body } : {}),
        },
        'text message kept in the outbox',
      );
    },
  };
}
