// The signed-in pharmacist's pharmacy (issue 15), for the pharmacy area's header and home page.
// Anyone who is not a pharmacist on a pharmacy's staff gets the 404 an unknown route would.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import type { PharmacyStaffService } from './pharmacy-staff.service.ts';

const pharmacistHomeSchema = z
  .object({
    pharmacy: z.object({
      id: z.string(),
      name: z.string(),
      phone: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
    }),
  })
  .meta({ id: 'PharmacistHome' });

export const pharmacyStaffRoutes: FastifyPluginAsyncZod<{ pharmacyStaff: PharmacyStaffService }> = async (
  app,
  { pharmacyStaff },
) => {
  app.get(
    '/api/pharmacy/me',
    {
      schema: {
        tags: ['pharmacy'],
        summary: 'The signed-in pharmacist’s pharmacy (404 to anyone else)',
        response: { 200: pharmacistHomeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const identity = request.identity;
      if (identity?.kind !== 'user' || identity.role !== 'pharmacist') throw notFound();
      const home = await pharmacyStaff.home(identity.userId);
      if (!home) throw notFound();
      return home;
    },
  );
};
