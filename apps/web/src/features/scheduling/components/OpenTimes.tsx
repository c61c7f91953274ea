// The doctor's open times with their loading, error and empty states: booking a visit, moving it
// (the link and the account) and booking a cancelled visit of a paid order again.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/PageState';
import type { SlotsResponse } from '../api/scheduling.api';
import { SlotPicker, type SlotPickerProps } from './SlotPicker';

export interface OpenTimesProps extends Omit<SlotPickerProps, 'days'> {
  slots: UseQueryResult<SlotsResponse>;
  /** The days to offer, when not all of the answer's (moving a visit leaves out its own time). */
  days?: SlotPickerProps['days'];
  empty: { title: string; body: string; action?: ReactNode };
}

export function OpenTimes({
  slots,
  days = slots.data?.days ?? [],
  empty,
  ...picker
}: OpenTimesProps) {
  if (slots.isPending) return <LoadingState label="Loading open times…" lines={4} />;
  if (slots.isError)
    return (
      <ErrorState
        error={slots.error}
        onRetry={() => void slots.refetch()}
        retrying={slots.isFetching}
      />
    );
  if (days.length === 0)
    return (
      <EmptyState
        title={empty.title}
        body={empty.body}
        action={empty.action}
        headingComponent="h3"
      />
    );
  return <SlotPicker days={days} {...picker} />;
}
