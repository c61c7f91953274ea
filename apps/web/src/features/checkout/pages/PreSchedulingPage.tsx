import { PrePage } from '../components/PrePage';

/** CHECKOUT_ROUTES.preScheduling: shown when the storefront enables it, with the operator's text. */
export function PreSchedulingPage() {
  return <PrePage page="preScheduling" continueLabel="Choose a time" />;
}
