// The demo accounts printed at start, and the seed's source for them (src/db/seed/accounts.ts).
export interface DemoAccount {
  role: 'patient' | 'doctor' | 'pharmacist' | 'admin';
  storefront: 'evergreen' | 'lumen';
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Null: the account's one-time codes go by email only. */
  phone: string | null;
  dateOfBirth: string | null;
  /** A doctor's seeded doctor (seed/doctors.ts DEMO_DOCTOR_IDS key), linked by doctors.user_id. */
  doctor?: 'kim' | 'ramirez';
}

const STOREFRONT_NAMES = { evergreen: 'Evergreen Health', lumen: 'Lumen Wellness' } as const;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'patient',
    storefront: 'evergreen',
    email: 'patient@evergreen.example',
    password: 'Evergreen#2026',
    firstName: 'Avery',
    lastName: 'Greene',
    phone: '5550102030',
    dateOfBirth: '1988-04-12',
  },
  {
    role: 'patient',
    storefront: 'lumen',
    email: 'patient@lumen.example',
    password: 'Lumen#Wellness2026',
    firstName: 'Riley',
    lastName: 'Lumen',
    phone: '5550104050',
    dateOfBirth: '1992-09-30',
  },
  {
    role: 'doctor',
    storefront: 'evergreen',
    email: 'doctor@evergreen.example',
    password: 'Doctor#Evergreen2026',
    // The demo doctor is Dr. Daniel Kim of the seeded doctors (seed/doctors.ts: licensed in CA,
    // WA and AZ, serving every storefront of the company), linked by doctors.user_id (issue 15).
    firstName: 'Daniel',
    lastName: 'Kim',
    phone: null,
    dateOfBirth: null,
    doctor: 'kim',
  },
  {
    role: 'doctor',
    storefront: 'evergreen',
    email: 'doctor.ramirez@evergreen.example',
    password: 'Doctor#Ramirez2026',
    // A second doctor licensed in CA (Dr. Sofia Ramirez: CO, AZ, TX, CA), so two doctors can be
    // seen sharing one queue: one holds an order, the other sees it taken (issue 15).
    firstName: 'Sofia',
    lastName: 'Ramirez',
    phone: null,
    dateOfBirth: null,
    doctor: 'ramirez',
  },
  {
    // Issue 15: works at Evergreen's partner mail-order pharmacy (pharmacy_staff).
    role: 'pharmacist',
    storefront: 'evergreen',
    email: 'pharmacist@evergreen.example',
    password: 'Pharmacist#Evergreen2026',
    firstName: 'Robin',
    lastName: 'Patel',
    phone: null,
    dateOfBirth: null,
  },
  {
    role: 'admin',
    storefront: 'evergreen',
    email: 'admin@evergreen.example',
    password: 'Admin#Evergreen2026',
    firstName: 'Sam',
    lastName: 'Admin',
    phone: '5550108090',
    dateOfBirth: null,
  },
];

/** One e-prescribing link (SPEC §7 GET ECP info with peopleId and guid); demo data only. */
export const DEMO_ECP = {
  peopleId: 'DEMO-1001',
  guid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  email: 'ecp.patient@evergreen.example',
  firstName: 'Jordan',
  lastName: 'Rivera',
  phone: '5550109911',
} as const;

export function demoAccountLines(): string[] {
  const lines = DEMO_ACCOUNTS.map(
    (a) =>
      `${a.role.padEnd(10)} ${a.email} / ${a.password}  (${STOREFRONT_NAMES[a.storefront]})${a.role === 'patient' ? '' : '  at /staff/sign-in, + the code from /dev/outbox'}`,
  );
  lines.push(
    `ECP link /ecp?peopleId=${DEMO_ECP.peopleId}&guid=${DEMO_ECP.guid}  (Evergreen Health)`,
  );
  return lines;
}
