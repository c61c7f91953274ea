// The renewal consult as the renewal job needs it (issue 17): when a plan's prescription has no
// refills left or has expired, the job opens a renewal consult instead of charging. Helper
// "renewal" builds it (workflows/renewal-consult.ts, `createRenewalConsult(deps)`, same shape):
// `open` makes a draft order prefilled with the last answers, for the patient to confirm and the
// doctor to review, and answers its id. app.ts wires theirs in; until then the job runs without one
// (the plan pauses with reason "renewal" and the patient is told).
import type { DbOrTx } from '../db/client.ts';

export interface RenewalConsultInput {
  planId: string;
  patientId: string;
  storefrontId: string;
  productId: string;
  prescriptionId: string;
  sourceOrderId: string;
}

export interface RenewalConsultPort {
  open(tx: DbOrTx, input: RenewalConsultInput): Promise<{ orderId: string }>;
}
