// The visit mails (issue 6; issue 13 #12, #15): the time in the patient's zone, named, never in
// UTC; a cancellation says what became of the order.
import { describe, expect, it } from 'vitest';
import { appointmentMail } from './appointment-mail.ts';
import type { AppointmentNotice } from './scheduling.service.ts';

function notice(kind: AppointmentNotice['kind'], patientTimeZone: string, outcome?: AppointmentNotice['outcome']): AppointmentNotice {
  return {
    kind,
    outcome,
    storefront: { name: 'Evergreen Health' } as AppointmentNotice['storefront'],
    appointment: {
      id: 'a1',
      orderId: 'o1',
      status: kind === 'cancelled' ? 'cancelled' : 'booked',
      visitType: 1,
      startsAt: '2027-02-02T18:00:00.000Z',
      endsAt: '2027-02-02T18:30:00.000Z',
      doctor: { id: 'd1', name: 'Dr. Elena Petrov', credentials: 'MD' } as AppointmentNotice['appointment']['doctor'],
      invitee: { name: 'Jordan Rivers', email: 'jordan@example.com', number: '5552013344' },
      patientTimeZone,
    },
    rescheduleUrl: kind === 'cancelled' && outcome !== 'rebook' ? null : 'http://localhost:3000/reschedulings/tok?hide_gdpr_banner=1',
    inviteUrl: null,
    ics: 'BEGIN:VCALENDAR',
  };
}

const text = (mail: ReturnType<typeof appointmentMail>) => [mail.subject, mail.heading, ...mail.paragraphs].join('\n');

describe('appointmentMail', () => {
  // issue 13 #15: the patient's zone, named.
  it.each([
    ['America/Chicago', 'Tuesday, February 2, 2027, 12:00 – 12:30 PM CST'],
    ['America/Los_Angeles', 'Tuesday, February 2, 2027, 10:00 – 10:30 AM PST'],
    ['America/New_York', 'Tuesday, February 2, 2027, 1:00 – 1:30 PM EST'],
  ])('says the time in %s', (zone, when) => {
    for (const kind of ['booked', 'rescheduled', 'cancelled'] as const) {
      const body = text(appointmentMail(notice(kind, zone)));
      expect(body).toContain(when);
      expect(body).not.toContain('UTC');
    }
  });

  // issue 13 #12: the mail says which happened.
  it('a cancelled visit of an unpaid order sends the patient back to checkout', () => {
    expect(text(appointmentMail(notice('cancelled', 'America/New_York', 'stage_reopened')))).toContain(
      'You have not paid for this order. To finish it, choose a new time for your visit in checkout.',
    );
  });

  it('a cancelled visit of a paid order offers a new time or the order’s cancellation, with the link', () => {
    const mail = appointmentMail(notice('cancelled', 'America/New_York', 'rebook'));
    expect(text(mail)).toContain('Your order is still open and your card has not been charged.');
    expect(mail.action).toEqual({ label: 'Book a new time or cancel your order', url: 'http://localhost:3000/reschedulings/tok?hide_gdpr_banner=1' });
  });

  it('a cancelled order says the hold was released', () => {
    const mail = appointmentMail(notice('cancelled', 'America/New_York', 'order_cancelled'));
    expect(mail.subject).toBe('Your order was cancelled');
    expect(text(mail)).toContain('Your order was cancelled and the hold on your card was released. You were not charged.');
    expect(mail.action).toBeUndefined();
  });
});
