import { useState } from 'react';
import { isApiError } from '@/lib/api';

/** The time zone the open times are shown in and the time picked among them (booking, moving, rebooking a visit). */
export function useSlotChoice(initialTimeZone: string | (() => string)) {
  const [timeZone, setTimeZone] = useState(initialTimeZone);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  return {
    timeZone,
    startsAt,
    setStartsAt,
    /** Another zone lists other times: the one picked is dropped. */
    changeTimeZone(zone: string) {
      setTimeZone(zone);
      setStartsAt(null);
    },
    /** The time was just taken (or is no longer open): pick again from the refreshed list. */
    pickAgainIfGone(error: unknown) {
      if (isApiError(error) && (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_UNAVAILABLE'))
        setStartsAt(null);
    },
  };
}
export type SlotChoice = ReturnType<typeof useSlotChoice>;
