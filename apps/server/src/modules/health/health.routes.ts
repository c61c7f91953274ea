// Liveness (/api/health: the process answers and reaches its database) and readiness (/api/ready,
// issue 20: every dependency up and the instance not shutting down — what a load balancer polls).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Readiness } from './readiness.ts';

const dependencyState = z.enum(['up', 'down']);

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void>; readiness: Readiness }> = async (app, { ping, readiness }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        return reply.status(503).send({ status: 'unavailable' as const, database: 'down' as const });
      }
    },
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        summary:
          'Readiness for a load balancer (issue 20): 200 when every dependency (database; Redis when configured) answers; 503 naming the one that does not, or 503 draining once the instance is shutting down',
        response: {
          200: z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.literal('up')) }),
          503: z.union([
            z.object({ status: z.literal('unavailable'), checks: z.record(z.string(), dependencyState) }),
            z.object({ status: z.literal('draining') }),
          ]),
        },
      },
    },
    async (request, reply) => {
      const report = await readiness.report((name, err) => request.log.error({ dependency: name, err }, 'readiness check failed'));
      // A probe's answer is never cached by anything between the balancer and us.
      reply.header('cache-control', 'no-store');
      if (report.status === 'ready') return report;
      return reply.status(503).send(report);
    },
  );
};
