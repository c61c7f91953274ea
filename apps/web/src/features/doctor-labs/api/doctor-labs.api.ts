// The doctor's lab calls (issue 17): the lab orders they may result, and the results upload.
import type { DoctorLabList } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api';

export const doctorLabsKeys = { list: ['doctor-labs'] as const };

export const doctorLabsApi = {
  list: (signal?: AbortSignal) => apiGet<DoctorLabList>('/api/doctor/labs', { signal }),
  uploadResult: (labOrderId: string, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiRequest<{ id: string; status: 'resulted'; resultedAt: string | null }>('POST', `/api/doctor/labs/${encodeURIComponent(labOrderId)}/results`, form);
  },
};

export function useDoctorLabs() {
  return useQuery({ queryKey: doctorLabsKeys.list, queryFn: ({ signal }) => doctorLabsApi.list(signal) });
}

export function useUploadResult(labOrderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => doctorLabsApi.uploadResult(labOrderId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doctorLabsKeys.list }),
  });
}
