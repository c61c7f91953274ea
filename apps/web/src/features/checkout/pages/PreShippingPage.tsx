import { PrePage } from '../components/PrePage';

/** CHECKOUT_ROUTES.preShipping: shown when the storefront enables it, with the operator's text. */
export function PreShippingPage() {
  return <PrePage page="preShipping" continueLabel="Continue to shipping" />;
}
