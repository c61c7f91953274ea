// GET /metrics for Prometheus (issue 20) and the request timing behind it. Every request's time
// is recorded under its route pattern (`/api/orders/:id`, never the URL with the id), method and
// status class; a page of the web app (served by the not-found handler) counts under `(web page)`,
// an API path no route matched under `(unmatched)`. With METRICS_TOKEN set the
// scrape must send `Authorization: Bearer <token>`, anyone else gets the 404 an unknown path gets;
// without it /metrics is open and belongs on the private network (README "Operations").
// Hidden from the OpenAPI document: it is for the operator's Prometheus, not for API clients, and
// its token is neither of the API's security schemes (the generated authorization and fuzz suites
// work from the document).
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../lib/metrics.ts';
import { notFound } from '../lib/problem.ts';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const plugin: FastifyPluginAsync<{ metrics: Metrics; token: string | undefined }> = async (app, { metrics, token }) => {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      { method: request.method, route: request.routeOptions.url ?? (request.url.startsWith('/api/') ? '(unmatched)' : '(web page)'), status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token) {
      const header = request.headers.authorization ?? '';
      if (!header.startsWith('Bearer ') || !sameSecret(header.slice('Bearer '.length).trim(), token)) throw notFound();
    }
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
};

export const metricsPlugin = fp(plugin, { name: 'metrics' });
