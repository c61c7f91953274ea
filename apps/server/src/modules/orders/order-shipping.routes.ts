// The order's shipping address and pharmacy over HTTP (SPEC §7 "add and use shipping address",
// "edit shipping address", "add patient pharmacy to order", guest "pharmacy", "pharmacy
// acceptinternal"). The method stays `PATCH /api/orders/:id/shipping` (cart); saving address and
// method completes the Shipping stage, choosing the pharmacy the Pharmacy stage.
import { usAddressSchema, orderViewSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext, requireIdentity } from '../../plugins/identity.ts';
import type { EditOrderWorkflow } from '../../workflows/edit-order.ts';

const params = z.object({ id: z.string().max(100) });

const methodId = z.string().max(100).optional().describe('Also choose this shipping method');

const shippingAddressBody = z
  .object({
    savedAddressId: z
      .string()
      .max(100)
      .optional()
      .describe('One of the patient’s saved addresses (copied onto the order)'),
    address: usAddressSchema.optional().describe('A new address'),
    save: z
      .boolean()
      .optional()
      .describe('Signed-in patients: also keep the new address as a saved one'),
    methodId,
  })
  .refine((b) => (b.savedAddressId === undefined) !== (b.address === undefined), {
    error: 'Choose a saved address or enter a new one.',
    path: ['address'],
  });

const pharmacyBody = z
  .object({
    pharmacyId: z
      .string()
      .max(100)
      .optional()
      .describe('A pharmacy the caller may choose (directory, partner, their own)'),
    partner: z.literal(true).optional().describe('Ship from the storefront’s partner pharmacy'),
  })
  .refine((b) => (b.pharmacyId === undefined) !== (b.partner === undefined), {
    error: 'Choose a pharmacy.',
    path: ['pharmacyId'],
  });

export const orderShippingRoutes: FastifyPluginAsyncZod<{
  editOrder: Pick<EditOrderWorkflow, 'setShippingAddress' | 'setPharmacy'>;
}> = async (app, { editOrder }) => {
  app.put(
    '/api/orders/:id/shipping-address',
    {
      config: { access: 'session' },
      schema: {
        tags: ['checkout'],
        summary:
          'Ship the order to a saved address or a new one (a snapshot is copied onto the order); with its method set, completes the Shipping stage',
        params,
        body: shippingAddressBody,
        response: { 200: orderViewSchema },
      },
    },
    async (request) =>
      editOrder.setShippingAddress(
        request.storefront,
        requireIdentity(request),
        request.params.id,
        request.body,
      ),
  );

  app.put(
    '/api/orders/:id/pharmacy',
    {
      config: { access: 'session' },
      schema: {
        tags: ['checkout'],
        summary:
          'Send the prescription to this pharmacy (or ship from the partner pharmacy); completes the Pharmacy stage',
        params,
        body: pharmacyBody,
        response: { 200: orderViewSchema },
      },
    },
    async (request) =>
      editOrder.setPharmacy(
        request.storefront,
        requireIdentity(request),
        request.params.id,
        request.body,
        auditContext(request),
      ),
  );
};
