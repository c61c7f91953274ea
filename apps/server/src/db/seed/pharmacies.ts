// Demo pharmacy directory (issue 5): a few hundred believable pharmacies around the cities of the
// demo states, placed at real ZIP centroids (the `zipcodes` package) and generated from a fixed
// seed, so every fresh database gets the same rows. Names are made up: street, town and family
// names, and chain-style names that are not real trademarks. NPIs carry a valid check digit; phone
// and fax numbers use the 555-01xx range set aside for fiction, behind each city's real area code.
// Plus one partner mail-order pharmacy per storefront.
import { distanceMiles, npiFromFirstNine } from '@store/domain';
import { asc } from 'drizzle-orm';
import { zipCentroid, zipsOfState, type ZipCentroid } from '../../modules/pharmacies/zip-centroids.ts';
import type { Db } from '../client.ts';
import { pharmacies } from '../schema/pharmacies.ts';
import { storefronts } from '../schema/storefronts.ts';

/** A city the demo places pharmacies around: its central ZIP, its area code, how many. */
interface Metro {
  zip: string;
  areaCode: string;
  count: number;
}

export const DEMO_PHARMACY_METROS: Record<string, Metro[]> = {
  CA: [
    { zip: '90012', areaCode: '213', count: 14 }, // Los Angeles
    { zip: '94103', areaCode: '415', count: 10 }, // San Francisco
    { zip: '92101', areaCode: '619', count: 8 }, // San Diego
    { zip: '95814', areaCode: '916', count: 6 }, // Sacramento
    { zip: '95113', areaCode: '408', count: 6 }, // San Jose
    { zip: '93721', areaCode: '559', count: 4 }, // Fresno
    { zip: '92501', areaCode: '951', count: 4 }, // Riverside
  ],
  NY: [
    { zip: '10001', areaCode: '212', count: 16 }, // Manhattan
    { zip: '11201', areaCode: '718', count: 6 }, // Brooklyn
    { zip: '14202', areaCode: '716', count: 5 }, // Buffalo
    { zip: '14604', areaCode: '585', count: 4 }, // Rochester
    { zip: '12207', areaCode: '518', count: 4 }, // Albany
    { zip: '13202', areaCode: '315', count: 4 }, // Syracuse
    { zip: '10601', areaCode: '914', count: 3 }, // White Plains
  ],
  TX: [
    { zip: '78701', areaCode: '512', count: 10 }, // Austin
    { zip: '75201', areaCode: '214', count: 10 }, // Dallas
    { zip: '77002', areaCode: '713', count: 12 }, // Houston
    { zip: '78205', areaCode: '210', count: 8 }, // San Antonio
    { zip: '76102', areaCode: '817', count: 4 }, // Fort Worth
    { zip: '79901', areaCode: '915', count: 3 }, // El Paso
  ],
  FL: [
    { zip: '33130', areaCode: '305', count: 10 }, // Miami
    { zip: '32801', areaCode: '407', count: 8 }, // Orlando
    { zip: '33602', areaCode: '813', count: 8 }, // Tampa
    { zip: '32202', areaCode: '904', count: 6 }, // Jacksonville
    { zip: '33301', areaCode: '954', count: 5 }, // Fort Lauderdale
    { zip: '32301', areaCode: '850', count: 3 }, // Tallahassee
  ],
  IL: [
    { zip: '60601', areaCode: '312', count: 18 }, // Chicago
    { zip: '60540', areaCode: '630', count: 4 }, // Naperville
    { zip: '61602', areaCode: '309', count: 3 }, // Peoria
    { zip: '62701', areaCode: '217', count: 3 }, // Springfield
    { zip: '61101', areaCode: '815', count: 3 }, // Rockford
  ],
  WA: [
    { zip: '98101', areaCode: '206', count: 12 }, // Seattle
    { zip: '98402', areaCode: '253', count: 5 }, // Tacoma
    { zip: '99201', areaCode: '509', count: 5 }, // Spokane
    { zip: '98501', areaCode: '360', count: 3 }, // Olympia
    { zip: '98660', areaCode: '360', count: 3 }, // Vancouver
  ],
  CO: [
    { zip: '80202', areaCode: '303', count: 14 }, // Denver
    { zip: '80903', areaCode: '719', count: 6 }, // Colorado Springs
    { zip: '80302', areaCode: '303', count: 4 }, // Boulder
    { zip: '80521', areaCode: '970', count: 3 }, // Fort Collins
  ],
  AZ: [
    { zip: '85004', areaCode: '602', count: 14 }, // Phoenix
    { zip: '85701', areaCode: '520', count: 7 }, // Tucson
    { zip: '85251', areaCode: '480', count: 4 }, // Scottsdale
    { zip: '86001', areaCode: '928', count: 3 }, // Flagstaff
  ],
  GA: [
    { zip: '30303', areaCode: '404', count: 16 }, // Atlanta
    { zip: '31401', areaCode: '912', count: 4 }, // Savannah
    { zip: '30901', areaCode: '706', count: 3 }, // Augusta
    { zip: '31201', areaCode: '478', count: 3 }, // Macon
  ],
  PA: [
    { zip: '19103', areaCode: '215', count: 14 }, // Philadelphia
    { zip: '15222', areaCode: '412', count: 10 }, // Pittsburgh
    { zip: '17101', areaCode: '717', count: 4 }, // Harrisburg
    { zip: '18101', areaCode: '610', count: 3 }, // Allentown
  ],
};

