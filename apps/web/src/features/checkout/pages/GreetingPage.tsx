import { PrePage } from '../components/PrePage';

/** CHECKOUT_ROUTES.greeting: shown when the storefront enables it, with the operator's text. */
export function GreetingPage() {
  return <PrePage page="greeting" continueLabel="Continue" />;
}
