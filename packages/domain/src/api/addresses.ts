// The signed-in patient's saved addresses as the API serves them (SPEC §9 address groups).
import { z } from 'zod';
import { ADDRESS_GROUPS } from '../messages.ts';
import { shippingAddressSchema } from './orders.ts';

export const savedAddressSchema = shippingAddressSchema
  .extend({
    id: z.string(),
    lastUsedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'SavedAddress' });

export const savedAddressesSchema = z
  .object({
    mostRecent: savedAddressSchema.nullable().describe(ADDRESS_GROUPS.mostRecent),
    otherSaved: z.array(savedAddressSchema).describe(ADDRESS_GROUPS.otherSaved),
  })
  .meta({ id: 'SavedAddresses' });

export type SavedAddressView = z.infer<typeof savedAddressSchema>;
