// The patient's health records calls (issue 17; SPEC §7 labs by storefront, documents, filtered
// documents). Types are inferred from the domain's schemas the server answers with.
import type { LabOrderList, RecordDocumentKind, RecordDocumentPage } from '@store/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export const recordsKeys = {
  all: ['records'] as const,
  labs: ['records', 'labs'] as const,
  documents: (kind: RecordDocumentKind | null, page: number) => ['records', 'documents', kind ?? 'all', page] as const,
};

export const recordsApi = {
  labs: (signal?: AbortSignal) => apiGet<LabOrderList>('/api/records/labs', { signal }),
  documents: (kind: RecordDocumentKind | null, page: number, signal?: AbortSignal) => {
    const query = new URLSearchParams();
    if (kind) query.set('kind', kind);
    if (page > 1) query.set('page', String(page));
    const qs = query.toString();
    return apiGet<RecordDocumentPage>(`/api/records/documents${qs ? `?${qs}` : ''}`, { signal });
  },
};

export function useLabs(enabled: boolean) {
  return useQuery({ queryKey: recordsKeys.labs, queryFn: ({ signal }) => recordsApi.labs(signal), enabled });
}

export function useDocuments(kind: RecordDocumentKind | null, page: number, enabled: boolean) {
  return useQuery({
    queryKey: recordsKeys.documents(kind, page),
    queryFn: ({ signal }) => recordsApi.documents(kind, page, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}
