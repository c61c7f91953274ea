import { PrePage } from '../components/PrePage';

/** CHECKOUT_ROUTES.preQuestionnaire: shown when the storefront enables it, with the operator's text. */
export function PreQuestionnairePage() {
  return <PrePage page="preQuestionnaire" continueLabel="Start the questionnaire" />;
}
