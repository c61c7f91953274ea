import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { OutboxStore } from '../outbox/outbox.store.ts';
import type { MailAdapter } from './mail.adapter.ts';
import { createOutboxMailAdapter } from './outbox.mail.ts';
import { createSmtpMailAdapter } from './smtp.mail.ts';

export function createMailAdapter(
  config: AppConfig,
  outbox: OutboxStore,
  log?: FastifyBaseLogger,
): MailAdapter {
  if (config.SMTP_URL)
    return createSmtpMailAdapter({ url: config.SMTP_URL, from: config.MAIL_FROM });
  return createOutboxMailAdapter({
    outbox,
    ...(log ? { log } : {}),
    logBody: config.NODE_ENV === 'development',
  });
}
