/** An .ics file for a booked visit (add to calendar): the order confirmation and the visit screen. */
export function visitIcs(input: {
  uid: string;
  startsAt: string;
  endsAt: string;
  title: string;
  description: string;
}): string {
  const stamp = (iso: string) =>
    new Date(iso)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//storefront//visit//EN',
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    `DTSTART:${stamp(input.startsAt)}`,
    `DTEND:${stamp(input.endsAt)}`,
    `SUMMARY:${input.title.replace(/[,;]/g, ' ')}`,
    `DESCRIPTION:${input.description.replace(/[,;]/g, ' ')}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Hands the browser the visit's .ics to save (visit.ics). */
export function downloadVisitIcs(ics: string): void {
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'visit.ics';
  a.click();
  URL.revokeObjectURL(url);
}
