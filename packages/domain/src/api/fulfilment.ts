// The pharmacist's orders as the API serves them (issue 15 "Fulfilment"): GET /api/pharmacy/orders.
import { z } from 'zod';
import { CARRIERS, PHARMACY_TABS } from '../fulfilment/fulfilment.ts';

export const pharmacyOrderStatusSchema = z.enum(['to_fill', 'filled', 'shipped', 'delivered', 'ready_for_pickup']);
export type PharmacyOrderStatus = z.infer<typeof pharmacyOrderStatusSchema>;

export const pharmacyOrderSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    patientName: z.string(),
    shipTo: z
      .object({ fullName: z.string().nullable(), line1: z.string().nullable(), line2: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), zip: z.string().nullable(), phone: z.string().nullable() })
      .nullable(),
    shippingMethod: z.object({ carrier: z.string(), name: z.string() }).nullable(),
    items: z.array(z.object({ title: z.string(), qty: z.int() })),
    prescription: z
      .object({
        id: z.string(),
        medication: z.string(),
        strength: z.string(),
        form: z.string(),
        quantity: z.int(),
        daysSupply: z.int(),
        directions: z.string(),
        refills: z.int(),
        substitutionAllowed: z.boolean(),
        writtenAt: z.string(),
      })
      .nullable()
      .describe('Null for a product that needs no prescription'),
    status: pharmacyOrderStatusSchema,
    carrier: z.enum(CARRIERS).nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    /** Shipped more than DELIVERY_OVERDUE_DAYS ago and not yet delivered. */
    deliveryOverdue: z.boolean(),
    dates: z.object({
      sentAt: z.string().describe('When the order reached the pharmacy (paid or prescribed)'),
      filledAt: z.string().nullable(),
      shippedAt: z.string().nullable(),
      deliveredAt: z.string().nullable(),
      readyAt: z.string().nullable(),
    }),
  })
  .meta({ id: 'PharmacyOrder' });
export type PharmacyOrder = z.infer<typeof pharmacyOrderSchema>;

export const pharmacyOrderListSchema = z
  .object({
    items: z.array(pharmacyOrderSchema),
    counts: z.record(z.enum(PHARMACY_TABS), z.int()),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
  })
  .meta({ id: 'PharmacyOrderList' });
export type PharmacyOrderList = z.infer<typeof pharmacyOrderListSchema>;

export const pharmacyActionResultSchema = z.object({ status: pharmacyOrderStatusSchema }).meta({ id: 'PharmacyActionResult' });

/** POST /api/pharmacy/orders/:id/cannot-fill: the order is refunded (the amount given back, in cents). */
export const pharmacyRefundResultSchema = z.object({ status: z.literal('refunded'), refundedCents: z.int() }).meta({ id: 'PharmacyRefundResult' });
export type PharmacyRefundResult = z.infer<typeof pharmacyRefundResultSchema>;
