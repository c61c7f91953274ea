// The route table of SPEC §2 from packages/domain, plus the web's own routes.
import { APP_ROUTES, CHECKOUT_ROUTES } from '@store/domain';

export { APP_ROUTES, CHECKOUT_ROUTES };

export const PATHS = {
  ...APP_ROUTES,
  /** One product's page; the Store issue decides what a slug is. */
  product: '/products/:slug',
  checkout: CHECKOUT_ROUTES,
} as const;

/** Accounts and sign-in (issue 4): the pages SPEC §2 names without a path (in shared: features use them). */
export { ACCOUNT_ROUTES } from '@/shared/accountRoutes';

export function productPath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}`;
}
