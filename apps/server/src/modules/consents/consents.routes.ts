// SPEC §7 "get consents (StorefrontId)" and "get application settings": the storefront comes from
// the host, never from the client.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConsentsService } from './consents.service.ts';

const consentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['telehealth', 'privacy', 'terms']),
    title: z.string(),
    body: z.string(),
    version: z.int(),
  })
  .meta({ id: 'Consent' });

export const applicationSettingsSchema = z
  .object({ pharmacyChoice: z.boolean(), hideBmi: z.boolean() })
  .meta({ id: 'ApplicationSettings', description: 'SPEC §3 applicationSettings: PharmacyChoice, HideBMI' });

export const consentsRoutes: FastifyPluginAsyncZod<{ consents: ConsentsService }> = async (app, { consents }) => {
  app.get(
    '/api/consents',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'The current telehealth consent, privacy practices and terms of this storefront',
        response: { 200: z.array(consentSchema) },
      },
    },
    async (request) => consents.current(request.storefront.id),
  );

  app.get(
    '/api/application-settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'Application settings: whether patients choose a pharmacy, whether BMI is hidden',
        response: { 200: applicationSettingsSchema },
      },
    },
    async (request) => consents.applicationSettings(request.storefront),
  );
};
