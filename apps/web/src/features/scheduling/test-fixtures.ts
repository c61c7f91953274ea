// Test fixtures for the scheduling feature: doctors, open times and the browser's time zone.
import { vi } from 'vitest';

/** Pretend the browser is in `timeZone` (Intl's detected zone). */
export function detectZone(timeZone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  return vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...original.call(this), timeZone };
  });
}

export const OKAFOR = {
  id: '00000000-0000-4000-8000-00000000d001',
  name: 'Dr. Amara Okafor',
  credentials: 'MD',
  photoUrl: '/images/doctors/amara-okafor.svg',
  specialties: ['Internal medicine', 'Weight management'],
  timeZone: 'America/New_York',
  averageRating: 4.5,
  ratingCount: 12,
  states: ['FL', 'GA', 'NY', 'PA'],
};
export const PETROV = {
  id: '00000000-0000-4000-8000-00000000d006',
  name: 'Dr. Elena Petrov',
  credentials: 'MD',
  photoUrl: '/images/doctors/elena-petrov.svg',
  specialties: ['Internal medicine', 'Sexual health'],
  timeZone: 'America/New_York',
  // issue 16: nobody has rated her yet.
  averageRating: null,
  ratingCount: 0,
  states: ['FL', 'GA', 'IL', 'NY', 'PA'],
};

export const SLOT_DAYS = [
  {
    date: '2027-02-02',
    slots: [
      { startsAt: '2027-02-02T15:00:00.000Z', endsAt: '2027-02-02T15:30:00.000Z' },
      { startsAt: '2027-02-02T15:30:00.000Z', endsAt: '2027-02-02T16:00:00.000Z' },
    ],
  },
  { date: '2027-02-03', slots: [{ startsAt: '2027-02-03T18:00:00.000Z', endsAt: '2027-02-03T18:30:00.000Z' }] },
];
