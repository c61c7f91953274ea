// Calendar invites for booked visits (the `ics` package). A booking and every reschedule share one
// UID; SEQUENCE goes up with each change so calendars replace the event instead of adding one; a
// cancellation is METHOD:CANCEL with STATUS:CANCELLED.
import { createEvent } from 'ics';

export interface InviteInput {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  startsAt: Date;
  endsAt: Date;
  title: string;
  description: string;
  /** The reschedule page. */
  url?: string | undefined;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

export function buildInvite(input: InviteInput): string {
  const { error, value } = createEvent({
    productId: '-//telehealth-storefront//scheduling//EN',
    method: input.method,
    uid: input.uid,
    sequence: input.sequence,
    start: input.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: input.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: input.title,
    description: input.description,
    ...(input.url ? { url: input.url } : {}),
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: input.organizer,
    attendees: [
      {
        name: input.attendee.name,
        email: input.attendee.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
    alarms: input.method === 'CANCEL' ? [] : [{ action: 'display', description: input.title, trigger: { minutes: 15, before: true } }],
  });
  if (error || !value) throw error ?? new Error('could not build the calendar invite');
  return value;
}
