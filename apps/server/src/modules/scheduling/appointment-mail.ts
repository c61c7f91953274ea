// The patient's mail about a visit: booked, moved or cancelled, with the time in the patient's zone,
// the reschedule link, and the calendar invite. Sent through the notifications service (SMTP or the
// outbox). The invite goes as the attachment `visit.ics` (text/calendar; method=REQUEST|CANCEL), and
// as a link to /api/reschedulings/{token}/invite.ics.
import { formatVisitRange, VISIT_TYPE_LABELS } from '@store/domain';
import type { MailContent } from '../notifications/templates.ts';
import type { AppointmentNotice, AppointmentNotifier } from './scheduling.service.ts';

/** The calendar invite as a mail attachment. */
export function inviteAttachment(notice: AppointmentNotice): NonNullable<MailContent['attachments']>[number] {
  const method = notice.kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return { filename: 'visit.ics', content: notice.ics, contentType: `text/calendar; charset=utf-8; method=${method}` };
}

export function appointmentMail(notice: AppointmentNotice): MailContent {
  const { appointment: a } = notice;
  const doctor = `${a.doctor.name}${a.doctor.credentials ? `, ${a.doctor.credentials}` : ''}`;
  const kind = a.visitType ? VISIT_TYPE_LABELS[a.visitType] : 'Visit';
  const when = formatVisitRange(a.startsAt, a.endsAt, a.patientTimeZone);
  const firstName = a.invitee.name.split(' ')[0] ?? a.invitee.name;
  const calendar = notice.inviteUrl ? [`Add it to your calendar: ${notice.inviteUrl}`] : [];
  switch (notice.kind) {
    case 'booked':
      return {
        subject: `Your visit with ${a.doctor.name} is scheduled`,
        heading: 'Your visit is scheduled',
        paragraphs: [`Hi ${firstName}, your ${kind.toLowerCase()} with ${doctor} is booked.`, `When: ${when}`, ...calendar],
        ...(notice.rescheduleUrl ? { action: { label: 'Reschedule or cancel', url: notice.rescheduleUrl } } : {}),
        footnote: 'This link works until the end of your visit. Anyone with it can change the visit, so please keep it to yourself.',
      };
    case 'rescheduled':
      return {
        subject: `Your visit with ${a.doctor.name} was moved`,
        heading: 'Your visit has a new time',
        paragraphs: [`Hi ${firstName}, your ${kind.toLowerCase()} with ${doctor} was moved.`, `New time: ${when}`, ...calendar],
        ...(notice.rescheduleUrl ? { action: { label: 'Reschedule or cancel', url: notice.rescheduleUrl } } : {}),
        footnote: 'Your calendar invite has been updated. This link works until the end of your visit.',
      };
    case 'cancelled': {
      const cancelled = `Hi ${firstName}, your ${kind.toLowerCase()} with ${doctor} on ${when} was cancelled.`;
      // issue 13 #12: what became of the order is said plainly.
      if (notice.outcome === 'order_cancelled') {
        return {
          subject: `Your order was cancelled`,
          heading: 'Your order was cancelled',
          paragraphs: [cancelled, 'Your order was cancelled and the hold on your card was released. You were not charged.'],
          footnote: 'If you did not ask for this, please contact us.',
        };
      }
      if (notice.outcome === 'rebook') {
        return {
          subject: `Your visit with ${a.doctor.name} was cancelled`,
          heading: 'Your visit was cancelled',
          paragraphs: [
            cancelled,
            'Your order is still open and your card has not been charged. Choose a new time for your visit, or cancel your order and the hold on your card will be released.',
          ],
          ...(notice.rescheduleUrl ? { action: { label: 'Book a new time or cancel your order', url: notice.rescheduleUrl } } : {}),
          footnote: 'If you did not ask for this, please contact us.',
        };
      }
      return {
        subject: `Your visit with ${a.doctor.name} was cancelled`,
        heading: 'Your visit was cancelled',
        paragraphs: [
          cancelled,
          ...(notice.outcome === 'stage_reopened' ? ['You have not paid for this order. To finish it, choose a new time for your visit in checkout.'] : []),
        ],
        footnote: 'If you did not ask for this, please contact us.',
      };
    }
  }
}

/** The notify hook the scheduling service calls, sending mail through the notifications service. */
export function createAppointmentMailer(notifications: {
  email(storefront: AppointmentNotice['storefront'], to: string, content: MailContent): Promise<void>;
}): AppointmentNotifier {
  return async (notice) => {
    await notifications.email(notice.storefront, notice.appointment.invitee.email, {
      ...appointmentMail(notice),
      attachments: [inviteAttachment(notice)],
    });
  };
}
