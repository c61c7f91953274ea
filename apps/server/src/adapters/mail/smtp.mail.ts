// Mail over SMTP with nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).
import nodemailer from 'nodemailer';
import type { MailAdapter, MailMessage } from './mail.adapter.ts';

export function createSmtpMailAdapter(options: { url: string; from: string }): MailAdapter {
  const transport = nodemailer.createTransport(options.url, {});
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({
        from: { name: message.fromName, address: options.from },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                contentType: a.contentType,
                ...(a.encoding ? { encoding: a.encoding } : {}),
              })),
            }
          : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
