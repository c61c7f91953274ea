// The consult's calls: a questionnaire, the patient's consult (read, save a page, submit), the
// medication search and file uploads. The checkout engine's pages use these hooks.
import type { Answers, Disqualification, QuestionnaireDefinition } from '@store/domain';
import { MEDICATION_SEARCH_MIN_LENGTH } from '@store/domain';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiGet, apiPost, apiPut } from '@/lib/api';

export interface QuestionnaireVersion {
  id: string;
  version: number;
  publishedAt: string | null;
  definition: QuestionnaireDefinition;
}

export interface Questionnaire {
  id: string;
  slug: string;
  title: string;
  version: QuestionnaireVersion;
}

export interface Consult {
  id: string;
  orderItemId: string;
  status: 'in_progress' | 'submitted' | 'disqualified';
  questionnaire: Questionnaire;
  answers: Answers;
  currentPage: number;
  submittedAt: string | null;
  disqualified: Disqualification | null;
}

export interface SavedPage {
  consult: Consult;
  nextPageIndex: number | null;
  disqualified: Disqualification | null;
}

export interface MedicationMatch {
  name: string;
  kind: 'generic' | 'brand';
  generic: string | null;
}

export interface UploadedFile {
  id: string;
  contentType: string;
  sizeBytes: number;
  originalName: string;
  createdAt: string;
}

export const consultKeys = {
  questionnaire: (idOrSlug: string) => ['questionnaires', idOrSlug] as const,
  consult: (id: string) => ['consults', id] as const,
  medications: (query: string) => ['medications', query] as const,
  uploads: ['uploads'] as const,
};

export function useQuestionnaire(idOrSlug: string | null) {
  return useQuery({
    queryKey: consultKeys.questionnaire(idOrSlug ?? ''),
    queryFn: ({ signal }) => apiGet<Questionnaire>(`/api/questionnaires/${encodeURIComponent(idOrSlug!)}`, { signal }),
    enabled: Boolean(idOrSlug),
  });
}

export function useConsult(id: string | null) {
  return useQuery({
    queryKey: consultKeys.consult(id ?? ''),
    queryFn: ({ signal }) => apiGet<Consult>(`/api/consults/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

/** Saves one page ("next" checks it and moves on; "draft" keeps what was typed). */
export function useSaveConsultPage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { pageIndex: number; answers: Answers; mode?: 'next' | 'draft' }) =>
      apiPut<SavedPage>(`/api/consults/${encodeURIComponent(id)}/pages/${input.pageIndex}`, {
        answers: input.answers,
        mode: input.mode ?? 'next',
      }),
    onSuccess: (saved) => client.setQueryData(consultKeys.consult(id), saved.consult),
  });
}

export function useSubmitConsult(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ consult: Consult; disqualified: Disqualification | null }>(`/api/consults/${encodeURIComponent(id)}/submit`),
    onSuccess: (result) => client.setQueryData(consultKeys.consult(id), result.consult),
  });
}

/** The value after it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** SPEC §5 medication search: only from 2 characters (trimmed). */
export function useMedicationSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: consultKeys.medications(q.toLowerCase()),
    queryFn: ({ signal }) =>
      apiGet<{ query: string; results: MedicationMatch[] }>(`/api/medications?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length >= MEDICATION_SEARCH_MIN_LENGTH,
    staleTime: 10 * 60_000,
  });
}

/** Uploads one file (multipart); refusals come back as ApiError with the SPEC §8 upload message. */
export function useUploadFile() {
  return useMutation({
    mutationKey: consultKeys.uploads,
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiPost<UploadedFile>('/api/uploads', form);
    },
  });
}

/** True while a file of this page is still on its way to the server (its answer is not there yet). */
export function useUploadInProgress(): boolean {
  return useIsMutating({ mutationKey: consultKeys.uploads }) > 0;
}
