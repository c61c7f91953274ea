// issue 8 "Checkout engine": the progress of an order, stage completion in stage order (SPEC §2, §4),
// the consult wired into the order (created on first read, resumed, completing the item's Consult
// stage or disqualifying the order), payment blocked for a disqualified order, owners only.
import { and, eq } from 'drizzle-orm';
import { Stage, type QuestionnaireDefinitionInput } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestBrowser, type TestContext } from '../../../test/app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { consults } from '../../db/schema/consults.ts';
import { DEMO_PRODUCTS } from '../../db/seed/store.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import type { OrderOwner } from '../orders/orders.service.ts';
import {
  guestWithCart,
  signedInPatient,
  storedOrder,
  type PatientClient,
} from '../cart/cart.test-helpers.ts';

const P = DEMO_PRODUCTS.evergreen;
const { Consult, Shipping, Register, Pharmacy, Scheduling, Payment } = Stage;
const CONSULT_STAGES = Consult | Shipping | Pharmacy | Scheduling | Payment;

/** A short stand-in for the weight-care questionnaire: a disqualifying answer, then a branch. */
const definition: QuestionnaireDefinitionInput = {
  title: 'Weight care (test)',
  pages: [
    {
      title: 'Safety',
      questions: [
        {
          id: 'pregnant',
          type: 'yes_no',
          label: 'Are you pregnant or planning a pregnancy?',
          disqualifiesOn: 'yes',
          disqualifyReason:
            'This treatment is not safe during pregnancy. Please talk with your obstetrician.',
        },
      ],
    },
    {
      title: 'Goals',
      questions: [
        {
          id: 'tried_before',
          type: 'yes_no',
          label: 'Have you tried a weight-loss medicine before?',
        },
        {
          id: 'which',
          type: 'text',
          label: 'Which one?',
          showIf: { questionId: 'tried_before', op: 'equals', value: 'yes' },
        },
      ],
    },
  ],
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // A new published version of the product's questionnaire: consults get the newest one.
  const questionnaire = await ctx.app.services.consults.getQuestionnaire(
    EVERGREEN_ID,
    'weight-care-intake',
  );
  await ctx.app.services.consults.createVersion({ questionnaireId: questionnaire.id, definition });
});
afterAll(() => ctx.close());

const storefront = async (id = EVERGREEN_ID) => ctx.app.services.storefronts.getById(id);

async function guestOwner(browser: TestBrowser): Promise<OrderOwner> {
  const identity = await ctx.app.services.sessions.resolve(browser.cookie('sid')!);
  return { kind: 'guest', guestSessionId: identity!.sessionId };
}

/** A guest with the product in their cart. */
async function guestOrder(productId: string = P.semaglutide, host = 'localhost:3000') {
  const { browser, orderId } = await guestWithCart(ctx, host);
  const res = await browser.patch(`/api/orders/${orderId}/items`, { items: [{ productId }] });
  expect(res.statusCode).toBe(200);
  return { browser, orderId, owner: await guestOwner(browser) };
}

/** A signed-in patient with the product in their cart. */
async function patientOrder(productId: string = P.semaglutide) {
  const patient = await signedInPatient(ctx);
  const cart = await patient.post('/api/cart');
  const orderId = cart.json().id as string;
  expect(
    (await patient.patch(`/api/orders/${orderId}/items`, { items: [{ productId }] })).statusCode,
  ).toBe(200);
  return { patient, orderId, owner: { kind: 'user', userId: patient.userId } as OrderOwner };
}

type Client = Pick<TestBrowser, 'get' | 'put' | 'post'> | PatientClient;

async function consultOf(client: Client, orderId: string) {
  const res = await client.get(`/api/orders/${orderId}/consults`);
  expect(res.statusCode).toBe(200);
  return res.json().items[0].consult as {
    id: string;
    currentPage: number;
    answers: Record<string, unknown>;
    status: string;
  };
}

