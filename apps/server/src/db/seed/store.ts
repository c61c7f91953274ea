// Demo store: a believable catalog for each brand (weight care, hair, sexual health, skin, labs,
// over-the-counter), shipping methods, sales tax for several states, promo codes that show every
// rule, and the consents. Ids are fixed so tests and the browser journey can name them.
import { Stage, US_STATE_CODES } from '@store/domain';
import type { Db } from '../client.ts';
import { products, productShippingStates, type ProductCategory, type ProductType } from '../schema/catalog.ts';
import { orders } from '../schema/orders.ts';
import { couponRedemptions, coupons } from '../schema/promotions.ts';
import { consents } from '../schema/consents.ts';
import { shippingMethods, taxRates } from '../schema/shipping.ts';
import { EVERGREEN_ID, LUMEN_ID } from './storefronts.ts';

/** Consult products: Consult | Shipping | Pharmacy | Scheduling | Payment. */
export const CONSULT_STAGES = Stage.Consult | Stage.Shipping | Stage.Pharmacy | Stage.Scheduling | Stage.Payment;
/** Over-the-counter and at-home kits: Shipping | Payment. */
export const SHIPPED_STAGES = Stage.Shipping | Stage.Payment;
/** A lab panel drawn at a partner lab: the requisition is e-mailed, nothing ships. */
export const LAB_VISIT_STAGES = Stage.Payment;
/** A doctor's visit with nothing to ship. */
export const VISIT_ONLY_STAGES = Stage.Consult | Stage.Scheduling | Stage.Payment;

const id = (n: number) => `00000000-0000-4000-8000-0000000a${n.toString().padStart(4, '0')}`;

export const DEMO_PRODUCTS = {
  evergreen: {
    semaglutide: id(101),
    metformin: id(102),
    finasteride: id(103),
    minoxidil: id(104),
    sildenafil: id(105),
    tadalafil: id(106),
    tretinoin: id(107),
    sunscreen: id(108),
    labPanel: id(109),
    a1cKit: id(110),
    vitaminD: id(111),
    doctorVisit: id(112),
  },
  lumen: {
    hairDuo: id(201),
    antiAging: id(202),
    weightReset: id(203),
    acneGel: id(204),
    cleanser: id(205),
    hairGummies: id(206),
    hormonePanel: id(207),
  },
} as const;

export const DEMO_SHIPPING = {
  evergreenStandard: id(301),
  evergreenTwoDay: id(302),
  evergreenOvernight: id(303),
  lumenStandard: id(311),
  lumenExpress: id(312),
} as const;

export const DEMO_COUPONS = {
  welcome10: id(401),
  save20: id(402),
  summer15Expired: id(403),
  launch50UsedUp: id(404),
  hair25Restricted: id(405),
  newYearNotStarted: id(406),
  firstOrderOnce: id(407),
  paused: id(408),
  glow15: id(411),
} as const;

const ALL_STATES: readonly string[] = US_STATE_CODES;
const except = (...codes: string[]) => ALL_STATES.filter((s) => !codes.includes(s));

interface DemoProduct {
  id: string;
  storefrontId: string;
  slug: string;
  title: string;
  description: string;
  category: ProductCategory;
  type: ProductType;
  priceCents: number;
  consultFeeCents?: number;
  consultRequired?: boolean;
  consultAttached?: boolean;
  qty?: { min: number; max: number; default: number; flexible: boolean };
  refillCycleDays?: number | null;
  visitType?: 1 | 2 | 3 | null;
  stageMask: number;
  questionnaireRef?: string | null;
  shipsTo: readonly string[];
  image?: boolean;
}

