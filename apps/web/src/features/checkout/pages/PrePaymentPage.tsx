import { PrePage } from '../components/PrePage';

/** CHECKOUT_ROUTES.prePayment: shown when the storefront enables it, with the operator's text. */
export function PrePaymentPage() {
  return <PrePage page="prePayment" continueLabel="Review your order" />;
}
