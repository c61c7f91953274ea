// The server's log settings: secrets never reach the log. Headers that carry a session are
// redacted; so are query values that are credentials — a prescription's verification code (only
// its hash is stored; the QR link and the public check carry it as ?code=) and any ?token=.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.ts';

const SECRET_QUERY_KEYS = /([?&](?:code|token)=)[^&#]*/gi;

/** The URL with the values of secret query parameters replaced by [REDACTED]. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY_KEYS, '$1[REDACTED]');

export function loggerOptions(config: Pick<AppConfig, 'LOG_LEVEL'>): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      // Fastify's request fields, with the URL's secrets redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