const EVERGREEN_PRODUCTS: DemoProduct[] = [
  {
    id: DEMO_PRODUCTS.evergreen.semaglutide,
    storefrontId: EVERGREEN_ID,
    slug: 'semaglutide-weight-care',
    title: 'Semaglutide Weight Care Program',
    description:
      'A weekly GLP-1 injection with a doctor-led plan for steady, lasting weight loss. Includes a video visit, dose adjustments and ongoing check-ins with your care team.',
    category: 'weight',
    type: 'prescription',
    priceCents: 24900,
    consultFeeCents: 4900,
    consultRequired: true,
    consultAttached: true,
    refillCycleDays: 28,
    visitType: 1,
    stageMask: CONSULT_STAGES,
    questionnaireRef: 'weight-care-intake',
    shipsTo: except('AK', 'HI', 'LA'),
  },
  {
    id: DEMO_PRODUCTS.evergreen.metformin,
    storefrontId: EVERGREEN_ID,
    slug: 'metformin-er-weight-support',
    title: 'Metformin ER Weight Support',
    description:
      'An affordable, well-studied oral option that helps curb cravings and steady blood sugar. A doctor reviews your answers online; no appointment needed.',
    category: 'weight',
    type: 'prescription',
    priceCents: 3900,
    consultFeeCents: 3500,
    consultRequired: true,
    consultAttached: true,
    qty: { min: 1, max: 3, default: 1, flexible: true },
    refillCycleDays: 30,
    visitType: 3,
    stageMask: CONSULT_STAGES,
    questionnaireRef: 'weight-care-intake',
    shipsTo: ALL_STATES,
  },
  {
    id: DEMO_PRODUCTS.evergreen.finasteride,
    storefrontId: EVERGREEN_ID,
    slug: 'finasteride-1mg',
    title: 'Finasteride 1 mg',
    description:
      'The daily tablet that stops hair loss at the root by lowering DHT. Prescribed after a short online review; each pack is a 30-day supply.',
    category: 'hair',
    type: 'prescription',
    priceCents: 2200,
    consultFeeCents: 2500,
    consultRequired: true,
    consultAttached: true,
    qty: { min: 1, max: 6, default: 3, flexible: true },
    refillCycleDays: 30,
    visitType: 3,
    stageMask: CONSULT_STAGES,
    questionnaireRef: 'hair-loss-intake',
    shipsTo: ALL_STATES,
  },
  {
    id: DEMO_PRODUCTS.evergreen.minoxidil,
    storefrontId: EVERGREEN_ID,
    slug: 'minoxidil-5-foam',
    title: 'Minoxidil 5% Foam',
    description:
      'Clinically proven topical foam that wakes up resting follicles. Fragrance-free, dries in minutes. One can lasts about a month.',
    category: 'hair',
    type: 'otc',
    priceCents: 2999,
    qty: { min: 1, max: 6, default: 1, flexible: true },
    refillCycleDays: 30,
    stageMask: SHIPPED_STAGES,
    shipsTo: ALL_STATES,
  },
  {
    id: DEMO_PRODUCTS.evergreen.sildenafil,
    storefrontId: EVERGREEN_ID,
    slug: 'sildenafil-50mg',
    title: 'Sildenafil 50 mg',
    description:
      'The generic of the original ED medicine, taken about an hour before sex. Your doctor calls you for a short phone visit. Ten tablets a pack.',
    category: 'sexual_health',
    type: 'prescription',
    priceCents: 4000,
    consultFeeCents: 3000,
    consultRequired: true,
    consultAttached: true,
    qty: { min: 1, max: 3, default: 1, flexible: true },
    refillCycleDays: 30,
    visitType: 2,
    stageMask: CONSULT_STAGES,
    questionnaireRef: 'ed-intake',
    shipsTo: except('AR', 'MS'),
  },
  {
    id: DEMO_PRODUCTS.evergreen.tadalafil,
    storefrontId: EVERGREEN_ID,
    slug: 'tadalafil-5mg-daily',
    title: 'Tadalafil 5 mg Daily',
    description:
      'A low daily dose that keeps you ready any time, for up to 36 hours at a stretch. Reviewed online by a licensed doctor.',
    category: 'sexual_health',
    type: 'prescription',
    priceCents: 4500,
    consultFeeCents: 3000,
    consultRequired: true,
    consultAttached: true,
    refillCycleDays: 30,
    visitType: 3,
    stageMask: CONSULT_STAGES,
    questionnaireRef: 'ed-intake',
    shipsTo: except('AR', 'MS'),
  },
  {
    id: DEMO_PRODUCTS.evergreen.tretinoin,
    storefrontId: EVERGREEN_ID,
    slug: 'tretinoin-cream',
    title: 'Tretinoin 0.05% Cream',
    description:
      'The dermatologist favourite for fine lines, uneven tone and breakouts. Upload a few photos and a doctor tailors the strength to your skin.',
    category: 'skin',
    type: 'prescription',
    priceCents: 4900,
    consultFeeCents: 2500,
    consultRequired: true,
    consultAttached: true,
    refillCycleDays: 60,
    visitType: 3,
    stageMask: CONSULT_STAGES,
    questionnaireRef: 'skin-intake',
    shipsTo: ALL_STATES,
  },
  {
    id: DEMO_PRODUCTS.evergreen.sunscreen,
    storefrontId: EVERGREEN_ID,
    slug: 'mineral-sunscreen-spf50',
    title: 'Daily Mineral Sunscreen SPF 50',
    description:
      'Sheer zinc oxide protection that leaves no white cast. The everyday partner to any retinoid routine.',
    category: 'skin',
    type: 'otc',
    priceCents: 2400,
    qty: { min: 1, max: 4, default: 1, flexible: true },
    stageMask: SHIPPED_STAGES,
    shipsTo: ALL_STATES,
  },
  {
    id: DEMO_PRODUCTS.evergreen.labPanel,
    storefrontId: EVERGREEN_ID,
    slug: 'comprehensive-lab-panel',
    title: 'Comprehensive Wellness Lab Panel',
    description:
      'Metabolic panel, lipids, A1c, thyroid and vitamin D in one draw at a partner lab near you. Your requisition arrives by e-mail; results land in your health records.',
    category: 'labs',
    type: 'lab_test',
    priceCents: 8900,
    stageMask: LAB_VISIT_STAGES,
    shipsTo: except('NY', 'NJ', 'RI'),
  },
  {
    id: DEMO_PRODUCTS.evergreen.a1cKit,
    storefrontId: EVERGREEN_ID,
    slug: 'at-home-a1c-test',
    title: 'At-Home HbA1c Test Kit',
    description:
      'A simple finger-prick kit that measures your average blood sugar over three months. Mail it back in the prepaid envelope.',
    category: 'labs',
    type: 'lab_test',
    priceCents: 4900,
    stageMask: SHIPPED_STAGES,
    shipsTo: except('NY', 'NJ', 'RI'),
  },
  {
    id: DEMO_PRODUCTS.evergreen.vitaminD,
    storefrontId: EVERGREEN_ID,
    slug: 'vitamin-d3-2000',
    title: 'Vitamin D3 2000 IU',
    description: 'Ninety easy-to-swallow softgels: a three-month supply of the sunshine vitamin.',
    category: 'otc',
    type: 'otc',
    priceCents: 1499,
    qty: { min: 1, max: 6, default: 1, flexible: true },
    refillCycleDays: 90,
    stageMask: SHIPPED_STAGES,
    shipsTo: ALL_STATES,
  },
  {
    id: DEMO_PRODUCTS.evergreen.doctorVisit,
    storefrontId: EVERGREEN_ID,
    slug: 'online-doctor-visit',
    title: 'Online Doctor Visit',
    description:
      'A 15-minute video visit with a licensed doctor for everyday concerns: colds, rashes, UTIs, refills and second opinions.',
    category: 'otc',
    type: 'consult_only',
    priceCents: 0,
    consultFeeCents: 5900,
    consultRequired: true,
    consultAttached: true,
    visitType: 1,
    stageMask: VISIT_ONLY_STAGES,
    questionnaireRef: 'general-visit-intake',
    shipsTo: ALL_STATES,
    image: false,
  },
];

