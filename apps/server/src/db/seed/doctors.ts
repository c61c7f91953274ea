// Demo doctors (issue 6): seven clinicians across five US time zones, licensed over the demo states,
// with weekly hours, a day off, custom hours and their own visit settings. Dr. Whitaker is on leave
// (inactive) and Priya Natarajan sees Lumen Wellness patients only, so filtering shows.
import type { Db } from '../client.ts';
import {
  availabilityExceptions,
  availabilityRules,
  doctorLicenses,
  doctors,
  doctorSchedulingSettings,
} from '../schema/doctors.ts';
import { DEMO_COMPANY_ID, LUMEN_ID } from './storefronts.ts';

export const DEMO_DOCTOR_IDS = {
  okafor: '00000000-0000-4000-8000-00000000d001',
  bell: '00000000-0000-4000-8000-00000000d002',
  ramirez: '00000000-0000-4000-8000-00000000d003',
  kim: '00000000-0000-4000-8000-00000000d004',
  natarajan: '00000000-0000-4000-8000-00000000d005',
  petrov: '00000000-0000-4000-8000-00000000d006',
  whitaker: '00000000-0000-4000-8000-00000000d007',
} as const;

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
/** The same window on each of the given weekdays (0 Sunday ... 6 Saturday). */
const days = (weekdays: number[], start: number, end: number) =>
  weekdays.map((weekday) => ({ weekday, startMinute: start, endMinute: end }));
const WEEKDAYS = [1, 2, 3, 4, 5];

interface DemoDoctor {
  id: string;
  name: string;
  credentials: string;
  slug: string;
  bio: string;
  specialties: string[];
  timeZone: string;
  active?: boolean;
  storefrontId?: string;
  states: string[];
  rules: { weekday: number; startMinute: number; endMinute: number }[];
  settings: { visitMinutes: number; bufferMinutes: number; horizonDays: number; minNoticeMinutes: number };
}

export const DEMO_DOCTORS: DemoDoctor[] = [
  {
    id: DEMO_DOCTOR_IDS.okafor,
    name: 'Dr. Amara Okafor',
    credentials: 'MD',
    slug: 'amara-okafor',
    bio: 'Dr. Okafor is a board-certified internist who has spent twelve years helping adults manage weight, blood pressure and blood sugar. She trained at Columbia and believes small, steady changes beat crash plans. Outside clinic she coaches a youth running club in Brooklyn.',
    specialties: ['Internal medicine', 'Weight management'],
    timeZone: 'America/New_York',
    states: ['NY', 'PA', 'FL', 'GA'],
    rules: days(WEEKDAYS, h(9), h(17)),
    settings: { visitMinutes: 30, bufferMinutes: 10, horizonDays: 30, minNoticeMinutes: 120 },
  },
  {
    id: DEMO_DOCTOR_IDS.bell,
    name: 'Dr. Marcus Bell',
    credentials: 'DO',
    slug: 'marcus-bell',
    bio: "Dr. Bell is a family physician with a focus on men's health, from hair loss to sexual health. He practised in rural Texas for a decade and is known for plain explanations and unhurried visits.",
    specialties: ['Family medicine', "Men's health"],
    timeZone: 'America/Chicago',
    states: ['TX', 'IL', 'FL'],
    rules: [...days([1, 2, 3, 4], h(8), h(16)), ...days([6], h(9), h(13))],
    settings: { visitMinutes: 30, bufferMinutes: 0, horizonDays: 21, minNoticeMinutes: 120 },
  },
  {
    id: DEMO_DOCTOR_IDS.ramirez,
    name: 'Dr. Sofia Ramirez',
    credentials: 'MD, FAAD',
    slug: 'sofia-ramirez',
    bio: 'Dr. Ramirez is a fellow of the American Academy of Dermatology. She treats acne, rosacea and hair thinning, and helps patients build skin routines that fit real life at altitude and in the desert sun.',
    specialties: ['Dermatology', 'Hair loss'],
    timeZone: 'America/Denver',
    states: ['CO', 'AZ', 'TX', 'CA'],
    rules: days([2, 3, 4, 5, 6], h(10), h(18)),
    settings: { visitMinutes: 30, bufferMinutes: 15, horizonDays: 30, minNoticeMinutes: 240 },
  },
  {
    id: DEMO_DOCTOR_IDS.kim,
    name: 'Dr. Daniel Kim',
    credentials: 'MD',
    slug: 'daniel-kim',
    bio: 'Dr. Kim practises primary care in Seattle and Los Angeles with an interest in preventive medicine and sleep. He keeps visits short and focused and always sends a written plan afterwards.',
    specialties: ['Primary care', 'Preventive medicine'],
    timeZone: 'America/Los_Angeles',
    states: ['CA', 'WA', 'AZ'],
    // A lunch break: two windows a day.
    rules: [...days(WEEKDAYS, h(8), h(12)), ...days(WEEKDAYS, h(13), h(17))],
    settings: { visitMinutes: 20, bufferMinutes: 5, horizonDays: 30, minNoticeMinutes: 60 },
  },
  {
    id: DEMO_DOCTOR_IDS.natarajan,
    name: 'Priya Natarajan',
    credentials: 'NP-C',
    slug: 'priya-natarajan',
    bio: "Priya is a board-certified family nurse practitioner focused on women's health and weight care. She has cared for patients in Phoenix for nine years and answers questions in English and Tamil.",
    specialties: ["Women's health", 'Weight management'],
    timeZone: 'America/Phoenix',
    storefrontId: LUMEN_ID,
    states: ['AZ', 'CO', 'CA', 'WA', 'TX'],
    rules: days([1, 3, 5], h(7), h(15)),
    settings: { visitMinutes: 30, bufferMinutes: 0, horizonDays: 45, minNoticeMinutes: 120 },
  },
  {
    id: DEMO_DOCTOR_IDS.petrov,
    name: 'Dr. Elena Petrov',
    credentials: 'MD',
    slug: 'elena-petrov',
    bio: 'Dr. Petrov is an internist who sees patients in the afternoon and evening so that visits fit around work. Her interests are sexual health, thyroid care and healthy ageing.',
    specialties: ['Internal medicine', 'Sexual health'],
    timeZone: 'America/New_York',
    states: ['NY', 'PA', 'GA', 'FL', 'IL'],
    rules: days(WEEKDAYS, h(12), h(20)),
    settings: { visitMinutes: 30, bufferMinutes: 0, horizonDays: 30, minNoticeMinutes: 120 },
  },
  {
    id: DEMO_DOCTOR_IDS.whitaker,
    name: 'Dr. James Whitaker',
    credentials: 'MD',
    slug: 'james-whitaker',
    bio: 'Dr. Whitaker is an endocrinologist caring for patients with diabetes and weight-related conditions. He is on leave this season.',
    specialties: ['Endocrinology'],
    timeZone: 'America/Chicago',
    active: false,
    states: ['IL', 'TX', 'GA', 'CO'],
    rules: days(WEEKDAYS, h(9), h(17)),
    settings: { visitMinutes: 30, bufferMinutes: 0, horizonDays: 30, minNoticeMinutes: 120 },
  },
];

