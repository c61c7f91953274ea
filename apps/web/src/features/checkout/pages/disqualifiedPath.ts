import { APP_ROUTES } from '@store/domain';

/** /disqualified for an order: the page reads the operator's explanation from the order's consults. */
export function disqualifiedPath(orderId: string): string {
  return `${APP_ROUTES.disqualified}?order=${encodeURIComponent(orderId)}`;
}
