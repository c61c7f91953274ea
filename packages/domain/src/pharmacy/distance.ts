// Great-circle distance between two points on the Earth (haversine), in statute miles.

export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean Earth radius in statute miles (IUGG mean radius 6,371.0088 km). */
export const EARTH_RADIUS_MILES = 3958.7613;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Miles between a and b along the Earth's surface; symmetric, 0 for the same point. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min() guards against rounding pushing h a hair above 1 for antipodal points.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance rounded for display: one decimal ("0.4 mi", "12.3 mi"). */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}
