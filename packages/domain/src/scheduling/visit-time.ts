// A visit's time as patients read it, in their own zone with the zone named: the pages, the
// summary, the confirmation and the visit mails all say it the same way (Intl, no I/O).

/** "Monday, June 1, 2026, 10:00 – 10:30 AM EDT" in `timeZone`, with plain spaces. */
export function formatVisitRange(startsAt: string, endsAt: string, timeZone: string): string {
  const range = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  // ICU puts narrow and thin no-break spaces around the dash and before AM/PM.
  return range.formatRange(new Date(startsAt), new Date(endsAt)).replace(/[\u202f\u2009\u00a0]/g, ' ');
}
