// The consult's calls: the consults of an order's items (read, save a page, submit), the
// medication search and file uploads.
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
  /** issue 17: a renewal consult, prefilled from the previous one (the page shows a banner). */
  renewal?: { prescriptionId: string } | null | undefined;
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

export interface OrderConsult {
  itemId: string;
  productId: string;
  title: string;
  questionnaireId: string | null;
  completed: boolean;
  consult: Consult | null;
}

export interface OrderConsults {
  orderId: string;
  items: OrderConsult[];
}

export const consultKeys = {
  order: (orderId: string) => ['consults', 'order', orderId] as const,
  medications: (query: string) => ['medications', query] as const,
  uploads: ['uploads'] as const,
};

/** Each item of the order needing a consult, with its consult (created by the server on first read). */
export function useOrderConsults(orderId: string | null) {
  return useQuery({
    queryKey: consultKeys.order(orderId ?? ''),
    queryFn: ({ signal }) =>
      apiGet<OrderConsults>(`/api/orders/${encodeURIComponent(orderId!)}/consults`, { signal }),
    enabled: Boolean(orderId),
    // Answers change as the patient goes; a refetch on focus would overwrite what they are typing.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** Saves one page ("next" checks it and moves on; "draft" keeps what was typed and stays). */
export function saveConsultPage(input: {
  consultId: string;
  pageIndex: number;
  answers: Answers;
  mode: 'next' | 'draft';
}) {
  return apiPut<SavedPage>(
    `/api/consults/${encodeURIComponent(input.consultId)}/pages/${input.pageIndex}`,
    {
      answers: input.answers,
      mode: input.mode,
    },
  );
}

/** Freezes the answers with their version; says whether they disqualify. */
export function submitConsult(consultId: string) {
  return apiPost<{ consult: Consult; disqualified: Disqualification | null }>(
    `/api/consults/${encodeURIComponent(consultId)}/submit`,
  );
}

/** Keeps the cached consults of the order in step with a saved or submitted consult. */
export function useStoreConsult(orderId: string) {
  const client = useQueryClient();
  return (consult: Consult) =>
    client.setQueryData<OrderConsults>(consultKeys.order(orderId), (current) =>
      current
        ? {
            ...current,
            items: current.items.map((item) =>
              item.consult?.id === consult.id
                ? { ...item, consult, completed: item.completed || consult.status === 'submitted' }
                : item,
            ),
          }
        : current,
    );
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
