// SPEC §7 "Doctors, doctor bio": the doctors a patient may choose in a state, and one doctor's bio.
import { usStateSchema, doctorSummarySchema, doctorDetailSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import type { DoctorService } from './doctors.service.ts';

export const doctorRoutes: FastifyPluginAsyncZod<{ doctors: DoctorService }> = async (app, { doctors }) => {
  const scopeOf = (request: { storefront: { id: string; companyId: string } }) => ({
    storefrontId: request.storefront.id,
    companyId: request.storefront.companyId,
  });

  app.get(
    '/api/doctors',
    {
      config: { access: 'public' },
      schema: {
        tags: ['doctors'],
        summary: 'Active doctors of this storefront; with ?state=XX only those licensed in that state',
        querystring: z.object({ state: usStateSchema.optional() }),
        response: { 200: z.array(doctorSummarySchema) },
      },
    },
    async (request) => doctors.list(scopeOf(request), { state: request.query.state }),
  );

  app.get(
    '/api/doctors/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['doctors'],
        summary: "One doctor's bio (the doctor bio dialog)",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: doctorDetailSchema },
      },
    },
    async (request) => {
      const doctor = await doctors.get(scopeOf(request), request.params.id);
      if (!doctor) throw notFound();
      return doctor;
    },
  );
};
