// issue 8 "Consult questionnaire": questionnaires as versioned data, answers saved as the patient goes
// and resumed on the same page, hidden answers dropped, disqualification frozen with the operator's
// reason, the submitted questionnaire frozen with its version; consults served only to their owner.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { MESSAGES, Stage, type QuestionnaireDefinitionInput } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { products } from '../../db/schema/catalog.ts';
import { consults } from '../../db/schema/consults.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import type { Identity } from '../auth/sessions.service.ts';
import { createConsultFrozenWorkflow } from '../../workflows/consult-frozen.ts';
import { createConsultService } from './consults.service.ts';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'consults-test-'));
  ctx = await createTestApp({ dataDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const definition: QuestionnaireDefinitionInput = {
  title: 'Test intake',
  pages: [
    {
      title: 'About you',
      questions: [
        { id: 'sex', type: 'single_choice', label: 'Sex', options: [{ value: 'female', label: 'Female' }, { value: 'male', label: 'Male' }] },
        {
          id: 'pregnant',
          type: 'yes_no',
          label: 'Pregnant?',
          showIf: { questionId: 'sex', op: 'equals', value: 'female' },
          disqualifiesOn: 'yes',
          disqualifyReason: 'Not during pregnancy: please talk with your obstetrician.',
        },
      ],
    },
    {
      title: 'Body',
      questions: [
        { id: 'hw', type: 'height_weight', label: 'Height and weight' },
        { id: 'photo', type: 'file_upload', label: 'Photo', required: false },
      ],
    },
    {
      title: 'Finish',
      questions: [
        { id: 'meds', type: 'medications', label: 'Medicines' },
        { id: 'consent', type: 'consent', label: 'Consent', statement: 'I agree.' },
      ],
    },
  ],
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

async function newGuest(host?: string): Promise<{ browser: TestBrowser; identity: Identity }> {
  const browser = new TestBrowser(ctx.app, host);
  await browser.post('/api/session/guest');
  const identity = (await ctx.app.services.sessions.resolve(browser.cookie('sid')!))!;
  return { browser, identity };
}

async function makeQuestionnaire(storefrontId = EVERGREEN_ID, input: QuestionnaireDefinitionInput = definition) {
  const consults = ctx.app.services.consults;
  const q = await consults.createQuestionnaire({ storefrontId, slug: `test-${randomUUID().slice(0, 8)}`, title: 'Test' });
  const version = await consults.createVersion({ questionnaireId: q.id, definition: input });
  return { questionnaire: q, version };
}

/**
 * A real item of the identity's open order (consults.order_item_id references order_items, and the
 * checkout engine completes the item's Consult stage when its consult is frozen).
 */
async function orderItemFor(identity: Identity): Promise<string> {
  const db = ctx.database.db;
  const owner =
    identity.kind === 'user'
      ? and(eq(orders.userId, identity.userId), eq(orders.storefrontId, identity.storefrontId))
      : and(eq(orders.guestSessionId, identity.sessionId), isNull(orders.userId));
  let [order] = await db.select().from(orders).where(and(owner, eq(orders.status, 'draft')));
  order ??= (
    await db
      .insert(orders)
      .values({
        storefrontId: identity.storefrontId,
        userId: identity.kind === 'user' ? identity.userId : null,
        guestSessionId: identity.kind === 'guest' ? identity.sessionId : null,
        status: 'draft',
      })
      .returning()
  )[0]!;
  const taken = new Set((await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).map((i) => i.productId));
  const product = (await db.select().from(products).where(eq(products.storefrontId, identity.storefrontId))).find((p) => !taken.has(p.id))!;
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order.id,
      productId: product.id,
      qty: 1,
      title: product.title,
      unitPriceCents: product.priceCents,
      consultRequired: true,
      requiredStages: Stage.Consult | Stage.Payment,
    })
    .returning();
  return item!.id;
}

async function startConsult(identity: Identity, questionnaireId: string) {
  return ctx.app.services.consults.startConsult({ identity, orderItemId: await orderItemFor(identity), questionnaireId });
}

const savePage = (browser: TestBrowser, id: string, page: number, answers: object, mode?: 'next' | 'draft') =>
  browser.put(`/api/consults/${id}/pages/${page}`, { answers, ...(mode ? { mode } : {}) });

describe('GET /api/questionnaires/:id', () => {
  it('serves a demo questionnaire by the slug products refer to, with its current version', async () => {
    // issue 8 "Questionnaires are data (stored, versioned, attached to products)"
    const res = await ctx.app.inject({ url: '/api/questionnaires/weight-care-intake', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ slug: 'weight-care-intake', version: { version: 1 } });
    const ids = body.version.definition.pages.flatMap((p: { questions: { id: string }[] }) => p.questions.map((q) => q.id));
    expect(ids).toEqual(expect.arrayContaining(['pregnancy', 'height_weight', 'thyroid_cancer', 'medications', 'consent_telehealth']));
    // by id too
    expect((await ctx.app.inject({ url: `/api/questionnaires/${body.id}`, headers: { host: 'localhost' } })).json().slug).toBe('weight-care-intake');
  });

  it('has a questionnaire for every demo product that needs a consult, on both brands', async () => {
    for (const host of ['localhost', 'lumen.localhost']) {
      const products = (await ctx.app.inject({ url: '/api/products', headers: { host } })).json();
      const list = (Array.isArray(products) ? products : products.products) as { consultRequired: boolean; questionnaireId: string | null }[];
      const refs = list.filter((p) => p.consultRequired).map((p) => p.questionnaireId);
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of refs) {
        expect(ref).not.toBeNull();
        const res = await ctx.app.inject({ url: `/api/questionnaires/${ref}`, headers: { host } });
        expect(res.statusCode, `${host} ${ref}`).toBe(200);
      }
    }
  });

  it('is a 404 for an unknown slug and for another brand’s questionnaire id', async () => {
    expect((await ctx.app.inject({ url: '/api/questionnaires/nope', headers: { host: 'localhost' } })).statusCode).toBe(404);
    const { questionnaire } = await makeQuestionnaire(LUMEN_ID);
    expect((await ctx.app.inject({ url: `/api/questionnaires/${questionnaire.id}`, headers: { host: 'localhost' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/questionnaires/${questionnaire.id}`, headers: { host: 'lumen.localhost' } })).statusCode).toBe(200);
  });
});

describe('questionnaire versions', () => {
  it('refuses a definition the domain schema refuses', async () => {
    const { questionnaire } = await makeQuestionnaire();
    await expect(
      ctx.app.services.consults.createVersion({
        questionnaireId: questionnaire.id,
        definition: { title: 'x', pages: [{ title: 'p', questions: [{ id: 'a', type: 'yes_no', label: 'A', disqualifiesOn: 'yes' }] }] },
      }),
    ).rejects.toMatchObject({ status: 400, code: 'QUESTIONNAIRE_INVALID' });
  });

  it('keeps a version frozen once used: an edit makes a new version, the consult keeps its own', async () => {
    const consults = ctx.app.services.consults;
    const { questionnaire, version } = await makeQuestionnaire();
    const { identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    expect(consult.questionnaire.version.id).toBe(version.id);

    const edited = { ...definition, title: 'Test intake v2' };
    const v2 = await consults.editDefinition({ questionnaireId: questionnaire.id, definition: edited });
    expect(v2.version).toBe(2);
    expect(v2.id).not.toBe(version.id);
    expect((await consults.getPublishedVersion(questionnaire.id))!.id).toBe(v2.id);
    // The consult already started still answers version 1.
    expect((await consults.getForOwner({ consultId: consult.id, identity })).questionnaire.version.definition.title).toBe('Test intake');

    // An unpublished, unused draft is edited in place.
    const draft = await consults.editDefinition({ questionnaireId: questionnaire.id, definition: { ...edited, title: 'Draft' }, publish: false });
    const draft2 = await consults.editDefinition({ questionnaireId: questionnaire.id, definition: { ...edited, title: 'Draft 2' }, publish: false });
    expect(draft2.id).toBe(draft.id);
    expect(draft2.version).toBe(3);
    expect((await consults.getPublishedVersion(questionnaire.id))!.id).toBe(v2.id);
  });
});

describe('answering a consult', () => {
  it('saves page by page and resumes on the same page after leaving', async () => {
    // issue 8 "Answers are saved as the patient goes (leaving and coming back resumes on the same page)"
    const { questionnaire } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    expect(consult).toMatchObject({ status: 'in_progress', currentPage: 0, answers: {} });

    const first = await savePage(browser, consult.id, 0, { sex: 'male' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ nextPageIndex: 1, disqualified: null, consult: { currentPage: 1, answers: { sex: 'male' } } });

    // A draft of page 1 keeps what was typed without checking it.
    const draft = await savePage(browser, consult.id, 1, { hw: { heightInches: 70 } }, 'draft');
    expect(draft.json().consult.currentPage).toBe(1);

    // Coming back later (a new request, same session): same page, same answers.
    const again = await browser.get(`/api/consults/${consult.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ currentPage: 1, answers: { sex: 'male', hw: { heightInches: 70 } } });
  });

  it('answers each question with a clear message when a page is not right', async () => {
    const { questionnaire } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    const res = await savePage(browser, consult.id, 0, { sex: 'female' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'pregnant', message: MESSAGES.ANSWER_REQUIRED }] });
    const hw = await savePage(browser, consult.id, 1, { hw: { heightInches: 70, weightPounds: 12 } });
    expect(hw.json().errors).toEqual([{ field: 'hw.weightPounds', message: MESSAGES.WEIGHT_INVALID }]);
    // Nothing was saved by the refused page.
    expect((await browser.get(`/api/consults/${consult.id}`)).json().answers).toEqual({});
  });

  it('cannot skip ahead to a page whose earlier pages are unanswered', async () => {
    const { questionnaire } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    const res = await savePage(browser, consult.id, 1, { hw: { heightInches: 70, weightPounds: 180 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('QUESTIONNAIRE_INCOMPLETE');
    const draft = await savePage(browser, consult.id, 2, { meds: { none: true, items: [] } }, 'draft');
    // A draft is kept, but the patient resumes on the first page that still needs answers.
    expect(draft.json().consult.currentPage).toBe(0);
  });

  it('drops the answers of questions a later change hides', async () => {
    // issue 8: hidden questions' answers are ignored and dropped on save
    const { questionnaire } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    await savePage(browser, consult.id, 0, { sex: 'female', pregnant: 'no' });
    const res = await savePage(browser, consult.id, 0, { sex: 'male', pregnant: 'no', notAQuestion: 'x' });
    expect(res.json().consult.answers).toEqual({ sex: 'male' });
  });

  it('accepts only the patient’s own uploads as file answers', async () => {
    const { questionnaire } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    await savePage(browser, consult.id, 0, { sex: 'male' });
    const stranger = await newGuest();
    const theirs = await ctx.app.services.uploads.store({ identity: stranger.identity, originalName: 'a.png', data: PNG, truncated: false });
    const mine = await ctx.app.services.uploads.store({ identity, originalName: 'b.png', data: PNG, truncated: false });
    const refused = await savePage(browser, consult.id, 1, { hw: { heightInches: 70, weightPounds: 180 }, photo: [theirs.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'photo', message: MESSAGES.ANSWER_UPLOAD_UNKNOWN }]);
    const ok = await savePage(browser, consult.id, 1, { hw: { heightInches: 70, weightPounds: 180 }, photo: [mine.id] });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses another patient’s, another brand’s or a made-up upload in a draft save too, and saves nothing', async () => {
    // issue 13 #4: a draft page accepted another patient's upload id, and submit then linked that
    // file to the wrong consult. Every upload an answer names must be the caller's, draft or not.
    const { questionnaire } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    await savePage(browser, consult.id, 0, { sex: 'male' });
    const mine = await ctx.app.services.uploads.store({ identity, originalName: 'b.png', data: PNG, truncated: false });
    await savePage(browser, consult.id, 1, { hw: { heightInches: 70, weightPounds: 180 }, photo: [mine.id] }, 'draft');
    const stranger = await newGuest();
    const theirs = await ctx.app.services.uploads.store({ identity: stranger.identity, originalName: 'a.png', data: PNG, truncated: false });
    const lumen = await newGuest('lumen.localhost:3000');
    const otherBrand = await ctx.app.services.uploads.store({ identity: lumen.identity, originalName: 'c.png', data: PNG, truncated: false });
    for (const mode of ['draft', 'next'] as const) {
      // A draft is not checked for shape ("next" says "Please upload one file only." or "Please upload a
      // file." there), but a mixed list or a non-id is still no file of the patient's.
      const draftOnly = mode === 'draft' ? [[mine.id, theirs.id], [42]] : [];
      for (const photo of [[theirs.id], [otherBrand.id], [randomUUID()], ['not-an-id'], ...draftOnly]) {
        const res = await savePage(browser, consult.id, 1, { hw: { heightInches: 71, weightPounds: 181 }, photo }, mode);
        expect(res.statusCode, `${mode} ${JSON.stringify(photo)}`).toBe(400);
        expect(res.json().errors).toEqual([{ field: 'photo', message: MESSAGES.ANSWER_UPLOAD_UNKNOWN }]);
      }
    }
    // Nothing of the refused saves was kept.
    const saved = (await browser.get(`/api/consults/${consult.id}`)).json();
    expect(saved.answers).toMatchObject({ hw: { heightInches: 70, weightPounds: 180 }, photo: [mine.id] });
    expect((await stranger.browser.get(`/api/uploads/${theirs.id}`)).statusCode).toBe(200);
  });

  it('refuses at submit a file answer that is not the patient’s, and links no file to the consult', async () => {
    // issue 13 #4: answers stored before the rule (or changed behind the page) are checked again at submit.
    const { questionnaire } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    await savePage(browser, consult.id, 0, { sex: 'male' });
    await savePage(browser, consult.id, 1, { hw: { heightInches: 70, weightPounds: 180 } });
    await savePage(browser, consult.id, 2, { meds: { none: true, items: [] }, consent: true });
    const stranger = await newGuest();
    const theirs = await ctx.app.services.uploads.store({ identity: stranger.identity, originalName: 'a.png', data: PNG, truncated: false });
    for (const photo of [[theirs.id], [randomUUID()]]) {
      await ctx.database.db
        .update(consults)
        .set({ answers: { sex: 'male', hw: { heightInches: 70, weightPounds: 180 }, photo, meds: { none: true, items: [] }, consent: true } })
        .where(eq(consults.id, consult.id));
      const res = await browser.post(`/api/consults/${consult.id}/submit`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'photo', message: MESSAGES.ANSWER_UPLOAD_UNKNOWN }] });
      expect((await browser.get(`/api/consults/${consult.id}`)).json()).toMatchObject({ status: 'in_progress', submittedAt: null });
    }
    const [file] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, theirs.id));
    expect(file!.consultId).toBeNull();
  });

  it('refuses a file already part of another of the same patient’s consults', async () => {
    // issue 13 #4 "consider an upload already attached to another consult of the same patient": one
    // file belongs to one consult (its reviewer reads it there), so the patient uploads it again.
    const { questionnaire } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const first = await startConsult(identity, questionnaire.id);
    const file = await ctx.app.services.uploads.store({ identity, originalName: 'me.png', data: PNG, truncated: false });
    await savePage(browser, first.id, 0, { sex: 'male' });
    await savePage(browser, first.id, 1, { hw: { heightInches: 70, weightPounds: 180 }, photo: [file.id] });
    await savePage(browser, first.id, 2, { meds: { none: true, items: [] }, consent: true });
    expect((await browser.post(`/api/consults/${first.id}/submit`)).statusCode).toBe(200);
    const second = await startConsult(identity, questionnaire.id);
    await savePage(browser, second.id, 0, { sex: 'male' });
    for (const mode of ['draft', 'next'] as const) {
      const res = await savePage(browser, second.id, 1, { hw: { heightInches: 70, weightPounds: 180 }, photo: [file.id] }, mode);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'photo', message: MESSAGES.ANSWER_UPLOAD_IN_OTHER_CONSULT }]);
    }
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, file.id));
    expect(row!.consultId).toBe(first.id);
  });

  it('serves a consult only to its owner', async () => {
    // DATA-MODEL.md: another person's row is a 404, never a 403
    const { questionnaire } = await makeQuestionnaire();
    const { identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    const other = await newGuest();
    expect((await other.browser.get(`/api/consults/${consult.id}`)).statusCode).toBe(404);
    expect((await savePage(other.browser, consult.id, 0, { sex: 'male' })).statusCode).toBe(404);
    expect((await other.browser.post(`/api/consults/${consult.id}/submit`)).statusCode).toBe(404);
    expect((await new TestBrowser(ctx.app).get(`/api/consults/${consult.id}`)).statusCode).toBe(401);
    // Starting a consult for someone else's order item is a 404 too.
    await expect(
      ctx.app.services.consults.startConsult({ identity: other.identity, orderItemId: consult.orderItemId, questionnaireId: questionnaire.id }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('disqualification and submit', () => {
  it('freezes the consult with the operator’s reason on a disqualifying answer', async () => {
    // issue 8 "Disqualification: answers an operator marks as disqualifying send the patient to /disqualified"
    const { questionnaire } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    const res = await savePage(browser, consult.id, 0, { sex: 'female', pregnant: 'yes' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nextPageIndex: null,
      disqualified: { questionId: 'pregnant', reason: 'Not during pregnancy: please talk with your obstetrician.' },
      consult: { status: 'disqualified' },
    });
    expect(res.json().consult.submittedAt).not.toBeNull();
    // Frozen: the answer cannot be changed to get past it.
    const change = await savePage(browser, consult.id, 0, { sex: 'female', pregnant: 'no' });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ code: 'QUESTIONNAIRE_SUBMITTED', detail: MESSAGES.QUESTIONNAIRE_SUBMITTED });
    const submit = await browser.post(`/api/consults/${consult.id}/submit`);
    expect(submit.json().disqualified.questionId).toBe('pregnant');
  });

  it('disqualifies on the BMI rules of the demo weight-care questionnaire', async () => {
    // issue 8 weight care: BMI under 27, or under 30 without a weight-related condition, disqualifies
    const under27 = await newGuest();
    const a = await startConsult(under27.identity, 'weight-care-intake');
    expect((await savePage(under27.browser, a.id, 0, { age: 40, sex_at_birth: 'male' })).json().nextPageIndex).toBe(1);
    const res = await savePage(under27.browser, a.id, 1, { height_weight: { heightInches: 72, weightPounds: 170 } }); // BMI 23.1
    expect(res.json().disqualified).toMatchObject({ questionId: 'height_weight' });
    expect(res.json().disqualified.reason).toContain('BMI of 27 or more');

    const under30 = await newGuest();
    const b = await startConsult(under30.identity, 'weight-care-intake');
    await savePage(under30.browser, b.id, 0, { age: 40, sex_at_birth: 'male' });
    expect((await savePage(under30.browser, b.id, 1, { height_weight: { heightInches: 70, weightPounds: 200 } })).json().disqualified).toBeNull(); // BMI 28.7
    const history = await savePage(under30.browser, b.id, 2, { thyroid_cancer: ['none'], history: ['none'], self_harm: 'no' });
    expect(history.statusCode, history.body).toBe(200);
    const none = await savePage(under30.browser, b.id, 3, { weight_conditions: ['none'] });
    expect(none.json().disqualified).toMatchObject({ questionId: 'weight_conditions' });
  });

  it('refuses to submit an incomplete questionnaire, then freezes a complete one with its version', async () => {
    // issue 8 "the submitted questionnaire is frozen with its version on the order item"
    const { questionnaire, version } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    await savePage(browser, consult.id, 0, { sex: 'male' });
    const early = await browser.post(`/api/consults/${consult.id}/submit`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'QUESTIONNAIRE_INCOMPLETE', detail: MESSAGES.QUESTIONNAIRE_INCOMPLETE });

    const upload = await ctx.app.services.uploads.store({ identity, originalName: 'me.png', data: PNG, truncated: false });
    await savePage(browser, consult.id, 1, { hw: { heightInches: 70, weightPounds: 180 }, photo: [upload.id] });
    const last = await savePage(browser, consult.id, 2, {
      meds: { none: false, items: [{ name: 'Metformin', manual: false }, { name: 'Grandma’s tonic', manual: true }] },
      consent: true,
    });
    expect(last.json().nextPageIndex).toBeNull();

    const submitted = await browser.post(`/api/consults/${consult.id}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ disqualified: null, consult: { status: 'submitted', questionnaire: { version: { id: version.id } } } });
    // Frozen; submitting again returns the same outcome.
    expect((await savePage(browser, consult.id, 2, { meds: { none: true, items: [] }, consent: true })).statusCode).toBe(409);
    expect((await browser.post(`/api/consults/${consult.id}/submit`)).json().consult.submittedAt).toBe(submitted.json().consult.submittedAt);
    // The file is now linked to the consult for its reviewer.
    const frozen = await ctx.app.services.consults.getFrozen(consult.id);
    expect(frozen?.answers.photo).toEqual([upload.id]);
  });

  it('lets the checkout engine act inside the freezing transaction (the consult-frozen workflow)', async () => {
    const calls: { consultId: string; disqualified: string | null }[] = [];
    const service = createConsultService({ db: ctx.database.db, now: () => ctx.clock.now, uploads: ctx.app.services.uploads });
    const workflow = createConsultFrozenWorkflow({
      db: ctx.database.db,
      consults: service,
      checkout: {
        consultFrozen: async (_tx, consult, outcome) => {
          calls.push({ consultId: consult.id, disqualified: outcome.disqualified?.questionId ?? null });
        },
      },
    });
    const { questionnaire } = await makeQuestionnaire();
    const { identity } = await newGuest();
    const consult = await service.startConsult({ identity, orderItemId: await orderItemFor(identity), questionnaireId: questionnaire.id });
    await workflow.saveAnswers({ consultId: consult.id, identity, pageIndex: 0, answers: { sex: 'female', pregnant: 'yes' } });
    expect(calls).toEqual([{ consultId: consult.id, disqualified: 'pregnant' }]);

    // A checkout step that fails rolls the freeze back.
    const failing = createConsultFrozenWorkflow({
      db: ctx.database.db,
      consults: service,
      checkout: { consultFrozen: async () => Promise.reject(new Error('order service down')) },
    });
    const second = await service.startConsult({ identity, orderItemId: await orderItemFor(identity), questionnaireId: questionnaire.id });
    await expect(failing.saveAnswers({ consultId: second.id, identity, pageIndex: 0, answers: { sex: 'female', pregnant: 'yes' } })).rejects.toThrow('order service down');
    expect((await service.getForOwner({ consultId: second.id, identity })).status).toBe('in_progress');
  });

  it('moves a guest’s consult to the person who signs in (adoptGuest)', async () => {
    const { questionnaire } = await makeQuestionnaire();
    const { browser, identity } = await newGuest();
    const consult = await startConsult(identity, questionnaire.id);
    const userId = await ctx.database.db
      .execute<{ id: string }>(`select id from users where storefront_id = '${EVERGREEN_ID}' limit 1` as never)
      .then((r) => ((Array.isArray(r) ? r : (r as { rows: { id: string }[] }).rows)[0]!.id));
    await ctx.app.services.consults.adoptGuest({ guestSessionId: identity.sessionId, userId });
    expect((await browser.get(`/api/consults/${consult.id}`)).statusCode).toBe(404);
    const user: Identity = { kind: 'user', userId, sessionId: 'x', storefrontId: EVERGREEN_ID, role: 'patient' };
    expect((await ctx.app.services.consults.getForOwner({ consultId: consult.id, identity: user })).id).toBe(consult.id);
  });
});
