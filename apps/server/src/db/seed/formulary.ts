// Demo formulary (issue 15): what a doctor may prescribe for each demo product that needs a consult,
// with realistic strengths, quantities, days supply, refills and directions. One controlled choice
// (phentermine, schedule IV) shows that the store lists it but refuses to prescribe it.
import type { Db } from '../client.ts';
import { productFormulary } from '../schema/prescriptions.ts';
import { DEMO_PRODUCTS } from './store.ts';

const id = (n: number) => `00000000-0000-4000-8000-00000000f${String(n).padStart(3, '0')}`;

export const DEMO_FORMULARY = {
  semaglutide025: id(1),
  semaglutide05: id(2),
  metforminEr500: id(3),
  metforminEr750: id(4),
  phentermine: id(5),
  finasteride1: id(6),
  sildenafil50: id(7),
  sildenafil100: id(8),
  tadalafil5: id(9),
  tretinoin005: id(10),
  tretinoin0025: id(11),
  valacyclovir: id(12),
  amoxicillin: id(13),
  hairFinasteride: id(14),
  hairMinoxidilOral: id(15),
  renewalTretinoin: id(16),
  weightSemaglutide: id(17),
  clindaBpo: id(18),
} as const;

type Row = typeof productFormulary.$inferInsert;
const e = DEMO_PRODUCTS.evergreen;
const l = DEMO_PRODUCTS.lumen;

const ROWS: Row[] = [
  { id: DEMO_FORMULARY.semaglutide025, productId: e.semaglutide, medication: 'Semaglutide', strength: '0.25 mg/0.5 mL', form: 'injection pen', quantity: 1, daysSupply: 28, maxRefills: 2, directionsTemplate: 'Inject 0.25 mg under the skin once weekly on the same day each week.' },
  { id: DEMO_FORMULARY.semaglutide05, productId: e.semaglutide, medication: 'Semaglutide', strength: '0.5 mg/0.5 mL', form: 'injection pen', quantity: 1, daysSupply: 28, maxRefills: 5, directionsTemplate: 'Inject 0.5 mg under the skin once weekly on the same day each week.' },
  { id: DEMO_FORMULARY.metforminEr500, productId: e.metformin, medication: 'Metformin ER', strength: '500 mg', form: 'tablet', quantity: 60, daysSupply: 30, maxRefills: 5, directionsTemplate: 'Take 1 tablet by mouth twice daily with meals.' },
  { id: DEMO_FORMULARY.metforminEr750, productId: e.metformin, medication: 'Metformin ER', strength: '750 mg', form: 'tablet', quantity: 30, daysSupply: 30, maxRefills: 5, directionsTemplate: 'Take 1 tablet by mouth once daily with the evening meal.' },
  { id: DEMO_FORMULARY.phentermine, productId: e.metformin, medication: 'Phentermine', strength: '37.5 mg', form: 'tablet', quantity: 30, daysSupply: 30, maxRefills: 0, directionsTemplate: 'Take 1 tablet by mouth once daily before breakfast.', deaSchedule: 4 },
  { id: DEMO_FORMULARY.finasteride1, productId: e.finasteride, medication: 'Finasteride', strength: '1 mg', form: 'tablet', quantity: 90, daysSupply: 90, maxRefills: 3, directionsTemplate: 'Take 1 tablet by mouth once daily.' },
  { id: DEMO_FORMULARY.sildenafil50, productId: e.sildenafil, medication: 'Sildenafil', strength: '50 mg', form: 'tablet', quantity: 10, daysSupply: 30, maxRefills: 5, directionsTemplate: 'Take 1 tablet by mouth about 1 hour before sexual activity. No more than 1 dose in 24 hours.' },
  { id: DEMO_FORMULARY.sildenafil100, productId: e.sildenafil, medication: 'Sildenafil', strength: '100 mg', form: 'tablet', quantity: 10, daysSupply: 30, maxRefills: 5, directionsTemplate: 'Take 1 tablet by mouth about 1 hour before sexual activity. No more than 1 dose in 24 hours.' },
  { id: DEMO_FORMULARY.tadalafil5, productId: e.tadalafil, medication: 'Tadalafil', strength: '5 mg', form: 'tablet', quantity: 30, daysSupply: 30, maxRefills: 11, directionsTemplate: 'Take 1 tablet by mouth once daily at about the same time.' },
  { id: DEMO_FORMULARY.tretinoin005, productId: e.tretinoin, medication: 'Tretinoin', strength: '0.05%', form: 'cream (45 g tube)', quantity: 1, daysSupply: 90, maxRefills: 3, directionsTemplate: 'Apply a pea-sized amount to the face at bedtime. Use sunscreen daily.' },
  { id: DEMO_FORMULARY.tretinoin0025, productId: e.tretinoin, medication: 'Tretinoin', strength: '0.025%', form: 'cream (45 g tube)', quantity: 1, daysSupply: 90, maxRefills: 3, directionsTemplate: 'Apply a pea-sized amount to the face every other night at bedtime. Use sunscreen daily.' },
  { id: DEMO_FORMULARY.valacyclovir, productId: e.doctorVisit, medication: 'Valacyclovir', strength: '1 g', form: 'tablet', quantity: 4, daysSupply: 1, maxRefills: 1, directionsTemplate: 'Take 2 tablets by mouth every 12 hours for 1 day at the first sign of a cold sore.' },
  { id: DEMO_FORMULARY.amoxicillin, productId: e.doctorVisit, medication: 'Amoxicillin', strength: '500 mg', form: 'capsule', quantity: 21, daysSupply: 7, maxRefills: 0, directionsTemplate: 'Take 1 capsule by mouth three times daily for 7 days.' },
  { id: DEMO_FORMULARY.hairFinasteride, productId: l.hairDuo, medication: 'Finasteride', strength: '1 mg', form: 'tablet', quantity: 30, daysSupply: 30, maxRefills: 11, directionsTemplate: 'Take 1 tablet by mouth once daily.' },
  { id: DEMO_FORMULARY.hairMinoxidilOral, productId: l.hairDuo, medication: 'Minoxidil', strength: '2.5 mg', form: 'tablet', quantity: 30, daysSupply: 30, maxRefills: 11, directionsTemplate: 'Take 1 tablet by mouth once daily.' },
  { id: DEMO_FORMULARY.renewalTretinoin, productId: l.antiAging, medication: 'Tretinoin', strength: '0.025%', form: 'cream (30 g tube)', quantity: 1, daysSupply: 60, maxRefills: 5, directionsTemplate: 'Apply a thin layer to the face at bedtime. Use sunscreen daily.' },
  { id: DEMO_FORMULARY.weightSemaglutide, productId: l.weightReset, medication: 'Semaglutide', strength: '0.25 mg/0.5 mL', form: 'injection pen', quantity: 1, daysSupply: 28, maxRefills: 2, directionsTemplate: 'Inject 0.25 mg under the skin once weekly on the same day each week.' },
  { id: DEMO_FORMULARY.clindaBpo, productId: l.acneGel, medication: 'Clindamycin 1% / benzoyl peroxide 5%', strength: '1%/5%', form: 'gel (50 g)', quantity: 1, daysSupply: 30, maxRefills: 5, directionsTemplate: 'Apply a thin layer to affected areas once daily in the evening.' },
];

export async function seedFormulary(db: Db): Promise<void> {
  await db.insert(productFormulary).values(ROWS);
}