async function passConsult(client: Client, orderId: string) {
  const consult = await consultOf(client, orderId);
  expect(
    (await client.put(`/api/consults/${consult.id}/pages/0`, { answers: { pregnant: 'no' } }))
      .statusCode,
  ).toBe(200);
  expect(
    (await client.put(`/api/consults/${consult.id}/pages/1`, { answers: { tried_before: 'no' } }))
      .statusCode,
  ).toBe(200);
  const submitted = await client.post(`/api/consults/${consult.id}/submit`);
  expect(submitted.statusCode).toBe(200);
  return consult.id;
}

const complete = async (
  orderId: string,
  owner: OrderOwner,
  stage: 1 | 2 | 4 | 8 | 16 | 32,
  itemId?: string,
) =>
  ctx.app.services.checkout.completeStage({
    storefront: await storefront(),
    owner,
    orderId,
    stage,
    itemId,
  });

async function auditCount(orderId: string, action: string) {
  const rows = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectId, orderId), eq(auditEvents.action, action)));
  return rows.length;
}

describe('GET /api/orders/:id/checkout', () => {
  it('shows a new consult order: every stage pending, the questionnaire first (SPEC §2, §4)', async () => {
    const { browser, orderId } = await guestOrder();
    const res = await browser.get(`/api/orders/${orderId}/checkout`);
    expect(res.statusCode).toBe(200);
    const progress = res.json();
    expect(progress).toMatchObject({
      orderId,
      status: 'draft',
      statusLabel: 'Incomplete',
      loggedIn: false,
      visitType: 1,
      requiredStages: CONSULT_STAGES,
      completedStages: 0,
      // SPEC §4 "sorted by the fixed stage order"; SPEC §2 Register added without a login token
      missingStages: [Consult, Shipping, Pharmacy, Scheduling, Register, Payment],
      firstPendingStage: Consult,
      // SPEC §2 "Consult: pre-questionnaire if that display page is enabled, else questionnaire 1"
      nextRoute: '/checkout/questionnaire/1',
      progressStep: 1,
      readyForPayment: false,
      disqualified: false,
    });
    expect(
      progress.stages.map((s: { name: string; label: string }) => `${s.name}:${s.label}`),
    ).toEqual([
      'Consult:Pending',
      'Shipping:Incomplete',
      'Pharmacy:Incomplete',
      'Scheduling:Incomplete',
      'Register:Incomplete',
      'Payment:Incomplete',
    ]);
    expect(progress.items).toHaveLength(1);
    expect(progress.pendingConsultItemIds).toEqual([progress.items[0].id]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends a Lumen patient to the pre-questionnaire, which that storefront enables (SPEC §2)', async () => {
    const { browser, orderId } = await guestOrder(
      DEMO_PRODUCTS.lumen.weightReset,
      'lumen.localhost:3000',
    );
    const progress = (await browser.get(`/api/orders/${orderId}/checkout`)).json();
    expect(progress.nextRoute).toBe('/checkout/pre-questionnaire');
    expect(progress.progressStep).toBe(1);
  });

  it('starts a shipped product at shipping, a signed-in patient without Register', async () => {
    const { patient, orderId } = await patientOrder(P.sunscreen);
    const progress = (await patient.get(`/api/orders/${orderId}/checkout`)).json();
    expect(progress).toMatchObject({
      loggedIn: true,
      missingStages: [Shipping, Payment],
      nextRoute: '/checkout/shipping-details',
      progressStep: 2,
    });
    expect(progress.stages.find((s: { stage: number }) => s.stage === Register).label).toBe(
      'completed',
    );
  });

  it('is a 404 for another guest, another patient, no session, another storefront and a bad id', async () => {
    const { orderId } = await guestOrder();
    const other = await guestWithCart(ctx);
    expect((await other.browser.get(`/api/orders/${orderId}/checkout`)).statusCode).toBe(404);
    const patient = await signedInPatient(ctx);
    expect((await patient.get(`/api/orders/${orderId}/checkout`)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      url: `/api/orders/${orderId}/checkout`,
      headers: { host: 'localhost' },
    });
    expect(anonymous.statusCode).toBe(404);
    const lumen = await guestWithCart(ctx, 'lumen.localhost:3000');
    expect((await lumen.browser.get(`/api/orders/${orderId}/checkout`)).statusCode).toBe(404);
    expect((await other.browser.get('/api/orders/not-a-uuid/checkout')).statusCode).toBe(404);
  });
});

describe('completeStage', () => {
  it('refuses a stage whose earlier stages are missing, and writes nothing (issue 8)', async () => {
    const { orderId, owner } = await guestOrder();
    const before = await storedOrder(ctx, orderId);
    for (const stage of [Shipping, Pharmacy, Scheduling] as const) {
      await expect(complete(orderId, owner, stage)).rejects.toMatchObject({
        status: 409,
        code: 'STAGE_OUT_OF_ORDER',
      });
    }
    expect(await storedOrder(ctx, orderId)).toEqual(before);
    expect(await auditCount(orderId, 'checkout.stage_completed')).toBe(0);
  });

  it('completes the stages in order, on the items and the order, each with an audit event', async () => {
    const { patient, orderId, owner } = await patientOrder();
    await passConsult(patient, orderId);
    // The consult submit completed the item's Consult stage, and so the order's.
    let stored = await storedOrder(ctx, orderId);
    expect(stored.items[0]!.completedStages).toBe(Consult);
    expect(stored.order!.completedStages).toBe(Consult);

    // Pharmacy before Shipping is still out of order.
    await expect(complete(orderId, owner, Pharmacy)).rejects.toMatchObject({
      code: 'STAGE_OUT_OF_ORDER',
    });
    let progress = await complete(orderId, owner, Shipping);
    expect(progress).toMatchObject({
      completedStages: Consult | Shipping,
      nextRoute: '/checkout/shipping-details',
      firstPendingStage: Pharmacy,
    });
    // Completing it again changes nothing (Back and on again).
    await complete(orderId, owner, Shipping);
    expect(await auditCount(orderId, 'checkout.stage_completed')).toBe(2);

    await complete(orderId, owner, Pharmacy);
    progress = await complete(orderId, owner, Scheduling);
    stored = await storedOrder(ctx, orderId);
    expect(stored.items[0]!.completedStages).toBe(Consult | Shipping | Pharmacy | Scheduling);
    expect(stored.order!.completedStages).toBe(Consult | Shipping | Pharmacy | Scheduling);
    expect(await auditCount(orderId, 'checkout.stage_completed')).toBe(4);

    // DATA-MODEL.md "all stages but Payment done → awaiting_payment"
    expect(progress).toMatchObject({
      status: 'awaiting_payment',
      readyForPayment: true,
      nextRoute: '/checkout/summary',
      progressStep: 4,
    });
    expect(await auditCount(orderId, 'order.status_changed')).toBe(1);
    // The order awaiting payment is still the patient's cart (they can go back and edit it),
    // and the checkout finds it too.
    const cart = await patient.get('/api/cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.json().id).toBe(orderId);
    const awaiting = await patient.get('/api/checkout/awaiting-payment');
    expect(awaiting.statusCode).toBe(200);
    expect(awaiting.json().id).toBe(orderId);
  });

  it('needs an item for the Consult stage and refuses stages the order does not need', async () => {
    const { orderId, owner } = await guestOrder();
    await expect(complete(orderId, owner, Consult)).rejects.toMatchObject({
      status: 400,
      code: 'CONSULT_ITEM_REQUIRED',
    });
    await expect(complete(orderId, owner, Register)).rejects.toMatchObject({
      status: 409,
      code: 'STAGE_NOT_REQUIRED',
    });
    const shipped = await guestOrder(P.sunscreen);
    await expect(complete(shipped.orderId, shipped.owner, Scheduling)).rejects.toMatchObject({
      code: 'STAGE_NOT_REQUIRED',
    });
    // Another owner's order is not found.
    await expect(complete(orderId, shipped.owner, Shipping)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps a guest’s order in draft until they sign in: Register comes before Payment (SPEC §2)', async () => {
    const { browser, orderId, owner } = await guestOrder(P.sunscreen);
    const progress = await complete(orderId, owner, Shipping);
    expect(progress).toMatchObject({
      status: 'draft',
      missingStages: [Register, Payment],
      nextRoute: '/register',
      readyForPayment: false,
    });
    await expect(ctx.app.services.checkout.assertPayable({ orderId })).rejects.toMatchObject({
      status: 409,
      code: 'ORDER_NOT_READY_FOR_PAYMENT',
    });
    await expect(complete(orderId, owner, Payment)).rejects.toMatchObject({ status: 409 });

    // Signing in moves the cart to the patient; paying is then allowed and moves it on.
    const patient = await signedInPatient(ctx);
    await ctx.app.services.cart.adoptGuestOrder({
      guestSessionId: ((await guestOwner(browser)) as { guestSessionId: string }).guestSessionId,
      userId: patient.userId,
      storefrontId: EVERGREEN_ID,
    });
    const payable = await ctx.app.services.checkout.assertPayable({
      orderId,
      owner: { kind: 'user', userId: patient.userId },
    });
    expect(payable).toMatchObject({
      orderId,
      status: 'awaiting_payment',
      consultRequired: false,
      userId: patient.userId,
    });
    expect(payable.totalCents).toBeGreaterThan(0);
    await ctx.app.services.checkout.completePayment({ orderId, to: 'paid' });
    const stored = await storedOrder(ctx, orderId);
    expect(stored.order).toMatchObject({ status: 'paid', completedStages: Shipping | Payment });
    expect(stored.items[0]!.completedStages).toBe(Shipping | Payment);
    // Paid once: no second payment.
    await expect(ctx.app.services.checkout.assertPayable({ orderId })).rejects.toMatchObject({
      code: 'ORDER_CLOSED',
    });
  });
});

describe('the consult of an order', () => {
  it('creates the consult on first read and returns the same one after (issue 8)', async () => {
    const { browser, orderId } = await guestOrder();
    const first = (await browser.get(`/api/orders/${orderId}/consults`)).json();
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      questionnaireId: 'weight-care-intake',
      completed: false,
      consult: { status: 'in_progress', currentPage: 0, answers: {} },
    });
    expect(first.items[0].consult.questionnaire.version.definition.title).toBe(
      'Weight care (test)',
    );
    const again = (await browser.get(`/api/orders/${orderId}/consults`)).json();
    expect(again.items[0].consult.id).toBe(first.items[0].consult.id);
    const rows = await ctx.database.db
      .select()
      .from(consults)
      .where(eq(consults.orderItemId, first.items[0].itemId));
    expect(rows).toHaveLength(1);
  });

  it('lists nothing for products that need no consult', async () => {
    const { browser, orderId } = await guestOrder(P.sunscreen);
    expect((await browser.get(`/api/orders/${orderId}/consults`)).json().items).toEqual([]);
  });

  it('resumes the answers on the same page after leaving (issue 8 "Answers are saved as the patient goes")', async () => {
    const { browser, orderId } = await guestOrder();
    const consult = await consultOf(browser, orderId);
    const saved = await browser.put(`/api/consults/${consult.id}/pages/0`, {
      answers: { pregnant: 'no' },
    });
    expect(saved.json()).toMatchObject({ nextPageIndex: 1, disqualified: null });
    // Part of page 2 typed, then the patient leaves.
    await browser.put(`/api/consults/${consult.id}/pages/1`, {
      answers: { tried_before: 'yes', which: 'Orlistat' },
      mode: 'draft',
    });
    const resumed = await consultOf(browser, orderId);
    expect(resumed).toMatchObject({
      id: consult.id,
      currentPage: 1,
      answers: { pregnant: 'no', tried_before: 'yes', which: 'Orlistat' },
    });
    // Nothing was completed yet.
    const progress = (await browser.get(`/api/orders/${orderId}/checkout`)).json();
    expect(progress.completedStages).toBe(0);
  });

  it('a submit completes the item’s Consult stage and sends the patient on to shipping', async () => {
    const { browser, orderId } = await guestOrder();
    const consultId = await passConsult(browser, orderId);
    const progress = (await browser.get(`/api/orders/${orderId}/checkout`)).json();
    expect(progress).toMatchObject({
      completedStages: Consult,
      nextRoute: '/checkout/shipping-details',
      progressStep: 2,
      pendingConsultItemIds: [],
    });
    expect(progress.stages[0]).toMatchObject({ name: 'Consult', label: 'completed' });
    const listed = (await browser.get(`/api/orders/${orderId}/consults`)).json().items[0];
    expect(listed).toMatchObject({
      completed: true,
      consult: { id: consultId, status: 'submitted' },
    });
  });

  it('a disqualifying answer marks the order disqualified and blocks payment (issue 8 "Disqualification")', async () => {
    const { browser, orderId, owner } = await guestOrder();
    const consult = await consultOf(browser, orderId);
    const saved = await browser.put(`/api/consults/${consult.id}/pages/0`, {
      answers: { pregnant: 'yes' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().disqualified).toEqual({
      questionId: 'pregnant',
      reason: 'This treatment is not safe during pregnancy. Please talk with your obstetrician.',
    });

    const stored = await storedOrder(ctx, orderId);
    expect(stored.order!.status).toBe('disqualified');
    expect(stored.order!.completedStages).toBe(0);
    expect(await auditCount(orderId, 'order.status_changed')).toBe(1);
    const [event] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.subjectId, orderId), eq(auditEvents.action, 'order.status_changed')),
      );
    // The log says why without the patient's answers or the explanation.
    expect(event!.details).toEqual({
      from: 'draft',
      to: 'disqualified',
      reason: 'consult_answer',
      consultId: consult.id,
      questionId: 'pregnant',
    });

    const progress = (await browser.get(`/api/orders/${orderId}/checkout`)).json();
    expect(progress).toMatchObject({
      status: 'disqualified',
      statusLabel: 'Disqualified',
      disqualified: true,
      nextRoute: '/disqualified',
    });
    // Nothing can be charged, and no stage goes on.
    await expect(ctx.app.services.checkout.assertPayable({ orderId })).rejects.toMatchObject({
      status: 409,
      code: 'ORDER_DISQUALIFIED',
    });
    await expect(complete(orderId, owner, Shipping)).rejects.toMatchObject({
      status: 409,
      code: 'ORDER_DISQUALIFIED',
    });
    await expect(
      ctx.app.services.checkout.completePayment({ orderId, to: 'authorized' }),
    ).rejects.toMatchObject({ code: 'ORDER_DISQUALIFIED' });
    // The explanation stays readable for the /disqualified page; the cart is gone.
    const listed = (await browser.get(`/api/orders/${orderId}/consults`)).json().items[0];
    expect(listed.consult).toMatchObject({
      status: 'disqualified',
      disqualified: { questionId: 'pregnant' },
    });
    expect((await browser.get('/api/cart')).statusCode).toBe(204);
    // Disqualifying again is a no-op.
    await ctx.app.services.checkout.disqualify({ orderId, reason: 'operator' });
    expect(await auditCount(orderId, 'order.status_changed')).toBe(1);
  });

  it('serves an order’s consults and a consult only to their owner (another guest: 404)', async () => {
    const { browser, orderId } = await guestOrder();
    const consult = await consultOf(browser, orderId);
    const other = await guestWithCart(ctx);
    expect((await other.browser.get(`/api/orders/${orderId}/consults`)).statusCode).toBe(404);
    expect((await other.browser.get(`/api/consults/${consult.id}`)).statusCode).toBe(404);
    expect(
      (
        await other.browser.put(`/api/consults/${consult.id}/pages/0`, {
          answers: { pregnant: 'yes' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.browser.post(`/api/consults/${consult.id}/submit`)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      url: `/api/orders/${orderId}/consults`,
      headers: { host: 'localhost' },
    });
    expect(anonymous.statusCode).toBe(404);
    // The order is untouched by the other guest's attempts.
    expect((await storedOrder(ctx, orderId)).order!.status).toBe('draft');
  });

  it('refuses to freeze a consult whose order is no longer open (the submit rolls back)', async () => {
    const { patient, orderId } = await patientOrder();
    const consult = await consultOf(patient, orderId);
    await patient.put(`/api/consults/${consult.id}/pages/0`, { answers: { pregnant: 'no' } });
    await patient.put(`/api/consults/${consult.id}/pages/1`, { answers: { tried_before: 'no' } });
    await ctx.app.services.orders.transition({ orderId, to: 'cancelled', reason: 'patient' });
    const submitted = await patient.post(`/api/consults/${consult.id}/submit`);
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().code).toBe('ORDER_CLOSED');
    expect((await consultOf(patient, orderId)).status).toBe('in_progress');
  });

  it('deletes the consult with its order item (the foreign key)', async () => {
    const { browser, orderId } = await guestOrder();
    const consult = await consultOf(browser, orderId);
    expect(
      (
        await browser.patch(`/api/orders/${orderId}/items`, {
          items: [{ productId: P.semaglutide, qty: 0 }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      await ctx.database.db.select().from(consults).where(eq(consults.id, consult.id)),
    ).toEqual([]);
  });
});

describe('signing in mid-checkout', () => {
  it('takes the guest’s order and answered consult to the new patient (SPEC §2 Register)', async () => {
    const { browser, orderId } = await guestOrder();
    const consultId = await passConsult(browser, orderId);
    const registered = await browser.post('/api/auth/register', {
      email: `checkout.${Date.now()}@example.com`,
      password: 'Checkout#2026',
      firstName: 'Robin',
      lastName: 'Guest',
      phone: '5550101234',
    });
    expect(registered.statusCode).toBe(201);

    // The same browser, now signed in: the order, its progress and its consult are theirs.
    const progress = (await browser.get(`/api/orders/${orderId}/checkout`)).json();
    expect(progress).toMatchObject({
      loggedIn: true,
      completedStages: Consult,
      nextRoute: '/checkout/shipping-details',
    });
    expect(progress.missingStages).not.toContain(Register);
    const listed = (await browser.get(`/api/orders/${orderId}/consults`)).json().items[0];
    expect(listed).toMatchObject({
      completed: true,
      consult: { id: consultId, status: 'submitted' },
    });
    expect((await browser.get(`/api/consults/${consultId}`)).statusCode).toBe(200);
  });
});

describe('a guest’s cart merged into a patient’s at sign-in', () => {
  const adopt = async (browser: TestBrowser, userId: string) => {
    const { guestSessionId } = (await guestOwner(browser)) as { guestSessionId: string };
    await ctx.app.services.cart.adoptGuestOrder({
      guestSessionId,
      userId,
      storefrontId: EVERGREEN_ID,
    });
    await ctx.app.services.consults.adoptGuest({ guestSessionId, userId });
  };

  it('keeps the answered consult with its item (the item moves, it is not copied)', async () => {
    const { patient, orderId } = await patientOrder(P.sunscreen);
    const guest = await guestOrder();
    const consultId = await passConsult(guest.browser, guest.orderId);
    await adopt(guest.browser, patient.userId);

    const listed = (await patient.get(`/api/orders/${orderId}/consults`)).json().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      productId: P.semaglutide,
      completed: true,
      consult: { id: consultId, status: 'submitted' },
    });
    const progress = (await patient.get(`/api/orders/${orderId}/checkout`)).json();
    expect(progress).toMatchObject({
      completedStages: Consult,
      nextRoute: '/checkout/shipping-details',
    });
  });

  it('does not count the patient’s earlier consult for the guest’s unanswered one', async () => {
    const { patient, orderId } = await patientOrder(P.metformin);
    await passConsult(patient, orderId);
    expect((await storedOrder(ctx, orderId)).order!.completedStages).toBe(Consult);
    const guest = await guestOrder();
    await adopt(guest.browser, patient.userId);

    const progress = (await patient.get(`/api/orders/${orderId}/checkout`)).json();
    expect(progress).toMatchObject({
      completedStages: 0,
      firstPendingStage: Consult,
      nextRoute: '/checkout/questionnaire/1',
    });
    const listed = (await patient.get(`/api/orders/${orderId}/consults`)).json().items;
    expect(listed.map((i: { productId: string }) => i.productId)).toEqual([P.semaglutide]);
  });
});

describe('storefronts', () => {
  it('keeps Lumen orders to Lumen', async () => {
    const { orderId, owner } = await guestOrder(
      DEMO_PRODUCTS.lumen.weightReset,
      'lumen.localhost:3000',
    );
    await expect(
      ctx.app.services.checkout.completeStage({
        storefront: await storefront(EVERGREEN_ID),
        owner,
        orderId,
        stage: Shipping,
      }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      ctx.app.services.checkout.getProgress(await storefront(LUMEN_ID), owner, orderId),
    ).resolves.toMatchObject({ orderId });
  });
});
