// A pharmacy confirms it received a prescription, from the public verification page (issue 15).
// Today this records when (prescriptions.confirmReceipt); what follows for the order (ready for
// pickup at a local pharmacy) joins this transaction in the fulfilment work.
import type { Db } from '../db/client.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';

export function createPrescriptionReceipt(deps: { db: Db; prescriptions: Pick<PrescriptionService, 'confirmReceipt'> }) {
  const { db, prescriptions } = deps;
  return {
    /** null: no prescription with this code; 409 when revoked or expired. */
    async confirm(code: string) {
      return db.transaction(async (tx) => {
        const confirmed = await prescriptions.confirmReceipt(tx, code);
        if (!confirmed) return null;
        return confirmed;
      });
    },
  };
}
export type PrescriptionReceipt = ReturnType<typeof createPrescriptionReceipt>;
