// A consult frozen (issue 8): saving a page with a disqualifying answer, or submitting the
// questionnaire, freezes the consult with its answers and version; in the same transaction the
// checkout engine completes the item's Consult stage or marks the order disqualified (nothing can
// be charged). An order that is no longer open refuses (409), which rolls the freeze back.
import type { Db } from '../db/client.ts';
import type { CheckoutService } from '../modules/checkout/checkout.service.ts';
import type { ConsultService } from '../modules/consults/consults.service.ts';

export function createConsultFrozenWorkflow(deps: {
  db: Db;
  consults: Pick<ConsultService, 'saveAnswers' | 'submit'>;
  checkout: Pick<CheckoutService, 'consultFrozen'>;
}) {
  const { db, consults, checkout } = deps;
  return {
    /** PUT /api/consults/:id/pages/:pageIndex: saves one page; a disqualifying answer freezes the consult. */
    saveAnswers(input: Parameters<ConsultService['saveAnswers']>[0]) {
      return db.transaction(async (tx) => {
        const { frozen, ...saved } = await consults.saveAnswers(input, tx);
        if (frozen) await checkout.consultFrozen(tx, frozen, { disqualified: saved.disqualified });
        return saved;
      });
    },

    /** POST /api/consults/:id/submit: freezes the answers; submitting again answers the same outcome. */
    submit(input: Parameters<ConsultService['submit']>[0]) {
      return db.transaction(async (tx) => {
        const { frozen, ...submitted } = await consults.submit(input, tx);
        if (frozen) await checkout.consultFrozen(tx, frozen, { disqualified: submitted.disqualified });
        return submitted;
      });
    },
  };
}
export type ConsultFrozenWorkflow = ReturnType<typeof createConsultFrozenWorkflow>;
