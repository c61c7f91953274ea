// issue 18 questionnaires: the operator's versions (draft → awaiting sign-off → signed off →
// published → superseded), a clinician's sign-off before publishing, published versions frozen, the
// newest published version for new consults while consults in progress keep theirs, validation
// messages naming the page and question, company isolation, and the audit's before/after.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { QUESTIONNAIRE_ADMIN_MESSAGES, Stage, type QuestionnaireDefinitionInput } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherCompany, signedInAdmin, type AdminClient } from '../../../test/admin.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { signedInDoctor } from '../../../test/reviews.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { products } from '../../db/schema/catalog.ts';
import { questionnaireVersions } from '../../db/schema/consults.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';
import type { Identity } from '../auth/sessions.service.ts';

let ctx: TestContext;
let admin: AdminClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const base = (storefrontId = EVERGREEN_ID) => `/api/admin/storefronts/${storefrontId}/questionnaires`;

const v1: QuestionnaireDefinitionInput = {
  title: 'Test intake',
  pages: [
    {
      title: 'About you',
      questions: [
        { id: 'sex', type: 'single_choice', label: 'Sex', options: [{ value: 'female', label: 'Female' }, { value: 'male', label: 'Male' }] },
        { id: 'hw', type: 'height_weight', label: 'Height and weight' },
      ],
    },
    { title: 'Finish', questions: [{ id: 'goal', type: 'text', label: 'Your goal' }] },
  ],
};

