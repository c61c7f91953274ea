// Text messages through an HTTP SMS gateway: POST JSON {to, body} to SMS_URL with the bearer
// SMS_TOKEN. Any 2xx is accepted; anything else, or no answer in 10 s, is a failed send.
import type { SmsAdapter, SmsMessage } from './sms.adapter.ts';

export function createHttpSmsAdapter(options: {
  url: string;
  token?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): SmsAdapter {
  const doFetch = options.fetch ?? fetch;
  return {
    kind: 'http',
    async send(message: SmsMessage) {
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, body: message.body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
