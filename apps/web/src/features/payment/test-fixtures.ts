// Saved cards for the payment feature's component tests (one set, shared by the summary's chooser
// and the account's Saved cards page).
import type { SavedCard } from './api/payment.api';

/** "Today" for the card tests: cards expiring before March 2027 are expired. */
export const now = () => new Date('2027-03-15T12:00:00Z');

export const card = (id: string, over: Partial<SavedCard> = {}): SavedCard => ({
  id,
  brand: 'visa',
  last4: '4242',
  label: 'Visa ending in 4242',
  expMonth: 12,
  expYear: 2030,
  expired: false,
  isCurrent: false,
  billingAddress: null,
  createdAt: '2027-03-01T10:00:00.000Z',
  ...over,
});
export const visa = card('c1', { isCurrent: true });
export const master = card('c2', { brand: 'mastercard', last4: '4444', label: 'Mastercard ending in 4444', expMonth: 3, expYear: 2031 });
