// SPEC §7 session and identity: the landing capture and the caller's IP address.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANDING_QUERY_MAX, parseLandingQuery, type LandingService } from './landing.service.ts';

// ours: the web sends these automatically, so the wording is for developers.
export const LANDING_PAGE_REQUIRED = 'The query string must include LandingPage.';

const landingBody = z.object({
  queryString: z
    .string({ error: LANDING_PAGE_REQUIRED })
    .max(LANDING_QUERY_MAX, { error: `The query string may be at most ${LANDING_QUERY_MAX} characters.` })
    .refine((q) => parseLandingQuery(q).landingPage !== null, { error: LANDING_PAGE_REQUIRED }),
  guid: z.uuid({ error: 'guid must be a guid from an earlier capture, or null.' }).nullish(),
});

const landingResponse = z
  .object({ guid: z.string(), landingPage: z.string(), redirectPage: z.string().nullable() })
  .meta({ id: 'LandingSession' });

export const landingRoutes: FastifyPluginAsyncZod<{ landing: LandingService }> = async (app, { landing }) => {
  app.post(
    '/api/landing-sessions',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Store the landing query string (LandingPage, optionally RedirectPage) under a session guid',
        body: landingBody,
        response: { 200: landingResponse, 201: landingResponse },
      },
    },
    async (request, reply) => {
      const { queryString, guid } = request.body;
      const { landingPage, redirectPage } = parseLandingQuery(queryString);
      const result = await landing.capture(request.storefront.id, {
        queryString: queryString.trim().replace(/^\?/, ''),
        landingPage: landingPage!,
        redirectPage,
        guid: guid ?? null,
      });
      reply.status(result.created ? 201 : 200);
      return { guid: result.guid, landingPage: landingPage!, redirectPage };
    },
  );

  app.get(
    '/api/client-ip',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: "The caller's IP address as this server sees it (behind a proxy only with TRUST_PROXY)",
        response: { 200: z.object({ clientIp: z.string() }).meta({ id: 'ClientIp' }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { clientIp: request.ip };
    },
  );
};