const LUMEN_PRODUCTS: DemoProduct[] = [
  {
    id: DEMO_PRODUCTS.lumen.hairDuo,
    storefrontId: LUMEN_ID,
    slug: 'hair-regrowth-duo',
    title: 'Hair Regrowth Duo',
    description:
      'Finasteride tablets and minoxidil serum together: the two most proven ways to keep and regrow hair. Your doctor’s review is included in the price.',
    category: 'hair',
    type: 'prescription',
    priceCents: 4500,
    consultFeeCents: 0,
    consultRequired: true,
    consultAttached: false,
    refillCycleDays: 30,
    visitType: 3,
    stageMask: CONSULT_STAGES,
    questionnaireRef: 'hair-loss-intake',
    shipsTo: ALL_STATES,
  },
  {
    id: DEMO_PRODUCTS.lumen.antiAging,
    storefrontId: LUMEN_ID,
    slug: 'custom-renewal-cream',
    title: 'Custom Renewal Cream',
    description:
      'Tretinoin, niacinamide and azelaic acid, mixed for your skin by a compounding pharmacy. Smoother texture in about eight weeks.',
    category: 'skin',
    type: 'prescription',
    priceCents: 5900,
    consultFeeCents: 1900,
    consultRequired: true,
    consultAttached: true,
    refillCycleDays: 60,
    visitType: 3,
    stageMask: CONSULT_STAGES,
    questionnaireRef: 'skin-intake',
    shipsTo: except('AK', 'HI'),
  },
  {
    id: DEMO_PRODUCTS.lumen.weightReset,
    storefrontId: LUMEN_ID,
    slug: 'weight-reset-glp1',
    title: 'Weight Reset GLP-1 Plan',
    description:
      'A weekly GLP-1 with monthly video check-ins, a nutrition guide and a care team that answers within a day.',
    category: 'weight',
    type: 'prescription',
    priceCents: 29900,
    consultFeeCents: 7900,
    consultRequired: true,
    consultAttached: true,
    refillCycleDays: 28,
    visitType: 1,
    stageMask: CONSULT_STAGES,
    questionnaireRef: 'weight-care-intake',
    shipsTo: except('AK', 'HI', 'LA', 'MS'),
  },
  {
    id: DEMO_PRODUCTS.lumen.acneGel,
    storefrontId: LUMEN_ID,
    slug: 'clear-skin-gel',
    title: 'Clear Skin Gel',
    description: 'Prescription clindamycin and benzoyl peroxide gel for stubborn breakouts. A short phone visit with a doctor.',
    category: 'skin',
    type: 'prescription',
    priceCents: 3900,
    consultFeeCents: 1900,
    consultRequired: true,
    consultAttached: true,
    refillCycleDays: 45,
    visitType: 2,
    stageMask: CONSULT_STAGES,
    questionnaireRef: 'skin-intake',
    shipsTo: ALL_STATES,
  },
  {
    id: DEMO_PRODUCTS.lumen.cleanser,
    storefrontId: LUMEN_ID,
    slug: 'gentle-hydrating-cleanser',
    title: 'Gentle Hydrating Cleanser',
    description: 'A creamy, soap-free wash with ceramides that cleans without stripping. Pairs with every Lumen treatment.',
    category: 'skin',
    type: 'otc',
    priceCents: 1800,
    qty: { min: 1, max: 4, default: 1, flexible: true },
    refillCycleDays: 45,
    stageMask: SHIPPED_STAGES,
    shipsTo: ALL_STATES,
  },
  {
    id: DEMO_PRODUCTS.lumen.hairGummies,
    storefrontId: LUMEN_ID,
    slug: 'hair-vitamin-gummies',
    title: 'Hair Vitamin Gummies',
    description: 'Biotin, zinc and vitamin D in a berry gummy. Two a day; sixty in a jar.',
    category: 'otc',
    type: 'otc',
    priceCents: 2200,
    qty: { min: 1, max: 6, default: 2, flexible: true },
    refillCycleDays: 30,
    stageMask: SHIPPED_STAGES,
    shipsTo: ALL_STATES,
  },
  {
    id: DEMO_PRODUCTS.lumen.hormonePanel,
    storefrontId: LUMEN_ID,
    slug: 'hormone-balance-panel',
    title: 'Hormone Balance Lab Panel',
    description: 'Thyroid, cortisol, estradiol and testosterone in one draw at a partner lab. Results explained in plain words.',
    category: 'labs',
    type: 'lab_test',
    priceCents: 11900,
    stageMask: LAB_VISIT_STAGES,
    shipsTo: except('NY', 'NJ', 'RI'),
  },
];

