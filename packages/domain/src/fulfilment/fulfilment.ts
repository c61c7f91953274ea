// What a partner pharmacist does with an order sent to their pharmacy (issue 15 "Fulfilment"):
// fill it, ship it with a carrier and tracking number, mark it delivered. The carriers, the
// tracking number rule and the carriers' tracking pages are shared by the server and the web.
import { z } from 'zod';

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Where the patient follows a parcel; null for a carrier the store does not know. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const n = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case 'USPS':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case 'UPS':
      return `https://www.ups.com/track?tracknum=${n}`;
    case 'FedEx':
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case 'DHL':
      return `https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=${n}`;
    case 'other':
      return null;
  }
}

export const FULFILMENT_MESSAGES = {
  TRACKING_INVALID: 'Enter the tracking number: 8 to 40 letters and digits.',
  CARRIER_REQUIRED: 'Choose the carrier.',
  NOT_FILLED: 'Fill this order before shipping it.',
  NOT_SHIPPED: 'Ship this order before marking it delivered.',
  ALREADY_SHIPPED: 'This order has already shipped.',
  ALREADY_SHIPPED_OTHER: 'This order already shipped with another tracking number.',
  PICKUP: 'This prescription is for pickup at the pharmacy; there is nothing to fill or ship.',
  CANNOT_FILL_SHIPPED: 'This order has already shipped, so it can no longer be refunded as not filled.',
} as const;

/**
 * Tracking numbers, loosely: 8 to 40 letters and digits (USPS 20–22 digits, UPS "1Z" + 16, FedEx
 * 12–15 digits, DHL 10 digits all fit). Spaces and dashes a pharmacist pastes are dropped.
 */
export const trackingNumberSchema = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{8,40}$/, FULFILMENT_MESSAGES.TRACKING_INVALID));

export const shipInputSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: FULFILMENT_MESSAGES.CARRIER_REQUIRED }),
    trackingNumber: trackingNumberSchema,
  })
  .meta({ id: 'ShipInput' });
export type ShipInput = z.infer<typeof shipInputSchema>;
/** The form's values before parsing (the tracking number as typed). */
export type ShipFormValues = z.input<typeof shipInputSchema>;

/** The pharmacist's list tabs: what is left to do, then each step, then everything. */
export const PHARMACY_TABS = ['to_fill', 'filled', 'shipped', 'delivered', 'ready_for_pickup', 'all'] as const;
export type PharmacyTab = (typeof PHARMACY_TABS)[number];

/** A shipped order with no delivery after this long is flagged in the list. */
export const DELIVERY_OVERDUE_DAYS = 14;

/**
 * A partner pharmacist cannot fill an order (issue 15: every status reached by a user action —
 * `refunded`): the reasons they pick, each with the kind text the patient reads (never a clinical
 * detail). The patient is refunded and the prescription revoked.
 */
export const CANNOT_FILL_REASONS = {
  out_of_stock: 'The pharmacy does not have your medication in stock.',
  cannot_dispense: 'The pharmacy is not able to dispense this medication.',
  prescription_problem: 'The pharmacy found a problem with the prescription and could not fill it safely.',
  other: 'The pharmacy was not able to fill your order.',
} as const;
export type CannotFillReason = keyof typeof CANNOT_FILL_REASONS;
export const CANNOT_FILL_REASON_CODES = Object.keys(CANNOT_FILL_REASONS) as [CannotFillReason, ...CannotFillReason[]];
/** The pharmacist's words for each reason (the dialog's choices). */
export const CANNOT_FILL_LABELS: Record<CannotFillReason, string> = {
  out_of_stock: 'Out of stock',
  cannot_dispense: 'Cannot dispense',
  prescription_problem: 'Problem with the prescription',
  other: 'Other',
};

export const cannotFillInputSchema = z
  .object({
    reason: z.enum(CANNOT_FILL_REASON_CODES, { error: 'Choose a reason.' }),
    note: z.string().trim().max(500, 'At most 500 characters.').optional(),
  })
  .meta({ id: 'CannotFillInput' });
export type CannotFillInput = z.infer<typeof cannotFillInputSchema>;
