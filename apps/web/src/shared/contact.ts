import { formatUsPhone } from '@store/domain';

/** A `tel:` link target for a phone number as the operator typed it: digits and a leading plus. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** A patient's number as people read it: "(415) 555-0134" for ten digits however typed; anything else as given. */
export function formatPhoneForPeople(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? formatUsPhone(digits) : phone;
}

/** A patient's number as a doctor dials it: ten US digits as +1…; anything else as `telHref` makes it. */
export function patientTelHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 && !phone.trim().startsWith('+') ? `tel:+1${digits}` : telHref(phone);
}