/** `YYYY-MM-DD` of the next `weekday` strictly after `from` (calendar dates, UTC). */
function nextWeekday(from: Date, weekday: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== weekday);
  return d.toISOString().slice(0, 10);
}

export async function seedDoctors(db: Db, now: Date = new Date()): Promise<string[]> {
  await db.insert(doctors).values(
    DEMO_DOCTORS.map((d) => ({
      id: d.id,
      companyId: DEMO_COMPANY_ID,
      storefrontId: d.storefrontId ?? null,
      name: d.name,
      credentials: d.credentials,
      photoUrl: `/images/doctors/${d.slug}.svg`,
      bio: d.bio,
      specialties: d.specialties,
      timeZone: d.timeZone,
      active: d.active ?? true,
    })),
  );
  await db.insert(doctorLicenses).values(DEMO_DOCTORS.flatMap((d) => d.states.map((state) => ({ doctorId: d.id, state }))));
  await db.insert(availabilityRules).values(DEMO_DOCTORS.flatMap((d) => d.rules.map((r) => ({ doctorId: d.id, ...r }))));
  await db
    .insert(doctorSchedulingSettings)
    .values(DEMO_DOCTORS.map((d) => ({ doctorId: d.id, ...d.settings })));
  // Exceptions relative to the first start, so they are always ahead: Dr. Okafor's next Wednesday
  // off, and Dr. Kim's next Friday morning only.
  await db.insert(availabilityExceptions).values([
    { doctorId: DEMO_DOCTOR_IDS.okafor, date: nextWeekday(now, 3), startMinute: null, endMinute: null, note: 'Conference day' },
    { doctorId: DEMO_DOCTOR_IDS.kim, date: nextWeekday(now, 5), startMinute: h(8), endMinute: h(11), note: 'Half day' },
  ]);
  return DEMO_DOCTORS.filter((d) => d.active !== false).map((d) => `${d.name}, ${d.credentials} (${d.states.join(' ')})`);
}
