// issue 18, the operator's console: catalog and formulary per storefront. Products (list, search,
// create, edit, deactivate), the formulary a doctor prescribes from, the answers flagged for the
// doctor; every id checked against the admin's company (404) and the storefront (ids in bodies:
// 400 beside the field), bad input 400 with field messages and nothing changed, every change
// audited with before and after. Price changes reach new carts only (SPEC §3 snapshots).
import { Stage, type AdminProductInput, type AdminProductView } from '@store/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherCompany, signedInAdmin, type AdminClient } from '../../../test/admin.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { completeStagesButPayment, payWithTestCard } from '../../../test/orders.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { signedInDoctor } from '../../../test/reviews.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { productFormulary } from '../../db/schema/prescriptions.ts';
import { DEMO_FORMULARY } from '../../db/seed/formulary.ts';
import { DEMO_PRODUCTS, DEMO_SHIPPING } from '../../db/seed/store.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
let admin: AdminClient;
let other: Awaited<ReturnType<typeof otherCompany>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
  other = await otherCompany(ctx);
});
afterAll(() => ctx.close());

const E = DEMO_PRODUCTS.evergreen;
const base = `/api/admin/storefronts/${EVERGREEN_ID}`;
const TX_ADDRESS = { fullName: 'Rosa Diaz', line1: '12 Elm St', line2: null, city: 'Austin', state: 'TX', zip: '78701', phone: '5125550100' };

/** The editor's input from a product as the console shows it. */
function inputOf(p: AdminProductView): AdminProductInput {
  const { id: _id, storefrontId: _s, updatedAt: _u, shipsTo, ...input } = p;
  return { ...input, shipsTo: shipsTo as AdminProductInput['shipsTo'] };
}

