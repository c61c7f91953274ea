// Pharmacies as the API returns them, for the component tests.
import type { Pharmacy, PharmacyMapData, PharmacyMarker } from '../api/pharmacy.api';

export function pharmacy(id: string, name: string, distanceMiles: number | null, over: Partial<Pharmacy> = {}): PharmacyMarker {
  const lat = 30.2713 + (distanceMiles ?? 0) / 69;
  return {
    id,
    isPatientCreated: false,
    isPartner: false,
    npi: '1234567893',
    name,
    phone: '5125550101',
    fax: null,
    pharmacyAddress: { address: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    location: { lat, lng: -97.7426 },
    distanceMiles,
    lat,
    lng: -97.7426,
    ...over,
  };
}

export const nearby = [
  pharmacy('p1', 'Maple Street Pharmacy', 0.4),
  pharmacy('p2', 'Medivale Pharmacy #1234', 1.8),
  pharmacy('p3', 'Riverside Apothecary', 6.25),
];

export const mapData = (markers: PharmacyMarker[] = nearby): PharmacyMapData => ({
  center: { lat: 30.2713, lng: -97.7426, zip: '78701', label: 'Austin, TX 78701' },
  radiusMiles: 25,
  total: markers.length,
  markers,
  tiles: { url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' },
});
