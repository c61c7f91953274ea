// Pharmacy search by ZIP, city or name (issue 5): results nearest first with the distance when a
// ZIP is given, a page at a time; picking one selects it. Loading, empty and error states included.
import { pharmacySearchSchema, type PharmacySearch as SearchValues, type PharmacySearchInput } from '@store/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { FormTextField } from '@/components/FormTextField';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import { StatusButton } from '@/components/StatusButton';
import { isApiError } from '@/lib/api';
import { usePharmacySearch, type Pharmacy, type PharmacyQuery } from '../api/pharmacy.api';
import { PharmacyList } from './PharmacyList';

export interface PharmacySearchProps {
  selectedId: string | null;
  onSelect: (pharmacy: Pharmacy) => void;
  /** Searches this ZIP straight away (e.g. the shipping address's ZIP). */
  initialZip?: string;
  /** Shown with the empty results: a way to add the patient's own pharmacy. */
  onAddPharmacy?: () => void;
  pageSize?: number;
}

const FIELDS: FieldPath<PharmacySearchInput>[] = ['zip', 'city', 'name'];

export function PharmacySearch({ selectedId, onSelect, initialZip, onAddPharmacy, pageSize = 10 }: PharmacySearchProps) {
  const id = useId();
  const [query, setQuery] = useState<PharmacyQuery | null>(initialZip ? { zip: initialZip } : null);
  const [page, setPage] = useState(1);
  const { control, handleSubmit, setError } = useForm<PharmacySearchInput, unknown, SearchValues>({
    resolver: zodResolver(pharmacySearchSchema),
    defaultValues: { zip: initialZip ?? '', city: '', name: '' },
  });
  const search = usePharmacySearch(query, page, pageSize);

  // A field the server refused (an unknown ZIP) shows on that field, like the form's own checks.
  const fieldProblems = isApiError(search.error) ? search.error.fieldErrors.filter((e) => FIELDS.includes(e.field as never)) : [];
  useEffect(() => {
    if (!isApiError(search.error)) return;
    for (const e of search.error.fieldErrors) {
      if (FIELDS.includes(e.field as never)) setError(e.field as FieldPath<PharmacySearchInput>, { message: e.message });
    }
  }, [search.error, setError]);

  const submit = handleSubmit((values) => {
    setPage(1);
    setQuery({ zip: values.zip, city: values.city, name: values.name });
  });

  const data = search.data;
  let results: React.ReactNode = (
    <Typography color="text.secondary">Search by ZIP code to see the pharmacies nearest you, or by city or name.</Typography>
  );
  if (query && search.isPending) {
    results = <LoadingState label="Searching pharmacies…" />;
  } else if (query && search.isError) {
    results =
      fieldProblems.length > 0 ? null : (
        <ErrorState error={search.error} onRetry={() => void search.refetch()} retrying={search.isFetching} />
      );
  } else if (query && data && data.total === 0) {
    results = (
      <EmptyState
        headingComponent="h3"
        title="No pharmacies found"
        body={
          data.origin?.zip
            ? `We found no pharmacies within ${data.radiusMiles} miles of ${data.origin.label}. Try another ZIP code, a city or a name.`
            : 'No pharmacy matches your search. Try another ZIP code, a city or a name.'
        }
        action={
          onAddPharmacy ? (
            <Button variant="outlined" onClick={onAddPharmacy}>
              Add your pharmacy
            </Button>
          ) : undefined
        }
      />
    );
  } else if (query && data) {
    const pages = Math.ceil(data.total / data.pageSize);
    results = (
      <Stack spacing={2}>
        <PharmacyList pharmacies={data.items} selectedId={selectedId} onSelect={onSelect} label="Pharmacies found" />
        {pages > 1 ? (
          <Pagination
            count={pages}
            page={data.page}
            onChange={(_, next) => setPage(next)}
            color="primary"
            aria-label="Result pages"
          />
        ) : null}
      </Stack>
    );
  }

  const summary =
    query && data && data.total > 0
      ? `${data.total} ${data.total === 1 ? 'pharmacy' : 'pharmacies'} ${data.origin?.zip ? `near ${data.origin.label}` : 'found'}${
          data.total > data.pageSize ? `, page ${data.page} of ${Math.ceil(data.total / data.pageSize)}` : ''
        }`
      : '';

  return (
    <Stack spacing={3}>
      <Box component="form" role="search" aria-label="Find a pharmacy" noValidate onSubmit={submit}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <FormTextField
            name="zip"
            control={control}
            id={`${id}-zip`}
            label="ZIP code"
            autoComplete="postal-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
          <FormTextField name="city" control={control} id={`${id}-city`} label="City" autoComplete="address-level2" />
          <FormTextField name="name" control={control} id={`${id}-name`} label="Pharmacy name" />
          <StatusButton type="submit" status={query && search.isFetching ? 'loading' : 'idle'} sx={{ minWidth: 120 }}>
            Search
          </StatusButton>
        </Stack>
      </Box>
      <Typography role="status" aria-live="polite" variant="body2">
        {summary}
      </Typography>
      {results}
    </Stack>
  );
}
