// The patient's side of a doctor's questions (issue 15 "request more information"): the questions
// on their order, their answer, and a file to go with it (the same upload endpoint as the consult).
import type { InfoAnswerInput, PatientInfoRequests } from '@store/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api';

export interface UploadedFile {
  id: string;
  contentType: string;
  sizeBytes: number;
  originalName: string;
}

export const orderQuestionsKeys = {
  order: (orderId: string) => ['order-questions', orderId] as const,
};

const requestsPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/info-requests`;

export function useInfoRequests(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderQuestionsKeys.order(orderId),
    queryFn: ({ signal }) => apiGet<PatientInfoRequests>(requestsPath(orderId), { signal }),
    enabled,
  });
}

export function useAnswerInfoRequest(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, input }: { requestId: string; input: InfoAnswerInput }) =>
      apiPost<{ status: string }>(`${requestsPath(orderId)}/${encodeURIComponent(requestId)}/answer`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQuestionsKeys.order(orderId) }),
  });
}

/** Uploads one file (multipart) to the consult's upload endpoint; refusals come back as ApiError with the SPEC §8 message. */
export function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost<UploadedFile>('/api/uploads', form);
}