/** How far from a city's central ZIP its pharmacies may be (miles). */
const METRO_RADIUS_MILES = 15;

const STREETS = [
  'Maple', 'Oak', 'Main', 'Elm', 'Cedar', 'Pine', 'Washington', 'Lincoln', 'Park', 'Lake', 'Hill',
  'Sunset', 'Highland', 'Church', 'Mill', 'River', 'Spring', 'Center', 'Market', 'Franklin',
  'Jefferson', 'Madison', 'Chestnut', 'Walnut', 'Willow', 'Birch', 'Magnolia', 'Laurel', 'Grove',
  'Meadow', 'Union', 'College', 'Liberty', 'Bridge', 'Harbor', 'Orchard', 'Prospect', 'Summit',
];
const STREET_SUFFIXES = [
  ['St', 'Street'], ['Ave', 'Avenue'], ['Blvd', 'Boulevard'], ['Rd', 'Road'], ['Dr', 'Drive'],
  ['Ln', 'Lane'], ['Way', 'Way'],
] as const;
const SURNAMES = [
  'Johnson', 'Alvarez', 'Nguyen', 'Patel', 'Okafor', 'Kowalski', 'Bennett', 'Haddad', 'Larsen',
  'Moreno', 'Fischer', 'Tanaka', 'Brennan', 'Castillo', 'Whitaker', 'Lindqvist', 'Abernathy',
  'Delgado', 'Harmon', 'Sullivan', 'Reyes', 'Goldberg', 'Mbeki', 'Romano',
];
const PLACES = [
  'Riverside', 'Hillcrest', 'Parkview', 'Lakeside', 'Oak Grove', 'Sunrise', 'Greenway', 'Bayside',
  'Cedar Ridge', 'Fairview', 'Brookside', 'Westgate', 'Northgate', 'Meadowbrook', 'Stonebridge',
  'Willow Creek', 'Pleasant Valley', 'Kingsley', 'Harborview', 'Maplewood',
];
/** Chain-style names invented for the demo (not real pharmacy brands). */
const CHAINS = ['Medivale Pharmacy', 'Veranta Drug', 'Nordhaven Rx', 'Amberlin Pharmacy', 'Corlisle Drug'];

/** mulberry32: a small, well-mixed 32-bit generator; the same seed gives the same rows. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick };
}

/** Names of organisations with their own ZIP (a state board, a bank's reply mail), not towns. */
const ORGANISATION = /\b(board|bureau|dept|department|internal revenue|irs|insurance|bank of|brm|corp|mail|service ctr|administration)\b/i;

/** ZIPs of real towns: the town has at least two ZIPs and the name is not an organisation's. */
function townZips(zips: ZipCentroid[]): ZipCentroid[] {
  const perTown = new Map<string, number>();
  for (const z of zips) perTown.set(z.city, (perTown.get(z.city) ?? 0) + 1);
  return zips.filter((z) => (perTown.get(z.city) ?? 0) >= 2 && !ORGANISATION.test(z.city));
}

