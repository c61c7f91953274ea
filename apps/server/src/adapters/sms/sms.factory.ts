import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { OutboxStore } from '../outbox/outbox.store.ts';
import { createHttpSmsAdapter } from './http.sms.ts';
import { createOutboxSmsAdapter } from './outbox.sms.ts';
import type { SmsAdapter } from './sms.adapter.ts';

export function createSmsAdapter(
  config: AppConfig,
  outbox: OutboxStore,
  log?: FastifyBaseLogger,
): SmsAdapter {
  if (config.SMS_URL) return createHttpSmsAdapter({ url: config.SMS_URL, token: config.SMS_TOKEN });
  return createOutboxSmsAdapter({
    outbox,
    ...(log ? { log } : {}),
    logBody: config.NODE_ENV === 'development',
  });
}
