// Pay now (SPEC §7 "pay now"), the paid order's confirmation and its PDF receipt (issue 7). The
// browser sends the card (a gateway token or a saved card id), the consents it accepted and an
// Idempotency-Key; never an amount: the server charges the total it computed.
import { billingAddressSchema } from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/problem.ts';
import { auditContext, requireIdentity404, requireOwner } from '../../plugins/identity.ts';
import type { PayWorkflow } from '../../workflows/pay.ts';

const orderParams = z.object({ id: z.string().max(100) });

const payBody = z.object({
  paymentMethod: z.union([
    z.object({
      token: z.string().min(1).max(300),
      saveCard: z.boolean().optional(),
      billingAddress: billingAddressSchema.optional(),
    }),
    z.object({ savedCardId: z.string().min(1).max(100) }),
  ]),
  acceptedConsentIds: z.array(z.string().max(100)).max(20).default([]),
});

const purchaseSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    status: z.string(),
    payment: z.object({
      status: z.string(),
      amountCents: z.int(),
      captured: z.boolean().describe('Charged now (no doctor’s decision needed); false: held until approval'),
      card: z.object({ brand: z.string(), last4: z.string(), label: z.string() }).nullable(),
    }),
    receiptUrl: z.string(),
  })
  .meta({ id: 'Purchase' });

export const payRoutes: FastifyPluginAsyncZod<{ pay: Pick<PayWorkflow, 'pay' | 'confirmation' | 'receiptPdf'> }> = async (
  app,
  { pay },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/orders/:id/pay',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['checkout', 'payments'],
        summary:
          'Pay for the caller’s order (SPEC §7 pay now) with a card token or a saved card: its server-computed total is charged at once (no consult) or held until a doctor approves. Needs an Idempotency-Key header; a repeat answers the same result. 402 with the reason in plain words when the card is declined',
        params: orderParams,
        headers: z.object({ 'idempotency-key': z.string().max(200).optional() }),
        body: payBody,
        response: { 200: purchaseSchema.extend({ replayed: z.boolean() }) },
      },
    },
    async (request) => {
      const identity = requireIdentity404(request);
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length < 8) {
        throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'Each payment needs an Idempotency-Key header of 8 to 200 characters.');
      }
      return pay.pay({
        storefront: request.storefront,
        identity,
        orderId: request.params.id,
        idempotencyKey: key,
        paymentMethod: request.body.paymentMethod,
        acceptedConsentIds: request.body.acceptedConsentIds,
        audit: auditContext(request),
        // issue 13 #5: the receipt link in the confirmation mail never takes a forged Host header.
        baseUrl: await request.linkOrigin(),
      });
    },
  );

  app.get(
    '/api/orders/:id/payment',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['checkout', 'payments'],
        summary: 'The caller’s paid order: order number, status and payment (card brand and last four) for the confirmation page. 404 until paid',
        params: orderParams,
        response: { 200: purchaseSchema },
      },
    },
    async (request) => {
      return pay.confirmation(request.storefront, requireOwner(request), request.params.id);
    },
  );

  app.get(
    '/api/orders/:id/receipt.pdf',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['checkout', 'payments'],
        summary: 'The PDF receipt of the caller’s paid order (owner only)',
        params: orderParams,
      },
    },
    async (request, reply) => {
      const pdf = await pay.receiptPdf(request.storefront, requireOwner(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${request.params.id.slice(0, 8)}.pdf"`)
        .send(pdf);
    },
  );
};
