// An order's checkout progress as the API serves it (GET /api/orders/:id/checkout).
import { z } from 'zod';
import { visitTypeSchema } from './orders.ts';

const stageFlag = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(4),
  z.literal(8),
  z.literal(16),
  z.literal(32),
]);

const stageStatus = z.object({
  stage: stageFlag,
  name: z.string(),
  status: z.enum(['pending', 'completed']),
  label: z
    .enum(['Incomplete', 'Pending', 'completed'])
    .describe('SPEC §4 label: the first missing stage is Pending, later ones Incomplete'),
});

export const checkoutProgressSchema = z
  .object({
    orderId: z.string(),
    status: z.string(),
    statusLabel: z
      .string()
      .describe('SPEC §4 label of the order status: Incomplete, Pending, completed, …'),
    loggedIn: z.boolean(),
    visitType: visitTypeSchema,
    requiredStages: z.int(),
    completedStages: z.int(),
    missingStages: z
      .array(stageFlag)
      .describe('In stage order; Register is missing without a login (SPEC §2)'),
    firstPendingStage: stageFlag.nullable(),
    nextRoute: z
      .string()
      .nullable()
      .describe(
        'Route of the first pending stage (SPEC §2); /disqualified for a disqualified order',
      ),
    progressStep: z.union([
      z.literal(0),
      z.literal(1),
      z.literal(2),
      z.literal(3),
      z.literal(4),
      z.literal(5),
    ]),
    readyForPayment: z.boolean(),
    disqualified: z.boolean(),
    stages: z.array(stageStatus),
    items: z.array(
      z.object({
        id: z.string(),
        productId: z.string(),
        title: z.string(),
        consultRequired: z.boolean(),
        requiredStages: z.int(),
        completedStages: z.int(),
        stages: z.array(stageStatus),
      }),
    ),
    pendingConsultItemIds: z.array(z.string()),
  })
  .meta({ id: 'CheckoutProgress' });
