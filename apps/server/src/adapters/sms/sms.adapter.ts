// One interface for text messages; an HTTP gateway when SMS_URL is set, else the outbox.
export interface SmsMessage {
  storefrontId?: string | null;
  /** Ten US digits or E.164. */
  to: string;
  body: string;
}

export interface SmsAdapter {
  readonly kind: 'http' | 'outbox';
  /** Resolves when the gateway accepted the message; rejects otherwise. */
  send(message: SmsMessage): Promise<void>;
}
