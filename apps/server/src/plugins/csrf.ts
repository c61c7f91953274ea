// Cross-site request forgery defence for cookie sessions: a state-changing API request must carry
// a custom header (a cross-site form cannot set one without a CORS preflight we never grant) and,
// when the browser sends Origin, come from this host. Bearer-token API clients are not at risk.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/problem.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-requested-with';

export const csrfPlugin = fp(async (app: FastifyInstance, opts: { allowedOrigins: string[] }) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    const forbidden = new AppError(403, 'CSRF_REJECTED', 'This request was refused for your security. Please reload the page and try again.');
    if (!request.headers[CSRF_HEADER]) throw forbidden;
    const origin = request.headers.origin;
    if (origin) {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        throw forbidden;
      }
      if (originHost !== request.headers.host && !opts.allowedOrigins.includes(origin)) {
        throw forbidden;
      }
    }
  });
});
