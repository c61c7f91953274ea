// The pharmacy area's first page reads the pharmacist's pharmacy (GET /api/pharmacy/me, issue 15).
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export interface PharmacistHome {
  pharmacy: { id: string; name: string; phone: string; address: string; city: string; state: string; zip: string };
}

export function usePharmacistHome() {
  return useQuery({
    queryKey: ['pharmacy', 'me'],
    queryFn: ({ signal }) => apiGet<PharmacistHome>('/api/pharmacy/me', { signal }),
  });
}
