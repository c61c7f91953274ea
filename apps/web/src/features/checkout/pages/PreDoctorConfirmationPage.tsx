import { PrePage } from '../components/PrePage';

/** CHECKOUT_ROUTES.preDoctorConfirmation: shown when the storefront enables it, with the operator's text. */
export function PreDoctorConfirmationPage() {
  return <PrePage page="preDoctorConfirmation" continueLabel="Continue" />;
}
