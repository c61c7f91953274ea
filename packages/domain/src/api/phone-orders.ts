// The phone-order request (SPEC §7 "POST phone-order request", §2; issue 17): a guest or a patient
// asks the store to call them and take their order by phone. The SPEC §5 FullName and PhoneNumber
// rules with their messages; what they need and the best time to call are required.
import { z } from 'zod';
import { fullNameSchema, phoneNumberSchema } from '../validation/account.ts';

/** The choices the form offers for the best time to call; any other short text is accepted too. */
export const PHONE_ORDER_BEST_TIMES = ['Morning (9am–12pm)', 'Afternoon (12pm–5pm)', 'Evening (5pm–8pm)'] as const;

export const PHONE_ORDER_NEED_MAX = 1000;
export const PHONE_ORDER_BEST_TIME_MAX = 100;

export const PHONE_ORDER_MESSAGES = {
  // ours: SPEC gives no wording for these two
  NEED_REQUIRED: 'Please tell us what you would like to order.',
  NEED_TOO_LONG: `Please keep this under ${PHONE_ORDER_NEED_MAX} characters.`,
  BEST_TIME_REQUIRED: 'Please tell us when we should call you.',
  BEST_TIME_TOO_LONG: `Please keep this under ${PHONE_ORDER_BEST_TIME_MAX} characters.`,
} as const;

export const phoneOrderInputSchema = z
  .object({
    name: fullNameSchema,
    phone: phoneNumberSchema,
    need: z
      .string({ error: PHONE_ORDER_MESSAGES.NEED_REQUIRED })
      .trim()
      .min(1, { error: PHONE_ORDER_MESSAGES.NEED_REQUIRED })
      .max(PHONE_ORDER_NEED_MAX, { error: PHONE_ORDER_MESSAGES.NEED_TOO_LONG }),
    bestTime: z
      .string({ error: PHONE_ORDER_MESSAGES.BEST_TIME_REQUIRED })
      .trim()
      .min(1, { error: PHONE_ORDER_MESSAGES.BEST_TIME_REQUIRED })
      .max(PHONE_ORDER_BEST_TIME_MAX, { error: PHONE_ORDER_MESSAGES.BEST_TIME_TOO_LONG }),
  })
  .meta({ id: 'PhoneOrderInput' });
export type PhoneOrderInput = z.input<typeof phoneOrderInputSchema>;

export const phoneOrderCreatedSchema = z
  .object({
    id: z.string(),
    /** The best time to call, as stored (the confirmation repeats it). */
    bestTime: z.string(),
  })
  .meta({ id: 'PhoneOrderCreated' });
export type PhoneOrderCreated = z.infer<typeof phoneOrderCreatedSchema>;

// issue 18: the operator's console lists a storefront's phone-order requests and marks them handled.
export const PHONE_ORDER_REQUEST_STATUSES = ['new', 'handled'] as const;
export const adminPhoneOrderQuerySchema = z.object({
  status: z.enum(PHONE_ORDER_REQUEST_STATUSES).default('new'),
  page: z.coerce.number<string | number>().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number<string | number>().int().refine((n) => [10, 25, 50, 100].includes(n), { error: 'Choose 10, 25, 50 or 100 rows a page.' }).default(25),
});
export const adminPhoneOrderSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    phone: z.string(),
    need: z.string(),
    bestTime: z.string(),
    status: z.enum(PHONE_ORDER_REQUEST_STATUSES),
    /** A signed-in patient asked (a guest otherwise). */
    fromPatient: z.boolean(),
    createdAt: z.string(),
    handledAt: z.string().nullable(),
    /** The staff member who handled it, by name. */
    handledBy: z.string().nullable(),
  })
  .meta({ id: 'AdminPhoneOrder' });
export type AdminPhoneOrder = z.infer<typeof adminPhoneOrderSchema>;
export const adminPhoneOrderPageSchema = z
  .object({
    items: z.array(adminPhoneOrderSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    counts: z.object({ new: z.number().int(), handled: z.number().int() }),
  })
  .meta({ id: 'AdminPhoneOrderPage' });
export type AdminPhoneOrderPage = z.infer<typeof adminPhoneOrderPageSchema>;