export interface DemoPharmacy {
  npi: string;
  name: string;
  phone: string;
  fax: string;
  addressLine: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

/** The demo directory: the same list every time (fixed seed, sorted ZIP data). */
export function generateDemoPharmacies(seed = 20261121): DemoPharmacy[] {
  const rnd = generator(seed);
  const result: DemoPharmacy[] = [];
  const npis = new Set<string>();
  const names = new Set<string>();
  const numbersUsed = new Map<string, Set<number>>();

  /** A fictional 10-digit number: area code + 555-01xx, unique per area code. */
  const fictionalNumber = (areaCode: string) => {
    const used = numbersUsed.get(areaCode) ?? new Set<number>();
    numbersUsed.set(areaCode, used);
    let n = rnd.int(0, 99);
    while (used.has(n)) n = (n + 1) % 100;
    used.add(n);
    return `${areaCode}5550${100 + n}`;
  };

  for (const state of Object.keys(DEMO_PHARMACY_METROS)) {
    const stateZips = townZips(zipsOfState(state));
    for (const metro of DEMO_PHARMACY_METROS[state]!) {
      const center = zipCentroid(metro.zip);
      if (!center) throw new Error(`Demo metro ZIP ${metro.zip} has no centroid`);
      const nearby = stateZips.filter((z) => distanceMiles(center, z) <= METRO_RADIUS_MILES);
      for (let i = 0; i < metro.count; i += 1) {
        // The first pharmacy of a city sits in its central ZIP, so a search there finds it close by.
        const place: ZipCentroid = i === 0 ? center : rnd.pick(nearby);
        const street = rnd.pick(STREETS);
        const [suffix, suffixLong] = rnd.pick(STREET_SUFFIXES);
        const addressLine = `${rnd.int(10, 9899)} ${street} ${suffix}`;
        const city = titleCase(place.city);

        let name = '';
        for (let attempt = 0; attempt < 20 && (!name || names.has(`${name}|${city}`)); attempt += 1) {
          const kind = rnd.next();
          if (kind < 0.25) name = `${rnd.pick(CHAINS)} #${rnd.int(1000, 9999)}`;
          else if (kind < 0.45) name = `${street} ${suffixLong} Pharmacy`;
          else if (kind < 0.6) name = `${city} ${rnd.pick(['Family Pharmacy', 'Community Pharmacy', 'Apothecary', 'Drug'])}`;
          else if (kind < 0.75) {
            const family = rnd.pick(SURNAMES);
            name = rnd.pick([`${family}'s Pharmacy`, `${family} Drug`, `${family} & ${rnd.pick(SURNAMES)} Pharmacy`]);
          } else if (kind < 0.9) name = `${rnd.pick(PLACES)} ${rnd.pick(['Pharmacy', 'Drug', 'Apothecary', 'Pharmacy & Compounding'])}`;
          else name = `${rnd.pick(PLACES)} ${rnd.pick(['Medical Center Pharmacy', 'Clinic Pharmacy', 'Health Pharmacy'])}`;
        }
        names.add(`${name}|${city}`);

        let npi = '';
        while (!npi || npis.has(npi)) npi = npiFromFirstNine(`1${String(rnd.int(0, 99_999_999)).padStart(8, '0')}`);
        npis.add(npi);

        // Within about half a mile of the ZIP centroid, so pharmacies of one ZIP do not overlap.
        const latitude = Math.round((place.lat + (rnd.next() - 0.5) * 0.014) * 1e5) / 1e5;
        const longitude = Math.round((place.lng + (rnd.next() - 0.5) * 0.018) * 1e5) / 1e5;
        result.push({
          npi,
          name,
          phone: fictionalNumber(metro.areaCode),
          fax: fictionalNumber(metro.areaCode),
          addressLine,
          city,
          state,
          zip: place.zip,
          latitude,
          longitude,
        });
      }
    }
  }
  return result;
}

/** Each storefront's partner mail-order pharmacy, by storefront slug (others get the first). */
const PARTNERS = [
  { npi: npiFromFirstNine('184290156'), addressLine: '4200 Larkspur Way', zip: '80216', phone: '3035550188', fax: '3035550189' },
  { npi: npiFromFirstNine('192750348'), addressLine: '7100 Saguaro Trail', zip: '85260', phone: '4805550177', fax: '4805550178' },
  { npi: npiFromFirstNine('163820947'), addressLine: '900 Commerce Pkwy', zip: '75201', phone: '2145550166', fax: '2145550167' },
];

export async function seedPharmacies(db: Db): Promise<number> {
  const directory = generateDemoPharmacies();
  await db.insert(pharmacies).values(directory);
  const fronts = await db
    .select({ id: storefronts.id, name: storefronts.name })
    .from(storefronts)
    .orderBy(asc(storefronts.createdAt), asc(storefronts.slug));
  const partners = fronts.slice(0, PARTNERS.length).map((front, i) => {
    const partner = PARTNERS[i]!;
    const place = zipCentroid(partner.zip)!;
    return {
      npi: partner.npi,
      name: `${front.name} Mail-Order Pharmacy`,
      phone: partner.phone,
      fax: partner.fax,
      addressLine: partner.addressLine,
      city: titleCase(place.city),
      state: place.state,
      zip: partner.zip,
      latitude: place.lat,
      longitude: place.lng,
      isPartner: true,
      storefrontId: front.id,
    };
  });
  if (partners.length > 0) await db.insert(pharmacies).values(partners);
  return directory.length + partners.length;
}