async function productOf(id: string): Promise<AdminProductView> {
  const res = await admin.get(`${base}/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function lastAudit(action: string, subjectId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, subjectId)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(1);
  return row;
}

const NEW_PRODUCT: AdminProductInput = {
  title: 'Zinc 50 mg',
  slug: 'zinc-50',
  description: 'One tablet a day.',
  category: 'otc',
  type: 'otc',
  priceCents: 1299,
  consultFeeCents: 0,
  consultRequired: false,
  consultAttached: false,
  qtyMin: 1,
  qtyMax: 4,
  defaultQty: 2,
  flexibleQty: true,
  refillCycleDays: 60,
  visitType: null,
  checkoutStages: Stage.Shipping | Stage.Payment,
  questionnaireRef: null,
  shipsTo: ['CA', 'TX'],
  shippingMethodIds: [],
  images: [{ url: '/products/zinc.svg', alt: 'A white bottle of zinc tablets' }],
  active: true,
};

describe('who reaches the catalog console (issue 18)', () => {
  const urls = [`${base}/products`, `${base}/products/${E.vitaminD}`, `${base}/products/${E.vitaminD}/formulary`, `${base}/products/${E.semaglutide}/flagged-answers`, `${base}/catalog-options`];

  it('is a 404 to nobody, a guest, a patient and a doctor, read or write', async () => {
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    const patient = await signedInPatient(ctx);
    const doctor = await signedInDoctor(ctx, ['CA']);
    for (const url of urls) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
      expect((await guest.get(url)).statusCode).toBe(404);
      expect((await patient.get(url)).statusCode).toBe(404);
      expect((await doctor.get(url)).statusCode).toBe(404);
    }
    const before = await productOf(E.vitaminD);
    expect((await patient.put(`${base}/products/${E.vitaminD}`, { ...inputOf(before), priceCents: 1 })).statusCode).toBe(404);
    expect((await doctor.post(`${base}/products`, NEW_PRODUCT)).statusCode).toBe(404);
    expect((await patient.put(`${base}/products/${E.vitaminD}/active`, { active: false })).statusCode).toBe(404);
    expect((await patient.post(`${base}/products`, NEW_PRODUCT)).statusCode).toBe(404);
    expect(await productOf(E.vitaminD)).toEqual(before);
  });

  it("an admin of another company reaches nothing of ours, and ours nothing of theirs (404)", async () => {
    const before = await productOf(E.vitaminD);
    for (const url of urls) expect((await other.admin.get(url)).statusCode).toBe(404);
    expect((await other.admin.put(`${base}/products/${E.vitaminD}`, { ...inputOf(before), priceCents: 1 })).statusCode).toBe(404);
    expect((await other.admin.put(`${base}/products/${E.vitaminD}/active`, { active: false })).statusCode).toBe(404);
    expect((await other.admin.post(`${base}/products`, NEW_PRODUCT)).statusCode).toBe(404);
    expect((await other.admin.post(`${base}/products/${E.metformin}/formulary`, { medication: 'X', strength: '1 mg', form: 'tablet', quantity: 1, daysSupply: 1, maxRefills: 0, directionsTemplate: '' })).statusCode).toBe(404);
    expect((await other.admin.delete(`${base}/products/${E.metformin}/formulary/${DEMO_FORMULARY.metforminEr500}`)).statusCode).toBe(404);
    // Our product through their storefront's path, and theirs through ours.
    const theirs = `/api/admin/storefronts/${other.storefrontId}`;
    expect((await other.admin.get(`${theirs}/products/${E.vitaminD}`)).statusCode).toBe(404);
    expect((await other.admin.put(`${theirs}/products/${E.vitaminD}`, { ...inputOf(before), priceCents: 1 })).statusCode).toBe(404);
    expect((await admin.get(`${theirs}/products`)).statusCode).toBe(404);
    expect(await productOf(E.vitaminD)).toEqual(before);
  });

  it("a product of the company's other storefront is a 404 through this storefront's path", async () => {
    expect((await admin.get(`${base}/products/${DEMO_PRODUCTS.lumen.hairDuo}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/storefronts/${LUMEN_ID}/products/${DEMO_PRODUCTS.lumen.hairDuo}`)).statusCode).toBe(200);
  });
});

describe('products (issue 18)', () => {
  it('lists the storefront’s products paged, and searches titles', async () => {
    const page1 = (await admin.get(`${base}/products?page=1&pageSize=10`)).json();
    expect(page1.items).toHaveLength(10);
    expect(page1.total).toBeGreaterThanOrEqual(12);
    const page2 = (await admin.get(`${base}/products?page=2&pageSize=10`)).json();
    expect(page2.items.map((p: { id: string }) => p.id)).not.toContain(page1.items[0].id);
    const found = (await admin.get(`${base}/products?q=vitamin`)).json();
    expect(found.items.map((p: { id: string }) => p.id)).toEqual([E.vitaminD]);
    expect((await admin.get(`${base}/products?pageSize=7`)).statusCode).toBe(400);
  });

  it('offers the storefront’s questionnaires and shipping methods', async () => {
    const options = (await admin.get(`${base}/catalog-options`)).json();
    expect(options.questionnaires.map((q: { slug: string }) => q.slug)).toContain('weight-care-intake');
    expect(options.shippingMethods.map((m: { id: string }) => m.id)).toEqual([DEMO_SHIPPING.evergreenStandard, DEMO_SHIPPING.evergreenTwoDay, DEMO_SHIPPING.evergreenOvernight]);
  });

  it('creates a product that the store then sells, audited with its fields', async () => {
    const res = await admin.post(`${base}/products`, NEW_PRODUCT);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ ...NEW_PRODUCT, storefrontId: EVERGREEN_ID });
    const onSale = (await new TestBrowser(ctx.app).get('/api/products/zinc-50')).json();
    expect(onSale).toMatchObject({ priceCents: 1299, thumbnail: '/products/zinc.svg', images: NEW_PRODUCT.images, qtyRange: { min: 1, max: 4 }, defaultQuantity: 2 });
    const event = await lastAudit('catalog.product_created', created.id);
    expect(event).toMatchObject({ actorId: admin.userId, storefrontId: EVERGREEN_ID });
    expect(event!.details).toMatchObject({ before: null, after: { title: 'Zinc 50 mg', priceCents: 1299 } });
    // The same slug again: 409 beside the field.
    const again = await admin.post(`${base}/products`, NEW_PRODUCT);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ field: 'slug', message: 'Another product of this storefront already uses this slug.' }]);
  });

  it('edits a product: the change is served at once and audited with only what changed', async () => {
    const before = await productOf(E.minoxidil);
    const res = await admin.put(`${base}/products/${E.minoxidil}`, { ...inputOf(before), priceCents: 3199, shipsTo: ['CA', 'NY', 'TX'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await new TestBrowser(ctx.app).get(`/api/products/${before.slug}`)).json()).toMatchObject({ priceCents: 3199, shipsTo: ['CA', 'NY', 'TX'] });
    const event = await lastAudit('catalog.product_updated', E.minoxidil);
    expect(event!.details).toEqual({ before: { priceCents: before.priceCents, shipsTo: before.shipsTo }, after: { priceCents: 3199, shipsTo: ['CA', 'NY', 'TX'] } });
  });

  it('refuses bad input with a message beside each field, and changes nothing', async () => {
    const before = await productOf(E.semaglutide);
    const res = await admin.put(`${base}/products/${E.semaglutide}`, {
      ...inputOf(before),
      title: ' ',
      slug: 'Bad Slug',
      priceCents: -5,
      qtyMin: 3,
      qtyMax: 2,
      questionnaireRef: null,
      images: [{ url: '/products/a.svg', alt: '' }],
      shipsTo: [],
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(fields).toMatchObject({
      title: 'Enter the title.',
      slug: 'Use lower-case letters, digits and single hyphens, like vitamin-d3-2000.',
      priceCents: 'The amount cannot be negative.',
      'images.0.alt': 'Describe the image for people who cannot see it (alt text).',
      shipsTo: 'Choose at least one state the product is sold in.',
    });
    // Cross-field rules once the fields themselves are fine.
    const cross = await admin.put(`${base}/products/${E.semaglutide}`, { ...inputOf(before), qtyMin: 3, qtyMax: 2, defaultQty: 3, questionnaireRef: null, visitType: null });
    expect(cross.statusCode).toBe(400);
    const crossFields = Object.fromEntries(cross.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(crossFields).toMatchObject({
      qtyMax: 'The largest quantity cannot be below the smallest.',
      questionnaireRef: 'Choose the questionnaire the consult uses.',
      visitType: 'The Scheduling stage needs a visit type.',
    });
    expect(await productOf(E.semaglutide)).toEqual(before);
  });

  it("refuses another storefront's questionnaire or shipping method in the body (400 beside the field), changing nothing", async () => {
    await ctx.app.services.consults.createQuestionnaire({ storefrontId: other.storefrontId, slug: 'other-intake', title: 'Other' });
    const before = await productOf(E.semaglutide);
    const res = await admin.put(`${base}/products/${E.semaglutide}`, {
      ...inputOf(before),
      questionnaireRef: 'other-intake',
      shippingMethodIds: [DEMO_SHIPPING.lumenExpress],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'questionnaireRef', message: "Choose one of this storefront's questionnaires." },
      { field: 'shippingMethodIds', message: "Choose this storefront's shipping methods only." },
    ]);
    expect(await productOf(E.semaglutide)).toEqual(before);
  });

  it('deactivates a product: off the shelf, kept for orders, audited', async () => {
    const created = (await admin.post(`${base}/products`, { ...NEW_PRODUCT, slug: 'zinc-25', title: 'Zinc 25 mg' })).json();
    const res = await admin.put(`${base}/products/${created.id}/active`, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await new TestBrowser(ctx.app).get('/api/products/zinc-25')).statusCode).toBe(404);
    expect((await lastAudit('catalog.product_deactivated', created.id))!.details).toEqual({ before: { active: true }, after: { active: false } });
  });
});

describe('a price change (issue 18: new carts get it, existing orders keep their snapshot)', () => {
  it('keeps a paid order’s and a draft’s unit price, and prices a new cart at the new price', async () => {
    const patient = await signedInPatient(ctx);
    const paidId = (await patient.post('/api/cart')).json().id as string;
    expect((await patient.patch(`/api/orders/${paidId}/items`, { items: [{ productId: E.vitaminD, qty: 2 }] })).statusCode).toBe(200);
    expect((await patient.put(`/api/orders/${paidId}/shipping-address`, { address: TX_ADDRESS })).statusCode).toBe(200);
    await completeStagesButPayment(ctx, paidId);
    const paid = await payWithTestCard(ctx, patient, paidId);
    expect(paid.statusCode, paid.body).toBe(200);

    // A guest's draft made before the change.
    const guest = new TestBrowser(ctx.app);
    const draftId = (await guest.post('/api/cart')).json().id as string;
    await guest.patch(`/api/orders/${draftId}/items`, { items: [{ productId: E.vitaminD }] });

    const before = await productOf(E.vitaminD);
    expect(before.priceCents).toBe(1499);
    expect((await admin.put(`${base}/products/${E.vitaminD}`, { ...inputOf(before), priceCents: 1999 })).statusCode).toBe(200);

    const details = (await patient.get(`/api/account/orders/${paidId}`)).json();
    expect(JSON.stringify(details)).toContain('"unitPriceCents":1499');
    expect(JSON.stringify(details)).not.toContain('1999');

    // The cart module snapshots a price when an item is added: the draft keeps it.
    const draft = (await guest.get(`/api/orders/${draftId}`)).json();
    expect(draft.items[0].unitPriceCents).toBe(1499);

    const fresh = new TestBrowser(ctx.app);
    const freshId = (await fresh.post('/api/cart')).json().id as string;
    const cart = (await fresh.patch(`/api/orders/${freshId}/items`, { items: [{ productId: E.vitaminD }] })).json();
    expect(cart.items[0].unitPriceCents).toBe(1999);

    await admin.put(`${base}/products/${E.vitaminD}`, inputOf(before));
  });
});

describe('SPEC §7 product-wise shipping methods at checkout (issue 18)', () => {
  it('limits the methods offered and accepted to those the product allows; none listed: all', async () => {
    const before = await productOf(E.a1cKit);
    expect((await admin.put(`${base}/products/${E.a1cKit}`, { ...inputOf(before), shippingMethodIds: [DEMO_SHIPPING.evergreenOvernight] })).statusCode).toBe(200);

    const guest = new TestBrowser(ctx.app);
    const id = (await guest.post('/api/cart')).json().id as string;
    let cart = (await guest.patch(`/api/orders/${id}/items`, { items: [{ productId: E.a1cKit }] })).json();
    // The cheapest allowed method prices it, and the order names what it may ship by.
    expect(cart.shipping).toMatchObject({ methodId: DEMO_SHIPPING.evergreenOvernight, allowedMethodIds: [DEMO_SHIPPING.evergreenOvernight], costCents: 2999 });
    const refused = await guest.patch(`/api/orders/${id}/shipping`, { state: 'TX', methodId: DEMO_SHIPPING.evergreenStandard });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'SHIPPING_METHOD_UNAVAILABLE', errors: [{ field: 'methodId' }] });
    const refusedAddress = await guest.put(`/api/orders/${id}/shipping-address`, { address: TX_ADDRESS, methodId: DEMO_SHIPPING.evergreenTwoDay });
    expect(refusedAddress.statusCode).toBe(400);
    cart = (await guest.get(`/api/orders/${id}`)).json();
    expect(cart.shipping.methodId).toBe(DEMO_SHIPPING.evergreenOvernight);
    expect((await guest.patch(`/api/orders/${id}/shipping`, { state: 'TX', methodId: DEMO_SHIPPING.evergreenOvernight })).statusCode).toBe(200);

    // A product with no methods listed ships by any; a restricted one joining moves the method.
    const other = new TestBrowser(ctx.app);
    const otherId = (await other.post('/api/cart')).json().id as string;
    cart = (await other.patch(`/api/orders/${otherId}/items`, { items: [{ productId: E.vitaminD }] })).json();
    expect(cart.shipping).toMatchObject({ methodId: DEMO_SHIPPING.evergreenStandard, allowedMethodIds: null });
    expect((await other.patch(`/api/orders/${otherId}/shipping`, { methodId: DEMO_SHIPPING.evergreenTwoDay })).statusCode).toBe(200);
    cart = (await other.patch(`/api/orders/${otherId}/items`, { items: [{ productId: E.a1cKit }] })).json();
    expect(cart.shipping).toMatchObject({ methodId: DEMO_SHIPPING.evergreenOvernight, allowedMethodIds: [DEMO_SHIPPING.evergreenOvernight] });

    // Two products no method ships together: the second is refused, the cart unchanged.
    const vit = await productOf(E.vitaminD);
    await admin.put(`${base}/products/${E.vitaminD}`, { ...inputOf(vit), shippingMethodIds: [DEMO_SHIPPING.evergreenStandard] });
    const third = new TestBrowser(ctx.app);
    const thirdId = (await third.post('/api/cart')).json().id as string;
    await third.patch(`/api/orders/${thirdId}/items`, { items: [{ productId: E.a1cKit }] });
    const conflict = await third.patch(`/api/orders/${thirdId}/items`, { items: [{ productId: E.vitaminD }] });
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().code).toBe('SHIPPING_METHODS_CONFLICT');
    expect((await third.get(`/api/orders/${thirdId}`)).json().items).toHaveLength(1);

    await admin.put(`${base}/products/${E.vitaminD}`, inputOf(vit));
    await admin.put(`${base}/products/${E.a1cKit}`, inputOf(before));
  });
});

describe('formulary (issue 18)', () => {
  const row = { medication: 'Metformin ER', strength: '750 mg', form: 'tablet', quantity: 30, daysSupply: 30, maxRefills: 3, directionsTemplate: 'Take 1 tablet daily with dinner.' };

  it('lists, adds, edits and removes what a doctor may prescribe, each audited', async () => {
    const url = `${base}/products/${E.metformin}/formulary`;
    const list = (await admin.get(url)).json();
    expect(list.map((r: { id: string }) => r.id)).toContain(DEMO_FORMULARY.metforminEr500);

    const added = await admin.post(url, row);
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id as string;
    expect((await lastAudit('catalog.formulary_added', E.metformin))!.details).toMatchObject({ formularyId: id, before: null, after: row });
    // The doctor's choices include it.
    expect((await ctx.app.services.prescriptions.formularyOf([E.metformin])).map((c) => c.id)).toContain(id);

    const edited = await admin.put(`${url}/${id}`, { ...row, maxRefills: 5 });
    expect(edited.statusCode).toBe(200);
    expect((await lastAudit('catalog.formulary_updated', E.metformin))!.details).toMatchObject({ before: { maxRefills: 3 }, after: { maxRefills: 5 } });

    expect((await admin.delete(`${url}/${id}`)).statusCode).toBe(204);
    expect((await admin.get(url)).json().map((r: { id: string }) => r.id)).not.toContain(id);
    // Kept (inactive) for the prescriptions written from it.
    const [kept] = await ctx.database.db.select().from(productFormulary).where(eq(productFormulary.id, id));
    expect(kept!.active).toBe(false);
    expect((await lastAudit('catalog.formulary_removed', E.metformin))!.details).toMatchObject({ before: { medication: 'Metformin ER' }, after: null });
  });

  it('refuses bad rows beside the field, and another product’s row is a 404', async () => {
    const url = `${base}/products/${E.metformin}/formulary`;
    const bad = await admin.post(url, { ...row, medication: '', quantity: 0, maxRefills: 12 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['maxRefills', 'medication', 'quantity']);
    // The semaglutide row through metformin's path.
    expect((await admin.put(`${url}/${DEMO_FORMULARY.semaglutide025}`, row)).statusCode).toBe(404);
    expect((await admin.delete(`${url}/${DEMO_FORMULARY.semaglutide025}`)).statusCode).toBe(404);
  });
});

describe('answers flagged for the doctor (issue 18)', () => {
  it("shows the product's questionnaire with its questions and answers, adds and removes flags, audited", async () => {
    const url = `${base}/products/${E.finasteride}/flagged-answers`;
    const view = (await admin.get(url)).json();
    expect(view.questionnaire).toMatchObject({ slug: 'hair-loss-intake' });
    const question = view.questionnaire.questions.find((q: { options: unknown }) => Array.isArray(q.options));
    expect(view.flags.map((f: { questionId: string }) => f.questionId)).toContain('trying_to_conceive');

    const added = await admin.post(url, { questionId: question.id, answers: [question.options[0].value], note: 'Look at this.' });
    expect(added.statusCode, added.body).toBe(201);
    const flagId = added.json().id as string;
    expect((await lastAudit('catalog.flag_added', E.finasteride))!.details).toMatchObject({ flagId, questionnaireVersionId: view.questionnaire.versionId, before: null });
    // The doctor's review page reads the version's flags.
    const records = await ctx.app.services.reviews.reviewRecords([], [view.questionnaire.versionId]);
    expect(records.flagged.map((f) => f.id)).toContain(flagId);

    expect((await admin.post(url, { questionId: 'no_such_question', answers: [], note: 'x' })).json().errors).toEqual([{ field: 'questionId', message: 'Choose a question of this questionnaire.' }]);
    expect((await admin.post(url, { questionId: question.id, answers: ['not-an-option'], note: 'x' })).json().errors).toEqual([{ field: 'answers', message: 'Choose answers this question offers.' }]);
    expect((await admin.post(url, { questionId: question.id, answers: [], note: '' })).statusCode).toBe(400);

    // Another product's flag (semaglutide's questionnaire) through finasteride's path: 404.
    const semaFlags = (await admin.get(`${base}/products/${E.semaglutide}/flagged-answers`)).json().flags;
    expect((await admin.delete(`${url}/${semaFlags[0].id}`)).statusCode).toBe(404);

    expect((await admin.delete(`${url}/${flagId}`)).statusCode).toBe(204);
    expect((await admin.get(url)).json().flags.map((f: { id: string }) => f.id)).not.toContain(flagId);
    expect((await lastAudit('catalog.flag_removed', E.finasteride))!.details).toMatchObject({ after: null });
  });

  it('a product without a questionnaire has nothing to flag', async () => {
    const res = (await admin.get(`${base}/products/${E.vitaminD}/flagged-answers`)).json();
    expect(res).toEqual({ questionnaire: null, flags: [] });
    expect((await admin.post(`${base}/products/${E.vitaminD}/flagged-answers`, { questionId: 'x', answers: [], note: 'x' })).statusCode).toBe(409);
  });
});
