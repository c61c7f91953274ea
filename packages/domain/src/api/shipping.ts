// The storefront's shipping methods and tax rates as the API serves them.
import { z } from 'zod';

export const shippingMethodSchema = z
  .object({
    id: z.string(),
    carrier: z.string(),
    name: z.string(),
    costCents: z.int(),
    minDays: z.int(),
    maxDays: z.int(),
    freeAboveCents: z.int().nullable().describe('Free when the merchandise (subtotal − discount) reaches this'),
  })
  .meta({ id: 'ShippingMethod' });

export const taxRateSchema = z
  .object({
    state: z.string(),
    ratePercent: z.number().describe('Percent, e.g. 7.25'),
    appliesToConsultFee: z.boolean(),
  })
  .meta({ id: 'TaxRate' });

export type ShippingMethodView = z.infer<typeof shippingMethodSchema>;
