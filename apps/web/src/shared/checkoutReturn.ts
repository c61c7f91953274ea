// Changing the ship-to address or the pharmacy from the order summary (issue 13 #11): the
// summary's links carry `return=summary`, the stage pages keep it on the links between their own
// pages, and once the change is saved and only Payment is left the patient is back on the summary
// (not on the greeting or pre-payment page that the first pending stage would show).
import { CHECKOUT_ROUTES, Stage, type CheckoutProgressView } from '@store/domain';
import { useSearchParams } from 'react-router';

const PARAM = 'return';
const SUMMARY = 'summary';

/** A stage page's path, to be left for the summary again once the change is saved. */
export function changeFromSummary(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${PARAM}=${SUMMARY}`;
}

export function useSummaryReturn() {
  const [params] = useSearchParams();
  const fromSummary = params.get(PARAM) === SUMMARY;
  return {
    fromSummary,
    /** The path with the way back kept, for links between the stage's pages. */
    keep: (path: string) => (fromSummary ? changeFromSummary(path) : path),
    /** After saving: the summary when the patient came from it and only Payment is left; else null. */
    target: (after: Pick<CheckoutProgressView, 'firstPendingStage'> | null): string | null =>
      fromSummary && after?.firstPendingStage === Stage.Payment ? CHECKOUT_ROUTES.summary : null,
  };
}
