// One interface for sending mail; SMTP (nodemailer) when SMTP_URL is set, else the outbox.
import type { MailAttachment } from '../../db/schema/notifications.ts';

export interface MailMessage {
  /** The storefront the mail is branded for (recorded with outbox copies). */
  storefrontId?: string | null;
  fromName: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (e.g. the visit's calendar invite `visit.ics`). */
  attachments?: MailAttachment[] | undefined;
}

export type { MailAttachment };

export interface MailAdapter {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves when the message was accepted; rejects when it could not be delivered. */
  send(message: MailMessage): Promise<void>;
  close?(): void;
}
