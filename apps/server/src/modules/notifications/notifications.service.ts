// Sends the store's mail and text messages through the configured adapters (SMTP / HTTP SMS, or
// the outbox), branded for the storefront. Other modules call `email` and `sms`.
import type { StorefrontConfig } from '@store/domain';
import type { MailAdapter } from '../../adapters/mail/mail.adapter.ts';
import type { OutboxRow, OutboxStore } from '../../adapters/outbox/outbox.store.ts';
import type { SmsAdapter } from '../../adapters/sms/sms.adapter.ts';
import { renderMail, type Brand, type MailContent } from './templates.ts';

export function brandOf(storefront: StorefrontConfig): Brand {
  return {
    storefrontId: storefront.id,
    name: storefront.name,
    primaryColor: storefront.theme.colors.primary,
    supportEmail: storefront.settings.supportEmail,
    supportPhone: storefront.settings.supportPhone,
  };
}

export function createNotificationService(deps: {
  mail: MailAdapter;
  sms: SmsAdapter;
  outbox: OutboxStore;
}) {
  const { mail, sms, outbox } = deps;
  return {
    /** Rejects when the message could not be handed over (the caller decides what to tell). */
    async email(storefront: StorefrontConfig, to: string, content: MailContent): Promise<void> {
      const brand = brandOf(storefront);
      const rendered = renderMail(brand, content);
      await mail.send({
        storefrontId: storefront.id,
        fromName: brand.name,
        to,
        ...rendered,
        ...(content.attachments?.length ? { attachments: content.attachments } : {}),
      });
    },
    async sms(storefront: StorefrontConfig, to: string, body: string): Promise<void> {
      await sms.send({ storefrontId: storefront.id, to, body: `${storefront.name}: ${body}` });
    },
    /** The outbox, newest first (development pages and tests). */
    outbox(limit?: number): Promise<OutboxRow[]> {
      return outbox.list(limit);
    },
    getOutboxMessage(id: string) {
      return outbox.get(id);
    },
    deliveryKinds: { mail: mail.kind, sms: sms.kind },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
