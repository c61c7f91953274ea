// The server's log settings: no secret and no patient data reaches the log (issue 20). Fastify
// logs a request's method, path and status, never its body or headers; this adds that:
// - a URL is logged with its query values replaced by [REDACTED] (a search for a medicine, an
//   email in an operator's search, a prescription's verification code, a ?token=): the names stay;
// - headers that carry a session, should a log line include them, are redacted;
// - an error is logged by its type, message, code and stack only. A failed query's error
//   (drizzle) repeats the query's parameters — the patient's name, answers — in its message, and
//   PostgreSQL's `detail` quotes the row ("Key (email)=(…) already exists"): both are cut.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.ts';

const QUERY_VALUES = /([?&][^=&#]*=)[^&#]*/g;

/** The URL with every query value replaced by [REDACTED] (the path and the parameters' names kept). */
export const redactUrl = (url: string) => url.replace(QUERY_VALUES, '$1[REDACTED]');

/** A failed query's message ends with its parameters ("Failed query: …\nparams: …"): cut. */
const PARAMS = /\nparams:[\s\S]*$/;

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
}

/** An error as logged: what it was and where, none of the values it carried. */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '[not an Error]', stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const message = e.message.replace(PARAMS, '\nparams: [REDACTED]');
  // The stack's frames only: its first lines repeat the message (and so the parameters).
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
  return {
    type: e.name || e.constructor?.name || 'Error',
    message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    stack: frames,
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

export function loggerOptions(config: Pick<AppConfig, 'LOG_LEVEL'>): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'],
      censor: '[REDACTED]',
    },
    serializers: {
      // Fastify's request fields, the URL's query values redacted; no headers, no body.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: serializeError,
      error: serializeError,
    },
  };
}
