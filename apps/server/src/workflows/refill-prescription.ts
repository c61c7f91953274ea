// The prescription of a refill order (issue 17, docs/decisions/009-refill-orders.md): a refill order
// has no prescription of its own; the renewal job sends the original prescription again as the
// refill, a transmission keyed `rx:<prescription>:refill:<plan>:<cycle>`. The refills module knows
// which cycle made the order; the prescriptions module which prescription that cycle's transmission
// went out on (the one in force then, even if the plan has since followed a renewed prescription).
// The pharmacist's pages and the fill step read it through this (fulfilment's RefillPrescriptions port).
import type { DbOrTx } from '../db/client.ts';
import type { RefillPrescriptions } from '../modules/fulfilment/fulfilment.service.ts';
import type { PrescriptionService, PrescriptionSummary } from '../modules/prescriptions/prescriptions.service.ts';
import type { RefillsService } from '../modules/refills/refills.service.ts';

export function createRefillPrescriptions(deps: {
  refills: Pick<RefillsService, 'cycleOfOrder'>;
  prescriptions: Pick<PrescriptionService, 'ofRefill'>;
}): RefillPrescriptions {
  return {
    async ofRefillOrder(executor: DbOrTx, orderId: string): Promise<PrescriptionSummary | null> {
      const cycle = await deps.refills.cycleOfOrder(executor, orderId);
      if (!cycle) return null;
      return deps.prescriptions.ofRefill(executor, { planId: cycle.planId, cycle: cycle.cycle });
    },
  };
}
