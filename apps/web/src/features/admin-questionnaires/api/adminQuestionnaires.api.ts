// The operator's questionnaire calls (issue 18): a storefront's questionnaires, a questionnaire's
// versions, one version with its definition, and the draft's steps (save, ask for sign-off, publish).
import type {
  AdminDraftUpdate,
  AdminPage,
  AdminQuestionnaireCreate,
  AdminQuestionnaireSummary,
  AdminQuestionnaireVersion,
  AdminQuestionnaireVersionDetail,
} from '@store/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '@/lib/api';

const enc = encodeURIComponent;
const base = (storefrontId: string) => `/api/admin/storefronts/${enc(storefrontId)}/questionnaires`;

export const questionnaireKeys = {
  all: ['admin', 'questionnaires'] as const,
  list: (storefrontId: string, page: number, pageSize: number) => ['admin', 'questionnaires', storefrontId, 'list', page, pageSize] as const,
  one: (storefrontId: string, id: string) => ['admin', 'questionnaires', storefrontId, id] as const,
  versions: (storefrontId: string, id: string, page: number, pageSize: number) => ['admin', 'questionnaires', storefrontId, id, 'versions', page, pageSize] as const,
  version: (storefrontId: string, id: string, versionId: string) => ['admin', 'questionnaires', storefrontId, id, 'version', versionId] as const,
};

export function useQuestionnaires(storefrontId: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: questionnaireKeys.list(storefrontId ?? '', page, pageSize),
    queryFn: ({ signal }) => apiGet<AdminPage<AdminQuestionnaireSummary>>(`${base(storefrontId!)}?page=${page}&pageSize=${pageSize}`, { signal }),
    enabled: Boolean(storefrontId),
    placeholderData: keepPreviousData,
  });
}

export function useQuestionnaire(storefrontId: string | undefined, id: string) {
  return useQuery({
    queryKey: questionnaireKeys.one(storefrontId ?? '', id),
    queryFn: ({ signal }) => apiGet<AdminQuestionnaireSummary>(`${base(storefrontId!)}/${enc(id)}`, { signal }),
    enabled: Boolean(storefrontId),
  });
}

export function useVersions(storefrontId: string | undefined, id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: questionnaireKeys.versions(storefrontId ?? '', id, page, pageSize),
    queryFn: ({ signal }) => apiGet<AdminPage<AdminQuestionnaireVersion>>(`${base(storefrontId!)}/${enc(id)}/versions?page=${page}&pageSize=${pageSize}`, { signal }),
    enabled: Boolean(storefrontId),
    placeholderData: keepPreviousData,
  });
}

export function useVersion(storefrontId: string | undefined, id: string, versionId: string) {
  return useQuery({
    queryKey: questionnaireKeys.version(storefrontId ?? '', id, versionId),
    queryFn: ({ signal }) => apiGet<AdminQuestionnaireVersionDetail>(`${base(storefrontId!)}/${enc(id)}/versions/${enc(versionId)}`, { signal }),
    enabled: Boolean(storefrontId),
  });
}

export const questionnaireApi = {
  create: (storefrontId: string, input: AdminQuestionnaireCreate) => apiPost<AdminQuestionnaireSummary>(base(storefrontId), input),
  createDraft: (storefrontId: string, id: string) => apiPost<AdminQuestionnaireVersionDetail>(`${base(storefrontId)}/${enc(id)}/versions`, {}),
  saveDraft: (storefrontId: string, id: string, versionId: string, input: AdminDraftUpdate) =>
    apiPut<AdminQuestionnaireVersionDetail>(`${base(storefrontId)}/${enc(id)}/versions/${enc(versionId)}`, input),
  requestSignOff: (storefrontId: string, id: string, versionId: string) =>
    apiPost<AdminQuestionnaireVersionDetail>(`${base(storefrontId)}/${enc(id)}/versions/${enc(versionId)}/request-sign-off`, {}),
  publish: (storefrontId: string, id: string, versionId: string) =>
    apiPost<AdminQuestionnaireVersionDetail>(`${base(storefrontId)}/${enc(id)}/versions/${enc(versionId)}/publish`, {}),
};

/** Runs a step and, once it succeeded, refreshes every questionnaire list and version. */
export function useQuestionnaireStep<A, R>(step: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: step,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}
