// The product as the API serves it (GET /api/products; SPEC §3 cart item fields of a product):
// one declaration for the server that builds it and the web that shows it.
import type { VisitType } from '../checkout/routing.ts';

export const PRODUCT_TYPES = ['prescription', 'otc', 'lab_test', 'consult_only'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_CATEGORIES = ['weight', 'hair', 'sexual_health', 'skin', 'labs', 'otc'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export interface ProductView {
  id: string;
  slug: string;
  title: string;
  description: string;
  category: ProductCategory;
  type: ProductType;
  thumbnail: string;
  priceCents: number;
  consultFeeCents: number;
  priceWithConsultCents: number;
  pricePerCycleCents: number | null;
  refillCycleDays: number | null;
  qtyRange: { min: number; max: number };
  defaultQuantity: number;
  flexibleQuantity: boolean;
  consultRequired: boolean;
  consultAttached: boolean;
  visitType: VisitType | null;
  checkoutStages: number;
  questionnaireId: string | null;
  shipsTo: string[];
  /** Its images in order with alt text (issue 18); empty: the thumbnail only. */
  images: { url: string; alt: string }[];
}
