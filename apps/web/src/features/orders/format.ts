// Dates and money as the orders pages show them (Intl, in the patient's zone).
import { formatCents, patientTimeZone } from '@store/domain';

export const money = (cents: number) => formatCents(cents);

const zone = () => patientTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: zone() }).format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone() }).format(new Date(iso));
}