function consentTexts(brand: string) {
  return [
    {
      kind: 'telehealth' as const,
      title: 'Consent to telehealth',
      body: `${brand} connects you with independent licensed doctors by video, phone or secure message. Telehealth has limits: a doctor cannot examine you in person and may decline to treat you if your needs call for an in-person visit. You can stop at any time. In an emergency, call 911.`,
    },
    {
      kind: 'privacy' as const,
      title: 'Notice of privacy practices',
      body: `${brand} and its doctors protect your health information as HIPAA requires. We use it to treat you, to arrange payment and to run our services, and we share it only with the doctors, pharmacies and labs that care for you, or when the law requires. You may ask for a copy of your records or a correction at any time.`,
    },
    {
      kind: 'terms' as const,
      title: 'Terms of use',
      body: `By using ${brand} you agree to give accurate health information, to use any prescription only as directed, and to pay for the products and visits you order. Prescriptions are written at the sole discretion of the treating doctor.`,
    },
  ];
}

export async function seedStore(db: Db): Promise<void> {
  const catalog = [...EVERGREEN_PRODUCTS, ...LUMEN_PRODUCTS];
  await db.insert(products).values(
    catalog.map((p, index) => ({
      id: p.id,
      storefrontId: p.storefrontId,
      slug: p.slug,
      title: p.title,
      description: p.description,
      category: p.category,
      type: p.type,
      thumbnailUrl: p.image === false ? null : `/products/${p.slug}.svg`,
      priceCents: p.priceCents,
      consultFeeCents: p.consultFeeCents ?? 0,
      consultRequired: p.consultRequired ?? false,
      consultAttached: p.consultAttached ?? false,
      qtyMin: p.qty?.min ?? 1,
      qtyMax: p.qty?.max ?? 1,
      defaultQty: p.qty?.default ?? 1,
      flexibleQty: p.qty?.flexible ?? false,
      refillCycleDays: p.refillCycleDays ?? null,
      visitType: p.visitType ?? null,
      stageMask: p.stageMask,
      questionnaireRef: p.questionnaireRef ?? null,
      sortOrder: index,
    })),
  );
  await db
    .insert(productShippingStates)
    .values(catalog.flatMap((p) => p.shipsTo.map((state) => ({ productId: p.id, state }))));

  await db.insert(shippingMethods).values([
    { id: DEMO_SHIPPING.evergreenStandard, storefrontId: EVERGREEN_ID, carrier: 'USPS', name: 'Standard', costCents: 0, minDays: 3, maxDays: 5, sortOrder: 0 },
    { id: DEMO_SHIPPING.evergreenTwoDay, storefrontId: EVERGREEN_ID, carrier: 'UPS', name: '2nd Day Air', costCents: 1499, minDays: 2, maxDays: 2, sortOrder: 1 },
    { id: DEMO_SHIPPING.evergreenOvernight, storefrontId: EVERGREEN_ID, carrier: 'FedEx', name: 'Overnight', costCents: 2999, minDays: 1, maxDays: 1, sortOrder: 2 },
    { id: DEMO_SHIPPING.lumenStandard, storefrontId: LUMEN_ID, carrier: 'USPS', name: 'Standard', costCents: 595, minDays: 3, maxDays: 6, freeAboveCents: 7500, sortOrder: 0 },
    { id: DEMO_SHIPPING.lumenExpress, storefrontId: LUMEN_ID, carrier: 'UPS', name: 'Express', costCents: 1995, minDays: 1, maxDays: 2, sortOrder: 1 },
  ]);

  await db.insert(taxRates).values([
    { storefrontId: EVERGREEN_ID, state: 'CA', ratePercent: 7.25, appliesToConsultFee: false },
    { storefrontId: EVERGREEN_ID, state: 'FL', ratePercent: 6, appliesToConsultFee: true },
    { storefrontId: EVERGREEN_ID, state: 'IL', ratePercent: 6.25, appliesToConsultFee: false },
    { storefrontId: EVERGREEN_ID, state: 'NJ', ratePercent: 6.625, appliesToConsultFee: false },
    { storefrontId: EVERGREEN_ID, state: 'NY', ratePercent: 4, appliesToConsultFee: true },
    { storefrontId: EVERGREEN_ID, state: 'TX', ratePercent: 6.25, appliesToConsultFee: false },
    { storefrontId: EVERGREEN_ID, state: 'WA', ratePercent: 6.5, appliesToConsultFee: true },
    { storefrontId: LUMEN_ID, state: 'CA', ratePercent: 7.25, appliesToConsultFee: false },
    { storefrontId: LUMEN_ID, state: 'MA', ratePercent: 6.25, appliesToConsultFee: false },
    { storefrontId: LUMEN_ID, state: 'NY', ratePercent: 4, appliesToConsultFee: true },
    { storefrontId: LUMEN_ID, state: 'PA', ratePercent: 6, appliesToConsultFee: false },
  ]);

  const hairProducts = [DEMO_PRODUCTS.evergreen.finasteride, DEMO_PRODUCTS.evergreen.minoxidil];
  await db.insert(coupons).values([
    { id: DEMO_COUPONS.welcome10, storefrontId: EVERGREEN_ID, code: 'WELCOME10', kind: 'percent', percentOff: 10 },
    { id: DEMO_COUPONS.save20, storefrontId: EVERGREEN_ID, code: 'SAVE20', kind: 'fixed', amountOffCents: 2000, minSubtotalCents: 10000 },
    {
      id: DEMO_COUPONS.summer15Expired,
      storefrontId: EVERGREEN_ID,
      code: 'SUMMER15',
      kind: 'percent',
      percentOff: 15,
      startsAt: new Date('2025-06-01T00:00:00Z'),
      endsAt: new Date('2025-09-01T00:00:00Z'),
    },
    { id: DEMO_COUPONS.launch50UsedUp, storefrontId: EVERGREEN_ID, code: 'LAUNCH50', kind: 'fixed', amountOffCents: 5000, maxRedemptions: 1 },
    { id: DEMO_COUPONS.hair25Restricted, storefrontId: EVERGREEN_ID, code: 'HAIR25', kind: 'percent', percentOff: 25, productIds: hairProducts },
    { id: DEMO_COUPONS.newYearNotStarted, storefrontId: EVERGREEN_ID, code: 'NEWYEAR2099', kind: 'percent', percentOff: 20, startsAt: new Date('2099-01-01T00:00:00Z') },
    { id: DEMO_COUPONS.firstOrderOnce, storefrontId: EVERGREEN_ID, code: 'FIRSTVISIT', kind: 'fixed', amountOffCents: 1500, maxRedemptionsPerPatient: 1 },
    { id: DEMO_COUPONS.paused, storefrontId: EVERGREEN_ID, code: 'PAUSED5', kind: 'fixed', amountOffCents: 500, active: false },
    { id: DEMO_COUPONS.glow15, storefrontId: LUMEN_ID, code: 'GLOW15', kind: 'percent', percentOff: 15 },
  ]);

  // LAUNCH50 had a single use, taken by an order paid before this demo began.
  const launchOrderId = id(501);
  await db.insert(orders).values({
    id: launchOrderId,
    storefrontId: EVERGREEN_ID,
    status: 'delivered',
    couponId: DEMO_COUPONS.launch50UsedUp,
    couponCode: 'LAUNCH50',
    discountCents: 5000,
    subtotalCents: 24900,
    consultFeeCents: 4900,
    totalCents: 24800,
    createdAt: new Date('2026-01-15T12:00:00Z'),
    updatedAt: new Date('2026-01-20T12:00:00Z'),
  });
  await db.insert(couponRedemptions).values({
    couponId: DEMO_COUPONS.launch50UsedUp,
    orderId: launchOrderId,
    discountCents: 5000,
    redeemedAt: new Date('2026-01-15T12:05:00Z'),
  });

  await db.insert(consents).values([
    ...consentTexts('Evergreen Health').map((c) => ({ ...c, storefrontId: EVERGREEN_ID, version: 1 })),
    ...consentTexts('Lumen Wellness').map((c) => ({ ...c, storefrontId: LUMEN_ID, version: 1 })),
  ]);
}

/** The image files the demo catalog refers to (apps/web/public/products/<slug>.svg). */
export const DEMO_PRODUCT_IMAGES = [...EVERGREEN_PRODUCTS, ...LUMEN_PRODUCTS]
  .filter((p) => p.image !== false)
  .map((p) => `${p.slug}.svg`);
