// SPEC §7 "POST phone-order request" (issue 17): POST /api/phone-orders.
import type { PhoneOrderCreated, PhoneOrderInput } from '@store/domain';
import { apiPost } from '@/lib/api';

export const sendPhoneOrder = (input: PhoneOrderInput) => apiPost<PhoneOrderCreated>('/api/phone-orders', input);
