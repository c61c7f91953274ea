// Payment messages (issue 7). SPEC §7 lists the payment calls but gives no wording for card
// fields or declines, so every message here is ours: plain words a patient can act on, never a
// processor's code. Server problems (`detail`) and the web's field messages use the same text.

export const PAYMENT_MESSAGES = {
  // Card fields (the gateway's card form and the sandbox tokenization endpoint)
  CARD_NUMBER_INVALID: 'Please enter a valid card number.',
  CARD_EXPIRY_INVALID: 'Please enter the expiry date as MM/YY.',
  /** The same, where month and year are separate fields (editing a saved card's expiry). */
  CARD_EXPIRY_PARTS_INVALID: 'Please enter the month as MM and the year as YYYY.',
  CARD_EXPIRED: 'This card has expired. Please use a different card.',
  CARD_CVC_INVALID: 'Please enter the 3-digit security code (4 digits for American Express).',
  CARD_NAME_INVALID: 'Please enter the name on the card.',
  BILLING_LINE1_REQUIRED: 'Please enter the street address.',
  BILLING_CITY_REQUIRED: 'Please enter the city.',
  // Declines and processor failures, in the words the patient sees
  PAYMENT_CARD_DECLINED: 'Your card was declined. Please use a different card.',
  PAYMENT_INSUFFICIENT_FUNDS: 'Your card has insufficient funds. Please use a different card.',
  PAYMENT_PROCESSING_ERROR: 'We could not process your card just now. Please try again.',
  PAYMENT_EXPIRED_CARD: 'Your card has expired. Please use a different card.',
  PAYMENT_INCORRECT_CVC: "Your card's security code is incorrect. Please check it and try again.",
  PAYMENT_INCORRECT_NUMBER: 'Your card number is incorrect. Please check it and try again.',
  PAYMENT_AUTHENTICATION_REQUIRED:
    'Your bank needs to confirm this payment, which we cannot do here. Please use a different card.',
  PAYMENT_METHOD_UNUSABLE: 'This card can no longer be used. Please enter your card details again.',
  PAYMENT_GATEWAY_UNAVAILABLE:
    'We could not reach our payment processor. You have not been charged. Please try again in a moment.',
  // Money movements after checkout (operators and the order's life; rarely shown to a patient)
  PAYMENT_AUTHORIZATION_EXPIRED: 'The hold on this card has expired, so it can no longer be charged.',
  PAYMENT_ALREADY_CAPTURED: 'This payment has already been charged.',
  PAYMENT_NOT_CAPTURABLE: 'This payment cannot be charged in its current state.',
  PAYMENT_NOT_VOIDABLE: 'This payment cannot be released in its current state.',
  PAYMENT_NOT_REFUNDABLE: 'This payment cannot be refunded in its current state.',
  PAYMENT_AMOUNT_INVALID: 'The amount to charge is not valid.',
  PAYMENT_IN_PROGRESS: 'Your payment is still being processed. Please wait a moment and check your order.',
  PAYMENT_REQUEST_MISMATCH:
    'This payment request does not match an earlier one with the same key. Please reload the page and try again.',
  PAYMENT_ALREADY_PAID: 'This order has already been paid.',
  SAVED_CARDS_NEED_ACCOUNT: 'Please log in to use saved cards.',
  /** issue 13 #10: the same card (brand, last four and expiry) is kept once per patient. */
  CARD_ALREADY_SAVED: 'This card is already saved to your account.',
} as const;

export type PaymentMessageCode = keyof typeof PAYMENT_MESSAGES;

/**
 * Why a gateway refused or could not finish a call, the same set for every gateway. A card's
 * refusal (`declined` kind) means "use another card"; `processing_error` and
 * `gateway_unavailable` mean "the same card may work if you try again".
 */
export const DECLINE_CODES = [
  'card_declined',
  'insufficient_funds',
  'processing_error',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'authentication_required',
  'payment_method_unusable',
  'gateway_unavailable',
  'authorization_expired',
  'already_captured',
  'not_capturable',
  'not_voidable',
  'not_refundable',
  'amount_invalid',
] as const;

export type DeclineCode = (typeof DECLINE_CODES)[number];

const DECLINE_MESSAGE_CODES: Record<DeclineCode, PaymentMessageCode> = {
  card_declined: 'PAYMENT_CARD_DECLINED',
  insufficient_funds: 'PAYMENT_INSUFFICIENT_FUNDS',
  processing_error: 'PAYMENT_PROCESSING_ERROR',
  expired_card: 'PAYMENT_EXPIRED_CARD',
  incorrect_cvc: 'PAYMENT_INCORRECT_CVC',
  incorrect_number: 'PAYMENT_INCORRECT_NUMBER',
  authentication_required: 'PAYMENT_AUTHENTICATION_REQUIRED',
  payment_method_unusable: 'PAYMENT_METHOD_UNUSABLE',
  gateway_unavailable: 'PAYMENT_GATEWAY_UNAVAILABLE',
  authorization_expired: 'PAYMENT_AUTHORIZATION_EXPIRED',
  already_captured: 'PAYMENT_ALREADY_CAPTURED',
  not_capturable: 'PAYMENT_NOT_CAPTURABLE',
  not_voidable: 'PAYMENT_NOT_VOIDABLE',
  not_refundable: 'PAYMENT_NOT_REFUNDABLE',
  amount_invalid: 'PAYMENT_AMOUNT_INVALID',
};

/** The stable problem code of a decline (e.g. `PAYMENT_INSUFFICIENT_FUNDS`). */
export function declineMessageCode(code: DeclineCode): PaymentMessageCode {
  return DECLINE_MESSAGE_CODES[code];
}

/** The decline in plain words, as the patient reads it. */
export function declineMessage(code: DeclineCode): string {
  return PAYMENT_MESSAGES[DECLINE_MESSAGE_CODES[code]];
}

/** Declines the same card may get past by trying again (with a new attempt). */
export function isRetryableDecline(code: DeclineCode): boolean {
  return code === 'processing_error' || code === 'gateway_unavailable';
}

export function isDeclineCode(value: string): value is DeclineCode {
  return (DECLINE_CODES as readonly string[]).includes(value);
}
