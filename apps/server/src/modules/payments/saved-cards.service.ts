// The patient's saved cards (issue 7, issue 13 #10): kept at the gateway and here, each card once
// (by the processor's fingerprint of the number and the expiry), one of them current. Signed-in
// patients only; another patient's card is a 404. Paying saves a card through `saveCard` and makes
// it current only once it paid (payments.service.ts).
import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, cardLabel, isCardExpired, type BillingAddress, type CardBrand } from '@store/domain';
import { IdempotencyMismatchError } from '../../adapters/payments/gateway-failure.ts';
import type { GatewayFailure } from '../../adapters/payments/payment-gateway.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import { paymentProblem, toFailure, toFailureResult } from './payment-failures.ts';
import { createPaymentsRepo, type CardRow } from './payments.repo.ts';
import type { PaymentAudit, PaymentsServiceDeps } from './payments.service.ts';

export interface CardView {
  id: string;
  brand: CardBrand;
  last4: string;
  /** "Visa ending in 4242" */
  label: string;
  expMonth: number;
  expYear: number;
  expired: boolean;
  isCurrent: boolean;
  billingAddress: BillingAddress | null;
  createdAt: Date;
}

export function createSavedCards(deps: PaymentsServiceDeps) {
  const { db, gateway, now } = deps;
  const repo = createPaymentsRepo(db);

  function toCardView(row: CardRow): CardView {
    return {
      id: row.id,
      brand: row.brand,
      last4: row.last4,
      label: cardLabel(row.brand, row.last4),
      expMonth: row.expMonth,
      expYear: row.expYear,
      expired: isCardExpired({ month: row.expMonth, year: row.expYear }, now()),
      isCurrent: row.isCurrent,
      billingAddress: row.billingAddress ?? null,
      createdAt: row.createdAt,
    };
  }

  async function customerFor(userId: string): Promise<{ ok: true; customerId: string } | GatewayFailure> {
    const existing = await repo.findCustomerId(userId, gateway.name);
    if (existing) return { ok: true, customerId: existing };
    return gateway.createCustomer({ reference: userId }, { idempotencyKey: `customer:${userId}` });
  }

  /**
   * Saves a tokenized card with the gateway and here. A patient keeps each card once (issue 13 #10):
   * the same token again is the card already saved (nothing changes); another token for a card
   * they have (the gateway's fingerprint of the number, and the same expiry) is forgotten at the
   * gateway again and answers that card with `duplicate` set. Brand and last four alone never make
   * two cards one: another card with the same last four is saved and charged as itself.
   * `inserted`: a new card row was written.
   */
  async function saveCard(
    userId: string,
    input: {
      token: string;
      billingAddress?: BillingAddress | undefined;
      makeCurrent?: boolean | undefined;
      /** Saved with a payment: made current by the caller once it pays (not as the first card). */
      withPayment?: boolean | undefined;
    },
    idempotencyKey: string,
    ctx?: PaymentAudit,
  ): Promise<{ ok: true; card: CardRow; inserted: boolean; duplicate: boolean } | GatewayFailure> {
    const known = await repo.findCardByGatewayId(gateway.name, input.token);
    if (known) {
      if (known.userId !== userId) return toFailureResult('payment_method_unusable');
      return { ok: true, card: known, inserted: false, duplicate: true };
    }
    const customer = await customerFor(userId);
    if (!customer.ok) return customer;
    let saved;
    try {
      saved = await gateway.savePaymentMethod(
        { customerId: customer.customerId, token: input.token, billingAddress: input.billingAddress },
        { idempotencyKey },
      );
    } catch (error) {
      // The same key with another request (the same token sent again with other details).
      if (error instanceof IdempotencyMismatchError) throw new AppError(409, 'CARD_ALREADY_SAVED', PAYMENT_MESSAGES.CARD_ALREADY_SAVED);
      throw error;
    }
    if (!saved.ok) return saved;
    const { fingerprint } = saved;
    const same = fingerprint
      ? (await repo.listCards(userId, gateway.name)).find(
          (c) => c.gatewayPaymentMethodId !== saved.paymentMethodId && c.fingerprint === fingerprint && c.expMonth === saved.card.expMonth && c.expYear === saved.card.expYear,
        )
      : undefined;
    if (same) {
      await forgetAtGateway(saved.paymentMethodId);
      return { ok: true, card: same, inserted: false, duplicate: true };
    }
    const at = now();
    const inserted = await repo.insertCard({
      userId,
      gateway: gateway.name,
      gatewayCustomerId: customer.customerId,
      gatewayPaymentMethodId: saved.paymentMethodId,
      brand: saved.card.brand,
      last4: saved.card.last4,
      expMonth: saved.card.expMonth,
      expYear: saved.card.expYear,
      fingerprint,
      billingAddress: input.billingAddress ?? null,
      isCurrent: false,
      createdAt: at,
      updatedAt: at,
    });
    const card = inserted ?? (await repo.findCardByGatewayId(gateway.name, saved.paymentMethodId));
    if (!card || card.userId !== userId) return { ...toFailureResult('payment_method_unusable') };
    if (input.makeCurrent) await setCurrentCard(userId, card.id);
    else if (!input.withPayment) await repo.makeCurrentIfNone(userId, card.id, gateway.name, at);
    if (inserted && deps.audit) {
      await deps.audit.record({
        action: 'payment_method.added',
        actor: ctx?.actor ?? { type: 'user', id: userId },
        subject: { type: 'payment_method', id: card.id },
        ip: ctx?.ip ?? null,
        requestId: ctx?.requestId ?? null,
        details: { brand: card.brand, gateway: gateway.name },
      });
    }
    return { ok: true, card: (await repo.findCard(userId, card.id, gateway.name)) ?? card, inserted: inserted !== null, duplicate: false };
  }

  /** Best effort: a card we do not keep is detached at the gateway too (a failure only leaves it unused there). */
  async function forgetAtGateway(paymentMethodId: string): Promise<void> {
    await gateway.detachPaymentMethod({ paymentMethodId }, { idempotencyKey: `card:${paymentMethodId}:detach` }).catch(() => undefined);
  }


  async function setCurrentCard(userId: string, cardId: string): Promise<CardRow> {
    return db.transaction(async (tx) => {
      const txRepo = createPaymentsRepo(tx);
      const card = await txRepo.findCard(userId, cardId, gateway.name);
      if (!card) throw notFound();
      if (card.isCurrent) return card;
      await txRepo.clearCurrent(userId, gateway.name);
      const updated = await txRepo.updateCard(userId, cardId, { isCurrent: true, updatedAt: now() });
      return updated ?? card;
    });
  }

  return {
    toCardView,
    saveCard,
    forgetAtGateway,
    setCurrentCard,

    /** What My account → Saved cards and the checkout's card choice call. */
    forPatients: {
    async listCards(userId: string): Promise<CardView[]> {
      return (await repo.listCards(userId, gateway.name)).map(toCardView);
    },

    async getCard(userId: string, cardId: string): Promise<CardView> {
      const card = await repo.findCard(userId, cardId, gateway.name);
      if (!card) throw notFound();
      return toCardView(card);
    },

    /** Save a card from a gateway token. A card the gateway refuses is not saved (402). */
    async addCard(
      userId: string,
      input: { token: string; billingAddress?: BillingAddress | undefined; makeCurrent?: boolean | undefined },
      ctx?: PaymentAudit,
    ): Promise<CardView> {
      const saved = await saveCard(userId, input, `card:${userId}:${input.token}`, ctx);
      if (!saved.ok) throw paymentProblem(toFailure(saved));
      // The same token again answers the card it saved; another token for a card already saved is refused.
      if (saved.duplicate && saved.card.gatewayPaymentMethodId !== input.token) {
        throw new AppError(409, 'CARD_ALREADY_SAVED', PAYMENT_MESSAGES.CARD_ALREADY_SAVED);
      }
      return toCardView(saved.card);
    },

    /** New expiry (the bank reissued the card) or billing address. */
    async updateCard(
      userId: string,
      cardId: string,
      input: { expMonth?: number | undefined; expYear?: number | undefined; billingAddress?: BillingAddress | undefined },
      ctx?: PaymentAudit,
    ): Promise<CardView> {
      const card = await repo.findCard(userId, cardId, gateway.name);
      if (!card) throw notFound();
      const result = await gateway.updatePaymentMethod(
        { paymentMethodId: card.gatewayPaymentMethodId, ...input },
        { idempotencyKey: `card:${card.id}:update:${randomUUID()}` },
      );
      if (!result.ok) throw paymentProblem(toFailure(result));
      const updated = await repo.updateCard(userId, cardId, {
        expMonth: result.card.expMonth,
        expYear: result.card.expYear,
        ...(input.billingAddress ? { billingAddress: input.billingAddress } : {}),
        updatedAt: now(),
      });
      if (!updated) throw notFound();
      await deps.audit?.record({
        action: 'payment_method.updated',
        actor: ctx?.actor ?? { type: 'user', id: userId },
        subject: { type: 'payment_method', id: card.id },
        ip: ctx?.ip ?? null,
        requestId: ctx?.requestId ?? null,
        details: { expiry: input.expMonth !== undefined || input.expYear !== undefined, billing: !!input.billingAddress },
      });
      return toCardView(updated);
    },

    /** Forget a card here and at the gateway; the next newest card becomes current. */
    async removeCard(userId: string, cardId: string, ctx?: PaymentAudit): Promise<void> {
      const card = await repo.findCard(userId, cardId, gateway.name);
      if (!card) throw notFound();
      const result = await gateway.detachPaymentMethod(
        { paymentMethodId: card.gatewayPaymentMethodId },
        { idempotencyKey: `card:${card.id}:detach` },
      );
      // Already gone at the gateway is fine: we forget it too.
      if (!result.ok && result.code !== 'payment_method_unusable') throw paymentProblem(toFailure(result));
      const removed = await repo.deleteCard(userId, cardId);
      if (!removed) throw notFound();
      if (removed.isCurrent) {
        const [next] = await repo.listCards(userId, gateway.name);
        if (next) await repo.makeCurrentIfNone(userId, next.id, gateway.name, now());
      }
      await deps.audit?.record({
        action: 'payment_method.removed',
        actor: ctx?.actor ?? { type: 'user', id: userId },
        subject: { type: 'payment_method', id: card.id },
        ip: ctx?.ip ?? null,
        requestId: ctx?.requestId ?? null,
      });
    },

    /** The card checkout offers first. */
    async setCurrentCard(userId: string, cardId: string): Promise<CardView> {
      return toCardView(await setCurrentCard(userId, cardId));
    },
    },
  };
}
