// Payments over HTTP (issue 7; SPEC §7 "Payment: payment methods, all payment methods, add, update,
// update-current, remove card, add-new-or-switch card"): the card form's configuration, the sandbox
// processor's tokenization endpoint, and a signed-in patient's saved cards. Paying an order is the
// checkout engine's endpoint (it owns the order and computes the amount) and calls payOrder.
import {
  MESSAGES,
  PAYMENT_MESSAGES,
  billingAddressSchema,
  cardDetailsSchema,
  CARD_BRANDS,
  expiryProblem,
  fieldErrors,
} from '@store/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentClientConfig } from '../../adapters/payments/payment-gateway.ts';
import type { SandboxGateway } from '../../adapters/payments/sandbox.gateway.ts';
import { AppError } from '../../lib/problem.ts';
import { requireIdentity, requireUser } from '../../plugins/identity.ts';
import { auditContext } from '../../plugins/identity.ts';
import type { CardView, PaymentsService } from './payments.service.ts';
import { perIpPerMinute } from '../../plugins/rate-limits.ts';

const cardSummarySchema = z.object({
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

export const savedCardSchema = z
  .object({
    id: z.string(),
    brand: z.enum(CARD_BRANDS),
    last4: z.string(),
    label: z.string().describe('e.g. "Visa ending in 4242"'),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    expired: z.boolean(),
    isCurrent: z.boolean().describe('The card checkout offers first'),
    billingAddress: billingAddressSchema.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'SavedCard', description: 'A saved card: brand, last four and expiry only' });

const savedCardsSchema = z.object({ cards: z.array(savedCardSchema) }).meta({ id: 'SavedCards' });

export const paymentConfigSchema = z
  .object({
    gateway: z.enum(['sandbox', 'stripe']),
    publishableKey: z.string().nullable().describe("Stripe's publishable key for Elements; null for the sandbox"),
  })
  .meta({ id: 'PaymentConfig' });

/** The shape of the card form's post; the card rules (Luhn, expiry, code) run in the handler. */
const tokenRequestSchema = z
  .object({
    number: z.string({ error: PAYMENT_MESSAGES.CARD_NUMBER_INVALID }).max(40, { error: PAYMENT_MESSAGES.CARD_NUMBER_INVALID }),
    expMonth: z.number({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }).int({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }),
    expYear: z.number({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }).int({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }),
    cvc: z.string({ error: PAYMENT_MESSAGES.CARD_CVC_INVALID }).max(4, { error: PAYMENT_MESSAGES.CARD_CVC_INVALID }),
    name: z.string().max(100).optional(),
    postalCode: z.string().max(10).optional(),
  })
  .meta({ id: 'SandboxCard', description: 'A card as typed into the sandbox processor\'s card form' });

const tokenResponseSchema = z
  .object({ token: z.string(), card: cardSummarySchema })
  .meta({ id: 'SandboxToken', description: 'A one-use card token; only the token is sent to the store' });

const addCardSchema = z.object({
  token: z.string().min(1).max(200).describe("The gateway's token (sandbox token or Stripe payment-method id)"),
  billingAddress: billingAddressSchema.optional(),
  makeCurrent: z.boolean().optional(),
});

const updateCardSchema = z.object({
  expMonth: z.number({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }).int({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }).optional(),
  expYear: z.number({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }).int({ error: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }).optional(),
  billingAddress: billingAddressSchema.optional(),
});

const params = z.object({ id: z.string().max(100) });

function cardJson(card: CardView) {
  return { ...card, createdAt: card.createdAt.toISOString() };
}


function validationProblem(errors: { field: string; message: string }[]): AppError {
  return new AppError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, { errors });
}

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  sandbox: SandboxGateway | null;
  client: PaymentClientConfig;
  now: () => Date;
}> = async (app, { payments, sandbox, client, now }) => {
  app.get(
    '/api/payments/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: "Which card form to show: the sandbox's, or Stripe Elements with this publishable key",
        response: { 200: paymentConfigSchema },
      },
    },
    async () => client,
  );

  if (sandbox) {
    app.post(
      '/api/payments/sandbox/tokens',
      {
        config: { access: 'session', rateLimit: perIpPerMinute('cardTokens') },
        schema: {
          tags: ['payments'],
          summary:
            "The sandbox processor's card form: checks the card (Luhn, expiry, security code) and returns a token. The only endpoint that accepts a card number.",
          body: tokenRequestSchema,
          response: { 201: tokenResponseSchema },
        },
      },
      async (request, reply) => {
        requireIdentity(request);
        const parsed = cardDetailsSchema(now()).safeParse(request.body);
        if (!parsed.success) throw validationProblem(fieldErrors(parsed.error));
        const { token, card } = await sandbox.tokenize(parsed.data);
        reply.header('cache-control', 'no-store');
        return reply.status(201).send({ token, card });
      },
    );
  }

  app.get(
    '/api/payment-methods',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'My saved cards, the current one first',
        response: { 200: savedCardsSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { cards: (await payments.listCards(user.userId)).map(cardJson) };
    },
  );

  app.post(
    '/api/payment-methods',
    {
      config: { access: 'user', rateLimit: perIpPerMinute('cardTokens') },
      schema: {
        tags: ['payments'],
        summary: 'Save a card from a gateway token (the first card saved becomes current)',
        body: addCardSchema,
        response: { 201: savedCardSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const card = await payments.addCard(user.userId, request.body, auditContext(request));
      return reply.status(201).send(cardJson(card));
    },
  );

  app.patch(
    '/api/payment-methods/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: "Update a saved card's expiry (month and year together) or billing address",
        params,
        body: updateCardSchema,
        response: { 200: savedCardSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { expMonth, expYear, billingAddress } = request.body;
      if ((expMonth === undefined) !== (expYear === undefined)) {
        throw validationProblem([{ field: 'expiry', message: PAYMENT_MESSAGES.CARD_EXPIRY_INVALID }]);
      }
      if (expMonth !== undefined && expYear !== undefined) {
        const problem = expiryProblem({ month: expMonth, year: expYear }, now());
        if (problem) throw validationProblem([{ field: 'expiry', message: problem }]);
      }
      const card = await payments.updateCard(
        user.userId,
        request.params.id,
        { expMonth, expYear, billingAddress },
        auditContext(request),
      );
      return cardJson(card);
    },
  );

  app.delete(
    '/api/payment-methods/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['payments'], summary: 'Remove a saved card (here and at the gateway)', params },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await payments.removeCard(user.userId, request.params.id, auditContext(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/payment-methods/:id/current',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'makePaymentMethodCurrent',
        tags: ['payments'],
        summary: 'Make a saved card the current one',
        params,
        response: { 200: savedCardSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return cardJson(await payments.setCurrentCard(user.userId, request.params.id));
    },
  );
};
