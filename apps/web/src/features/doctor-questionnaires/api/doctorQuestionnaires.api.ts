// The doctor's questionnaire sign-off calls (issue 18): drafts awaiting their sign-off in the
// storefronts they serve, one draft to read, and the sign-off (naming the hash of what they read).
import type { AdminPage, AdminQuestionnaireVersionDetail, DoctorQuestionnaireDraft } from '@store/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api';

export const doctorQuestionnaireKeys = {
  all: ['doctor-questionnaires'] as const,
  list: (page: number) => ['doctor-questionnaires', 'list', page] as const,
  one: (versionId: string) => ['doctor-questionnaires', 'one', versionId] as const,
};

export const DOCTOR_DRAFTS_PAGE_SIZE = 10;

export function useDraftsAwaitingSignOff(page: number) {
  return useQuery({
    queryKey: doctorQuestionnaireKeys.list(page),
    queryFn: ({ signal }) =>
      apiGet<AdminPage<DoctorQuestionnaireDraft>>(`/api/doctor/questionnaires?page=${page}&pageSize=${DOCTOR_DRAFTS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDraftForSignOff(versionId: string | null) {
  return useQuery({
    queryKey: doctorQuestionnaireKeys.one(versionId ?? ''),
    queryFn: ({ signal }) => apiGet<AdminQuestionnaireVersionDetail>(`/api/doctor/questionnaires/${encodeURIComponent(versionId!)}`, { signal }),
    enabled: Boolean(versionId),
  });
}

export function useSignOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, definitionHash }: { versionId: string; definitionHash: string }) =>
      apiPost<AdminQuestionnaireVersionDetail>(`/api/doctor/questionnaires/${encodeURIComponent(versionId)}/sign-off`, { definitionHash }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: doctorQuestionnaireKeys.all }),
  });
}
