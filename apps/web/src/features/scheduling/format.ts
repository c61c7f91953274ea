// Doctor labels shared by the doctor list and the bio dialog.
import type { Doctor } from './api/scheduling.api';

/** "Dr. Amara Okafor, MD". */
export function doctorTitle(doctor: Pick<Doctor, 'name' | 'credentials'>): string {
  return doctor.credentials ? `${doctor.name}, ${doctor.credentials}` : doctor.name;
}

/** "Rated 4.9 out of 5 (212 reviews)". */
export function ratingText(doctor: Pick<Doctor, 'averageRating' | 'ratingCount'>): string {
  if (doctor.averageRating === null) return 'New to the practice';
  return `Rated ${doctor.averageRating.toFixed(1)} out of 5 (${doctor.ratingCount} ${doctor.ratingCount === 1 ? 'review' : 'reviews'})`;
}
