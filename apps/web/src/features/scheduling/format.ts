// Doctor labels shared by the doctor list and the bio dialog.
import type { Doctor } from './api/scheduling.api';

/** "Dr. Amara Okafor, MD". */
export function doctorTitle(doctor: Pick<Doctor, 'name' | 'credentials'>): string {
  return doctor.credentials ? `${doctor.name}, ${doctor.credentials}` : doctor.name;
}

/**
 * A doctor's real rating from patients (issue 16): "4.5 · 12 ratings", "5.0 · 1 rating", or
 * "No ratings yet" before anyone rated them.
 */
export function ratingText(doctor: Pick<Doctor, 'averageRating' | 'ratingCount'>): string {
  if (doctor.averageRating === null || doctor.ratingCount === 0) return 'No ratings yet';
  return `${doctor.averageRating.toFixed(1)} · ${doctor.ratingCount} ${doctor.ratingCount === 1 ? 'rating' : 'ratings'}`;
}
