// The public prescription check (docs/api-map.md "Prescriptions"): GET /api/prescriptions/verify
// answers only valid / revoked / expired (404 for a code we never issued); the pharmacy then
// confirms it received it. Through src/lib/api.ts like every call.
import { apiGet, apiPost } from '@/lib/api';

export type PrescriptionCheck = 'valid' | 'revoked' | 'expired';

export const prescriptionVerifyApi = {
  check: (code: string) =>
    apiGet<{ status: PrescriptionCheck }>(`/api/prescriptions/verify?code=${encodeURIComponent(code)}`),
  confirmReceipt: (code: string) =>
    apiPost<{ status: 'valid'; received: true }>('/api/prescriptions/verify/receipt', { code }),
};
