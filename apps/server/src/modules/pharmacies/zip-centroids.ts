// US ZIP code centroids from the `zipcodes` package: where a ZIP search measures distance from,
// and where demo pharmacies are placed. Canadian codes and entries without a location are ignored.
import type { LatLng } from '@store/domain';
import zipcodes, { type ZipCodeEntry } from 'zipcodes';

export interface ZipCentroid extends LatLng {
  zip: string;
  city: string;
  state: string;
}

function usable(entry: ZipCodeEntry | undefined): entry is ZipCodeEntry {
  return Boolean(entry && entry.country === 'US' && (entry.latitude !== 0 || entry.longitude !== 0));
}

const toCentroid = (e: ZipCodeEntry): ZipCentroid => ({
  zip: e.zip,
  city: e.city,
  state: e.state,
  lat: e.latitude,
  lng: e.longitude,
});

/** The centroid of a 5-digit ZIP (a ZIP+4 is looked up by its first five digits), or null. */
export function zipCentroid(zip: string): ZipCentroid | null {
  const five = /^(\d{5})(-\d{4})?$/.exec(zip.trim())?.[1];
  if (!five) return null;
  const entry = zipcodes.lookup(five);
  return usable(entry) ? toCentroid(entry) : null;
}

/** Every usable ZIP of a state, sorted by ZIP (a stable order for deterministic demo data). */
export function zipsOfState(state: string): ZipCentroid[] {
  return Object.values(zipcodes.codes)
    .filter((e) => usable(e) && e.state === state)
    .map(toCentroid)
    .sort((a, b) => a.zip.localeCompare(b.zip));
}