async function createQuestionnaire(client = admin, storefrontId = EVERGREEN_ID) {
  const res = await client.post(base(storefrontId), { title: 'Test intake', slug: `test-${randomUUID().slice(0, 8)}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; slug: string; latest: { id: string; version: number; status: string } };
}

/** A published questionnaire with v1's definition: draft saved, sign-off asked for and given, published. */
async function publishedQuestionnaire(doctor: Awaited<ReturnType<typeof signedInDoctor>>) {
  const q = await createQuestionnaire();
  const url = `${base()}/${q.id}/versions/${q.latest.id}`;
  expect((await admin.put(url, { definition: v1, changeNote: 'First' })).statusCode).toBe(200);
  await admin.post(`${url}/request-sign-off`);
  const hash = (await doctor.get(`/api/doctor/questionnaires/${q.latest.id}`)).json().definitionHash;
  expect((await doctor.post(`/api/doctor/questionnaires/${q.latest.id}/sign-off`, { definitionHash: hash })).statusCode).toBe(200);
  expect((await admin.post(`${url}/publish`)).statusCode).toBe(200);
  return { q, v1Id: q.latest.id };
}

async function newGuest(): Promise<{ browser: TestBrowser; identity: Identity }> {
  const browser = new TestBrowser(ctx.app);
  await browser.post('/api/session/guest');
  const identity = (await ctx.app.services.sessions.resolve(browser.cookie('sid')!))!;
  return { browser, identity };
}

/** A draft order item of the guest's (consults hang off order items). */
async function orderItemFor(identity: Identity & { kind: 'guest' }): Promise<string> {
  const db = ctx.database.db;
  let [order] = await db.select().from(orders).where(and(eq(orders.guestSessionId, identity.sessionId), isNull(orders.userId), eq(orders.status, 'draft')));
  order ??= (await db.insert(orders).values({ storefrontId: identity.storefrontId, guestSessionId: identity.sessionId, status: 'draft' }).returning())[0]!;
  const [product] = await db.select().from(products).where(eq(products.storefrontId, identity.storefrontId)).limit(1);
  const [item] = await db
    .insert(orderItems)
    .values({ orderId: order.id, productId: product!.id, qty: 1, title: product!.title, unitPriceCents: product!.priceCents, consultRequired: true, requiredStages: Stage.Consult | Stage.Payment })
    .returning();
  return item!.id;
}

async function startConsult(questionnaireId: string) {
  const guest = await newGuest();
  if (guest.identity.kind !== 'guest') throw new Error('guest expected');
  const consult = await ctx.app.services.consults.startConsult({ identity: guest.identity, orderItemId: await orderItemFor(guest.identity), questionnaireId });
  return { ...guest, consult };
}

/** The one event of `action` about `subjectId` (the test clock may give several events one time). */
async function lastAudit(action: string, subjectId: string) {
  const rows = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)))
    .orderBy(desc(auditEvents.at));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('questionnaire versions (issue 18)', () => {
  it('lists a storefront’s questionnaires paged, with the seeded ones published at version 1', async () => {
    const page = (await admin.get(`${base()}?page=1&pageSize=10`)).json();
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.items.length).toBeLessThanOrEqual(10);
    const weight = page.items.find((q: { slug: string }) => q.slug === 'weight-care-intake');
    expect(weight).toMatchObject({ publishedVersion: 1, latest: { version: 1, status: 'published' } });
    expect((await admin.get(`${base()}?pageSize=7`)).statusCode).toBe(400);
  });

  it('goes draft → awaiting sign-off → signed off → published, and the older version becomes superseded', async () => {
    // issue 18 "versions (a version in use is frozen; publishing makes a new one) and a clinician's sign-off before publishing"
    const doctor = await signedInDoctor(ctx, ['CA']);
    const { q, v1Id } = await publishedQuestionnaire(doctor);
    const draft = await admin.post(`${base()}/${q.id}/versions`, { changeNote: 'Add a question' });
    expect(draft.statusCode).toBe(201);
    const d = draft.json();
    expect(d).toMatchObject({ version: 2, status: 'draft', changeNote: 'Add a question', createdBy: { id: admin.userId, name: 'Ola Operator' } });
    expect(d.definition).toEqual(expect.objectContaining({ title: 'Test intake' }));
    // One draft at a time.
    const again = await admin.post(`${base()}/${q.id}/versions`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(QUESTIONNAIRE_ADMIN_MESSAGES.QUESTIONNAIRE_DRAFT_EXISTS);

    const url = `${base()}/${q.id}/versions/${d.id}`;
    const withQuestion = structuredClone(v1);
    withQuestion.pages[1]!.questions.push({ id: 'sleep', type: 'yes_no', label: 'Do you sleep well?' });
    expect((await admin.put(url, { definition: withQuestion, changeNote: 'Add sleep' })).json()).toMatchObject({
      status: 'draft',
      summary: { pages: 2, questions: 4 },
      changes: { added: ['sleep'], removed: [], changed: [] },
    });
    expect((await admin.post(`${url}/request-sign-off`)).json().status).toBe('awaiting_sign_off');
    const read = (await doctor.get(`/api/doctor/questionnaires/${d.id}`)).json();
    const signed = await doctor.post(`/api/doctor/questionnaires/${d.id}/sign-off`, { definitionHash: read.definitionHash });
    expect(signed.json()).toMatchObject({ status: 'signed_off', signedOffBy: { id: doctor.userId, name: 'Ana Ruiz' } });
    const published = await admin.post(`${url}/publish`);
    expect(published.json()).toMatchObject({ status: 'published', publishedBy: { id: admin.userId } });

    const versions = (await admin.get(`${base()}/${q.id}/versions`)).json();
    expect(versions.items.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'published'],
      [1, 'superseded'],
    ]);
    expect(versions.items[1].id).toBe(v1Id);
    expect((await admin.get(base())).json().items.find((x: { id: string }) => x.id === q.id)).toMatchObject({ publishedVersion: 2, latest: { version: 2, status: 'published' } });
  });

  it('refuses to publish without a sign-off, with a clear message', async () => {
    const q = await createQuestionnaire();
    const url = `${base()}/${q.id}/versions/${q.latest.id}`;
    const refused = await admin.post(`${url}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'QUESTIONNAIRE_SIGN_OFF_REQUIRED', detail: 'A doctor must sign off this draft before it can be published.' });
    await admin.post(`${url}/request-sign-off`);
    expect((await admin.post(`${url}/publish`)).statusCode).toBe(409);
    const [row] = await ctx.database.db.select().from(questionnaireVersions).where(eq(questionnaireVersions.id, q.latest.id));
    expect(row!.publishedAt).toBeNull();
  });

  it('clears the sign-off when a signed-off draft is edited, and refuses a sign-off of a draft changed since the doctor read it', async () => {
    const doctor = await signedInDoctor(ctx, ['CA']);
    const q = await createQuestionnaire();
    const url = `${base()}/${q.id}/versions/${q.latest.id}`;
    await admin.put(url, { definition: v1, changeNote: '' });
    await admin.post(`${url}/request-sign-off`);
    const read = (await doctor.get(`/api/doctor/questionnaires/${q.latest.id}`)).json();
    await doctor.post(`/api/doctor/questionnaires/${q.latest.id}/sign-off`, { definitionHash: read.definitionHash });
    expect((await admin.get(url)).json().status).toBe('signed_off');

    const edited = structuredClone(v1);
    edited.pages[0]!.title = 'About you, again';
    const saved = (await admin.put(url, { definition: edited, changeNote: 'Reword' })).json();
    expect(saved).toMatchObject({ status: 'draft', signedOffBy: null, signedOffAt: null, signOffRequestedAt: null });
    expect((await admin.post(`${url}/publish`)).json().code).toBe('QUESTIONNAIRE_SIGN_OFF_REQUIRED');
    // Not asked for: the doctor cannot sign it off.
    const notAsked = await doctor.post(`/api/doctor/questionnaires/${q.latest.id}/sign-off`, { definitionHash: saved.definitionHash });
    expect(notAsked.json().code).toBe('QUESTIONNAIRE_SIGN_OFF_NOT_REQUESTED');
    // Asked again, the doctor reads it, then the operator edits: the stale sign-off is refused.
    await admin.post(`${url}/request-sign-off`);
    const stale = (await doctor.get(`/api/doctor/questionnaires/${q.latest.id}`)).json().definitionHash;
    await admin.put(url, { definition: v1, changeNote: 'Back' });
    await admin.post(`${url}/request-sign-off`);
    const refused = await doctor.post(`/api/doctor/questionnaires/${q.latest.id}/sign-off`, { definitionHash: stale });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(QUESTIONNAIRE_ADMIN_MESSAGES.QUESTIONNAIRE_DRAFT_CHANGED);
    expect((await admin.get(url)).json().status).toBe('awaiting_sign_off');
  });

  it('never edits a published version (409 with a message), nor asks it to be signed off', async () => {
    const doctor = await signedInDoctor(ctx, ['CA']);
    const { q, v1Id } = await publishedQuestionnaire(doctor);
    const url = `${base()}/${q.id}/versions/${v1Id}`;
    const res = await admin.put(url, { definition: { ...v1, title: 'Changed' }, changeNote: '' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'QUESTIONNAIRE_VERSION_PUBLISHED', detail: QUESTIONNAIRE_ADMIN_MESSAGES.QUESTIONNAIRE_VERSION_PUBLISHED });
    expect((await admin.post(`${url}/request-sign-off`)).statusCode).toBe(409);
    expect((await admin.post(`${url}/publish`)).statusCode).toBe(409);
    expect((await admin.get(url)).json().definition.title).toBe('Test intake');
  });

  it('gives new consults the newest published version while a consult in progress keeps its own and can still be completed', async () => {
    // issue 18 "publishes a new questionnaire version (orders in progress keep theirs)"
    const doctor = await signedInDoctor(ctx, ['CA']);
    const { q, v1Id } = await publishedQuestionnaire(doctor);
    const first = await startConsult(q.id);
    expect(first.consult.questionnaire.version.id).toBe(v1Id);
    // Page 1 answered, not submitted.
    const page1 = await first.browser.put(`/api/consults/${first.consult.id}/pages/0`, { answers: { sex: 'female', hw: { heightInches: 66, weightPounds: 180 } } });
    expect(page1.statusCode, page1.body).toBe(200);

    // A new version adds a required question to the last page and is published.
    const d = (await admin.post(`${base()}/${q.id}/versions`, {})).json();
    const url = `${base()}/${q.id}/versions/${d.id}`;
    const v2 = structuredClone(v1);
    v2.pages[1]!.questions.push({ id: 'sleep', type: 'yes_no', label: 'Do you sleep well?' });
    await admin.put(url, { definition: v2, changeNote: 'Add sleep' });
    await admin.post(`${url}/request-sign-off`);
    const hash = (await doctor.get(`/api/doctor/questionnaires/${d.id}`)).json().definitionHash;
    await doctor.post(`/api/doctor/questionnaires/${d.id}/sign-off`, { definitionHash: hash });
    await admin.post(`${url}/publish`);

    // The patient in progress resumes on version 1 (no "sleep"), finishes and submits.
    const resumed = (await first.browser.get(`/api/consults/${first.consult.id}`)).json();
    expect(resumed.questionnaire.version.id).toBe(v1Id);
    const ids = resumed.questionnaire.version.definition.pages.flatMap((p: { questions: { id: string }[] }) => p.questions.map((x) => x.id));
    expect(ids).not.toContain('sleep');
    expect((await first.browser.put(`/api/consults/${first.consult.id}/pages/1`, { answers: { goal: 'Feel better' } })).statusCode).toBe(200);
    const submitted = await first.browser.post(`/api/consults/${first.consult.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);

    // A new patient gets version 2 with the new question.
    const second = await startConsult(q.id);
    expect(second.consult.questionnaire.version.id).toBe(d.id);
    expect(second.consult.questionnaire.version.definition.pages[1]!.questions.map((x) => x.id)).toContain('sleep');
    // Version 1 is in use (frozen) and counted so.
    const versions = (await admin.get(`${base()}/${q.id}/versions`)).json().items;
    expect(versions.find((v: { id: string }) => v.id === v1Id)).toMatchObject({ status: 'superseded', consults: 1 });
  });

  it('refuses a bad definition with messages naming the page and question, and changes nothing', async () => {
    const q = await createQuestionnaire();
    const url = `${base()}/${q.id}/versions/${q.latest.id}`;
    const before = (await admin.get(url)).json();
    const bad = structuredClone(v1);
    bad.pages[1]!.questions.push({ id: 'late', type: 'text', label: '  ', showIf: { questionId: 'ghost', op: 'equals', value: 'x' } });
    bad.pages[0]!.questions[0] = {
      id: 'sex',
      type: 'single_choice',
      label: 'Sex',
      options: [{ value: 'female', label: 'Female', disqualifies: true }, { value: 'male', label: 'Male' }],
    };
    const res = await admin.put(url, { definition: bad, changeNote: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('QUESTIONNAIRE_INVALID');
    const messages = body.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Page 2 "Finish", question 2 "late": the question text cannot be empty',
        'Page 2 "Finish", question 2 "late": the show-if condition showIf refers to "ghost", which is not an earlier question',
        'Page 1 "About you", question 1 "sex", answer 1: the message shown when it disqualifies a disqualifying answer needs a disqualifyReason',
      ]),
    );
    expect(body.errors.map((e: { field: string }) => e.field)).toContain('definition.pages.1.questions.1.showIf');
    expect((await admin.get(url)).json().definitionHash).toBe(before.definitionHash);
    // Not a definition at all, or a bad slug: field messages.
    expect((await admin.put(url, { definition: 'nope' })).statusCode).toBe(400);
    const slug = await admin.post(base(), { title: 'X', slug: 'Not A Slug' });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().errors[0]).toMatchObject({ field: 'slug' });
    const taken = await admin.post(base(), { title: 'X', slug: 'weight-care-intake' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ field: 'slug', message: QUESTIONNAIRE_ADMIN_MESSAGES.QUESTIONNAIRE_SLUG_TAKEN });
  });

  it('audits every change with before and after, a definition as numbers not JSON', async () => {
    const doctor = await signedInDoctor(ctx, ['CA']);
    const q = await createQuestionnaire();
    expect((await lastAudit('questionnaire.created', q.id)).details).toMatchObject({ before: null, after: { title: 'Test intake', slug: q.slug } });
    const url = `${base()}/${q.id}/versions/${q.latest.id}`;
    await admin.put(url, { definition: v1, changeNote: 'Real questions' });
    const updated = await lastAudit('questionnaire.draft_updated', q.latest.id);
    expect(updated).toMatchObject({ actorId: admin.userId, subjectId: q.latest.id, storefrontId: EVERGREEN_ID });
    expect(updated.details).toMatchObject({ before: { questions: 1, pages: 1, changeNote: 'First draft' }, after: { questions: 3, pages: 2, changeNote: 'Real questions' } });
    expect(JSON.stringify(updated.details)).not.toContain('Height and weight');
    await admin.post(`${url}/request-sign-off`);
    expect((await lastAudit('questionnaire.sign_off_requested', q.latest.id)).details).toMatchObject({ before: { status: 'draft' }, after: { status: 'awaiting_sign_off' } });
    const hash = (await doctor.get(`/api/doctor/questionnaires/${q.latest.id}`)).json().definitionHash;
    await doctor.post(`/api/doctor/questionnaires/${q.latest.id}/sign-off`, { definitionHash: hash });
    const signed = await lastAudit('questionnaire.signed_off', q.latest.id);
    expect(signed).toMatchObject({ actorId: doctor.userId });
    expect(signed.details).toMatchObject({ before: { status: 'awaiting_sign_off', signedOffBy: null }, after: { status: 'signed_off', signedOffBy: doctor.userId } });
    await admin.post(`${url}/publish`);
    expect((await lastAudit('questionnaire.published', q.latest.id)).details).toMatchObject({ before: { status: 'signed_off' }, after: { status: 'published', version: 1 } });
  });
});

describe('who reaches the questionnaires (issue 18)', () => {
  it('is a 404 to nobody, a patient and a doctor on every admin route', async () => {
    const q = await createQuestionnaire();
    const v = `${base()}/${q.id}/versions/${q.latest.id}`;
    const patient = await signedInPatient(ctx);
    const doctor = await signedInDoctor(ctx, ['CA']);
    const anonymous = new TestBrowser(ctx.app);
    for (const client of [anonymous, patient, doctor]) {
      expect((await client.get(base())).statusCode).toBe(404);
      expect((await client.post(base(), { title: 'X', slug: 'x-y' })).statusCode).toBe(404);
      expect((await client.get(`${base()}/${q.id}/versions`)).statusCode).toBe(404);
      expect((await client.post(`${base()}/${q.id}/versions`, {})).statusCode).toBe(404);
      expect((await client.get(v)).statusCode).toBe(404);
      expect((await client.post(`${v}/request-sign-off`)).statusCode).toBe(404);
      expect((await client.post(`${v}/publish`)).statusCode).toBe(404);
    }
    expect((await patient.get('/api/doctor/questionnaires')).statusCode).toBe(404);
    expect((await admin.get('/api/doctor/questionnaires')).statusCode).toBe(404);
  });

  it("lets an admin of another company reach nothing of ours, read or write, and ours nothing of theirs", async () => {
    const other = await otherCompany(ctx);
    const q = await createQuestionnaire();
    const v = `${base()}/${q.id}/versions/${q.latest.id}`;
    const them = other.admin;
    expect((await them.get(base())).statusCode).toBe(404);
    expect((await them.post(base(), { title: 'X', slug: 'x-y' })).statusCode).toBe(404);
    expect((await them.get(`${base()}/${q.id}`)).statusCode).toBe(404);
    expect((await them.get(v)).statusCode).toBe(404);
    expect((await them.put(v, { definition: v1, changeNote: '' })).statusCode).toBe(404);
    expect((await them.post(`${v}/request-sign-off`)).statusCode).toBe(404);
    expect((await them.post(`${v}/publish`)).statusCode).toBe(404);
    // Our questionnaire under their storefront's path: still nothing.
    const theirs = await createQuestionnaire(them, other.storefrontId);
    expect((await them.get(`${base(other.storefrontId)}/${q.id}`)).statusCode).toBe(404);
    expect((await them.put(`${base(other.storefrontId)}/${q.id}/versions/${q.latest.id}`, { definition: v1, changeNote: '' })).statusCode).toBe(404);
    expect((await admin.get(`${base(other.storefrontId)}/${theirs.id}`)).statusCode).toBe(404);
    // Our Lumen path with an Evergreen questionnaire: 404 (ids are checked against the storefront).
    expect((await admin.get(`${base(LUMEN_ID)}/${q.id}`)).statusCode).toBe(404);
    expect((await admin.get(v)).json().changeNote).toBe('First draft');
  });

  it('lets only a doctor who serves the storefront see and sign off its drafts', async () => {
    const q = await createQuestionnaire();
    const url = `${base()}/${q.id}/versions/${q.latest.id}`;
    await admin.post(`${url}/request-sign-off`);
    const lumenOnly = await signedInDoctor(ctx, ['CA'], LUMEN_ID);
    const everyStorefront = await signedInDoctor(ctx, ['CA']);
    const hash = (await admin.get(url)).json().definitionHash;
    expect((await lumenOnly.get(`/api/doctor/questionnaires/${q.latest.id}`)).statusCode).toBe(404);
    expect((await lumenOnly.post(`/api/doctor/questionnaires/${q.latest.id}/sign-off`, { definitionHash: hash })).statusCode).toBe(404);
    const lumenList = (await lumenOnly.get('/api/doctor/questionnaires')).json();
    expect(lumenList.items.map((d: { versionId: string }) => d.versionId)).not.toContain(q.latest.id);
    const list = (await everyStorefront.get('/api/doctor/questionnaires')).json();
    expect(list.items.find((d: { versionId: string }) => d.versionId === q.latest.id)).toMatchObject({ storefrontName: 'Evergreen Health', version: 1 });
    expect((await admin.get(url)).json().status).toBe('awaiting_sign_off');
    expect((await everyStorefront.post(`/api/doctor/questionnaires/${q.latest.id}/sign-off`, { definitionHash: hash })).statusCode).toBe(200);
    // Signed off: it leaves the list.
    const after = (await everyStorefront.get('/api/doctor/questionnaires')).json();
    expect(after.items.map((d: { versionId: string }) => d.versionId)).not.toContain(q.latest.id);
  });
});
