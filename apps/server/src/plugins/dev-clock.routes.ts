// POST /dev/clock moves the development clock forward (DEV_CLOCK=true, never in production); the
// browser tests open a booked visit's window with it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DevClock } from '../lib/dev-clock.ts';

export const devClockRoutes: FastifyPluginAsyncZod<{ clock: DevClock }> = async (app, { clock }) => {
  const view = z.object({ now: z.string(), offsetMs: z.number() });
  app.get('/dev/clock', { schema: { hide: true, response: { 200: view } } }, async () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() }));
  app.post(
    '/dev/clock',
    {
      schema: {
        hide: true,
        body: z.object({ advanceMs: z.int().min(0).max(30 * 24 * 60 * 60_000).optional(), to: z.iso.datetime().optional() }),
        response: { 200: view },
      },
    },
    async (request) => {
      const { advanceMs, to } = request.body;
      if (to) clock.advance(new Date(to).getTime() - clock.now().getTime());
      else clock.advance(advanceMs ?? 0);
      return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
    },
  );
};
