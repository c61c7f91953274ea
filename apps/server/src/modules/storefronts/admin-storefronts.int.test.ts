// issue 18: the operator creates, edits and publishes a storefront bundle (name, host names, the
// whole theme of SPEC §3 and §9, the 13 flags, settings, texts, consents); versions with publish and
// roll back; every change audited with before and after; one company's admin reaches nothing of
// another's; and a publish is served by every instance without a restart.
import { HOST_TAKEN_MESSAGE, SLUG_TAKEN_MESSAGE, type AdminStorefrontDetail, type StorefrontDraftFormValues } from '@store/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerClient, otherCompany, signedInAdmin, type AdminClient } from '../../../test/admin.ts';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { signedInDoctor } from '../../../test/reviews.ts';
import { buildApp, type App } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { storefronts } from '../../db/schema/storefronts.ts';
import { EVERGREEN_ID, LUMEN_ID } from '../../db/seed/storefronts.ts';

let ctx: TestContext;
let admin: AdminClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAdmin(ctx);
});
afterAll(() => ctx.close());

const storefrontAt = (host: string, app: App = ctx.app) => app.inject({ url: '/api/storefront', headers: { host } }).then((r) => r.json());
const consentsAt = (host: string) => ctx.app.inject({ url: '/api/consents', headers: { host } }).then((r) => r.json());

function draftFrom(detail: AdminStorefrontDetail, change: (d: StorefrontDraftFormValues) => void = () => {}): StorefrontDraftFormValues {
  const base = structuredClone(detail.draft?.bundle ?? detail.live);
  const draft: StorefrontDraftFormValues = { ...base, note: '' };
  change(draft);
  return draft;
}

async function auditOf(storefrontId: string, action: string) {
  return ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.storefrontId, storefrontId), eq(auditEvents.action, action)));
}

let brand3: AdminStorefrontDetail;

describe('creating a storefront', () => {
  it('lists only the company’s storefronts, paged', async () => {
    await otherCompany(ctx);
    const res = await admin.get('/api/admin/storefronts?page=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((s: { id: string }) => s.id).sort()).toEqual([EVERGREEN_ID, LUMEN_ID].sort());
    expect(body.total).toBe(2);
    expect(body.items.find((s: { id: string }) => s.id === LUMEN_ID)).toMatchObject({ hosts: ['lumen.localhost'], liveVersion: null, draftVersion: null });
    expect((await admin.get('/api/admin/storefronts?pageSize=7')).statusCode).toBe(400);
  });

  it('creates a brand from the defaults with a first draft; nothing is served on its host before publishing', async () => {
    // issue 18: "create a new storefront (name, slug, host names; starts from the defaults with a first draft version)"
    const res = await admin.post('/api/admin/storefronts', { name: 'Brand Three', slug: 'brand-three', hosts: [' Brand3.LOCALHOST '] });
    expect(res.statusCode).toBe(201);
    brand3 = res.json();
    expect(brand3.draft).toMatchObject({ version: 1, bundle: { name: 'Brand Three', hosts: ['brand3.localhost'] } });
    expect(brand3.draft!.bundle.theme.colors.primary).toBe('#1b4d3e');
    expect(brand3.draft!.bundle.consents.map((c) => c.kind)).toEqual(['telehealth', 'privacy', 'terms']);
    expect(brand3.live.hosts).toEqual([]);
    expect((await storefrontAt('brand3.localhost')).id).toBe(EVERGREEN_ID);
    const [created] = await auditOf(brand3.id, 'storefront.created');
    expect(created).toMatchObject({ actorId: admin.userId, subjectId: brand3.id });
    expect((created!.details as { after: Record<string, unknown> }).after).toMatchObject({ name: 'Brand Three', slug: 'brand-three', 'theme.colors.primary': '#1b4d3e' });
  });

  it('refuses a taken host, a taken short name and bad input with field messages, creating nothing', async () => {
    const before = (await ctx.database.db.select().from(storefronts)).length;
    const taken = await admin.post('/api/admin/storefronts', { name: 'X', slug: 'x-brand', hosts: ['new.localhost', 'Lumen.localhost'] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ field: 'hosts.1', message: HOST_TAKEN_MESSAGE }]);
    const slug = await admin.post('/api/admin/storefronts', { name: 'X', slug: 'lumen', hosts: ['new.localhost'] });
    expect(slug.json().errors).toEqual([{ field: 'slug', message: SLUG_TAKEN_MESSAGE }]);
    const bad = await admin.post('/api/admin/storefronts', { name: '', slug: 'Bad Slug', hosts: ['http://x.com/path'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['hosts.0', 'name', 'slug']);
    expect((await ctx.database.db.select().from(storefronts)).length).toBe(before);
  });
});

describe('editing, publishing and rolling back', () => {
  it('saves a draft with the whole theme, flags, settings and texts; patients still see the live one', async () => {
    const draft = draftFrom(brand3, (d) => {
      d.name = 'Brightside Skin';
      d.theme.colors.primary = '#aa3355';
      d.theme.colors.pendingStatus = '#884400';
      d.theme.colors.shippingError = '#990000';
      d.theme.fontFamily = 'Georgia, serif';
      d.theme.fontSizes.h1 = 44;
      d.theme.containerWidths.sub = 1100;
      d.flags.enableRoundedBorders = true;
      d.flags.hideIncentiveBanner = true;
      d.settings.hideBmi = true;
      d.settings.pharmacyChoice = false;
      d.settings.displayPages.greeting = true;
      d.settings.supportPhone = '(555) 222-3333';
      d.settings.supportEmail = 'help@brightside.example';
      d.content.heroTitle = 'Skin care that works';
      d.content.prePageTexts.greeting.title = 'Hello again';
      d.note = 'Brand colours';
    });
    const res = await admin.put(`/api/admin/storefronts/${brand3.id}/draft`, draft);
    expect(res.statusCode).toBe(200);
    brand3 = res.json();
    expect(brand3.draft).toMatchObject({ version: 1, note: 'Brand colours', bundle: { name: 'Brightside Skin' } });
    expect(brand3.draft!.bundle.theme.fontSizes.h1).toBe(44);
    expect((await storefrontAt('brand3.localhost')).id).toBe(EVERGREEN_ID);
    const [saved] = await auditOf(brand3.id, 'storefront.draft_saved');
    expect(saved!.details).toMatchObject({ before: { 'theme.colors.primary': '#1b4d3e' }, after: { 'theme.colors.primary': '#aa3355', name: 'Brightside Skin' } });
  });

  it('refuses bad fields with a message beside each, keeping the draft as it was', async () => {
    const bad = draftFrom(brand3, (d) => {
      d.theme.colors.primary = 'red';
      d.theme.fontSizes.h1 = 400;
      d.theme.fontFamily = 'x; } body { display: none';
      d.settings.supportEmail = 'not-an-email';
      d.hosts = ['brand3.localhost', 'brand3.localhost'];
    });
    const res = await admin.put(`/api/admin/storefronts/${brand3.id}/draft`, bad);
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['theme.colors.primary', 'theme.fontSizes.h1', 'theme.fontFamily', 'settings.supportEmail', 'hosts.1']),
    );
    const taken = await admin.put(`/api/admin/storefronts/${brand3.id}/draft`, draftFrom(brand3, (d) => (d.hosts = ['brand3.localhost', 'localhost'])));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ field: 'hosts.1', message: HOST_TAKEN_MESSAGE }]);
    const unknownFlag = await admin.put(`/api/admin/storefronts/${brand3.id}/draft`, { ...draftFrom(brand3), flags: { ...brand3.draft!.bundle.flags, sneaky: true } });
    expect(unknownFlag.statusCode).toBe(400);
    const noConsent = await admin.put(`/api/admin/storefronts/${LUMEN_ID}/draft`, draftFrom((await admin.get(`/api/admin/storefronts/${LUMEN_ID}`)).json(), (d) => d.consents.pop()));
    expect(noConsent.json().errors).toEqual([{ field: 'consents', message: expect.stringContaining('cannot be removed') }]);
    const after = (await admin.get(`/api/admin/storefronts/${brand3.id}`)).json();
    expect(after.draft.bundle.theme.colors.primary).toBe('#aa3355');
    expect((await admin.get(`/api/admin/storefronts/${LUMEN_ID}`)).json().draft).toBeNull();
  });

  it('publishes the draft onto the live storefront, its host and consents in one audited step', async () => {
    const res = await admin.post(`/api/admin/storefronts/${brand3.id}/versions/${brand3.draft!.id}/publish`);
    expect(res.statusCode).toBe(200);
    brand3 = res.json();
    expect(brand3).toMatchObject({ liveVersion: 1, draft: null, live: { name: 'Brightside Skin', hosts: ['brand3.localhost'] } });
    const served = await storefrontAt('Brand3.localhost:3000');
    expect(served).toMatchObject({ id: brand3.id, name: 'Brightside Skin' });
    expect(served.theme.colors.primary).toBe('#aa3355');
    expect(served.theme.fontSizes.h1).toBe(44);
    expect(served.flags.enableRoundedBorders).toBe(true);
    expect(served.settings).toMatchObject({ hideBmi: true, pharmacyChoice: false, supportEmail: 'help@brightside.example' });
    expect(served.content.prePageTexts.greeting.title).toBe('Hello again');
    expect((await consentsAt('brand3.localhost')).map((c: { kind: string }) => c.kind)).toEqual(['telehealth', 'privacy', 'terms']);
    const [published] = await auditOf(brand3.id, 'storefront.published');
    expect(published!.details).toMatchObject({ version: 1, before: { name: 'Brand Three', hosts: [] }, after: { name: 'Brightside Skin', hosts: ['brand3.localhost'] } });
    // A published version is never edited: publishing it again is refused.
    expect((await admin.post(`/api/admin/storefronts/${brand3.id}/versions/${published!.subjectId}/publish`)).statusCode).toBe(409);
  });

  it('editing after publishing starts a new draft from the live one; consents change by a new version', async () => {
    const before = (await consentsAt('brand3.localhost')).find((c: { kind: string }) => c.kind === 'telehealth');
    const res = await admin.put(
      `/api/admin/storefronts/${brand3.id}/draft`,
      draftFrom(brand3, (d) => {
        d.theme.colors.primary = '#112233';
        d.consents[0]!.body = 'Telehealth consent, second edition.';
        d.note = 'Darker';
      }),
    );
    brand3 = res.json();
    expect(brand3.draft).toMatchObject({ version: 2, note: 'Darker' });
    expect((await storefrontAt('brand3.localhost')).theme.colors.primary).toBe('#aa3355');
    brand3 = (await admin.post(`/api/admin/storefronts/${brand3.id}/versions/${brand3.draft!.id}/publish`)).json();
    expect((await storefrontAt('brand3.localhost')).theme.colors.primary).toBe('#112233');
    const telehealth = (await consentsAt('brand3.localhost')).find((c: { kind: string }) => c.kind === 'telehealth');
    expect(telehealth).toMatchObject({ body: 'Telehealth consent, second edition.', version: before.version + 1 });
  });

  it('rolls back by publishing an earlier version again as a new version', async () => {
    const versions = (await admin.get(`/api/admin/storefronts/${brand3.id}/versions?pageSize=10`)).json();
    expect(versions.items.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'live'],
      [1, 'published'],
    ]);
    expect(versions.items[0].createdBy).toEqual({ id: admin.userId, name: 'Ola Operator' });
    expect(versions.items[0].publishedBy).toEqual({ id: admin.userId, name: 'Ola Operator' });
    const v1 = versions.items[1].id;
    const v2 = versions.items[0].id;
    expect((await admin.post(`/api/admin/storefronts/${brand3.id}/versions/${v2}/rollback`)).statusCode).toBe(409);
    const res = await admin.post(`/api/admin/storefronts/${brand3.id}/versions/${v1}/rollback`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ liveVersion: 3, draft: null });
    expect((await storefrontAt('brand3.localhost')).theme.colors.primary).toBe('#aa3355');
    const after = (await admin.get(`/api/admin/storefronts/${brand3.id}/versions`)).json();
    expect(after.items[0]).toMatchObject({ version: 3, status: 'live', note: 'Rolled back to version 1' });
    const [rolled] = await auditOf(brand3.id, 'storefront.rolled_back');
    expect(rolled!.details).toMatchObject({ version: 3, fromVersion: 1, before: { 'theme.colors.primary': '#112233' }, after: { 'theme.colors.primary': '#aa3355' } });
    // A draft cannot be rolled back to.
    const draft = (await admin.put(`/api/admin/storefronts/${brand3.id}/draft`, draftFrom(res.json()))).json().draft;
    expect((await admin.post(`/api/admin/storefronts/${brand3.id}/versions/${draft.id}/rollback`)).statusCode).toBe(409);
  });
});

describe('who may reach it', () => {
  it('is a 404 on every route to another company’s admin, and ours reaches nothing of theirs', async () => {
    const other = await otherCompany(ctx).catch(() => null);
    const theirs = other ?? (await (async () => {
      // otherCompany registers other.localhost once per database: reuse it.
      const [row] = await ctx.database.db.select().from(storefronts).where(eq(storefronts.name, 'Other Brand'));
      return { storefrontId: row!.id, admin: await signedInAdmin(ctx, { storefrontId: row!.id, companyId: row!.companyId, host: 'other.localhost:3000' }) };
    })());
    const versionId = (await admin.get(`/api/admin/storefronts/${brand3.id}/versions`)).json().items[0].id;
    const ours = brand3.id;
    const routes = (sf: string, v: string) =>
      [
        ['GET', `/api/admin/storefronts/${sf}`],
        ['PUT', `/api/admin/storefronts/${sf}/draft`],
        ['GET', `/api/admin/storefronts/${sf}/versions`],
        ['POST', `/api/admin/storefronts/${sf}/versions/${v}/publish`],
        ['POST', `/api/admin/storefronts/${sf}/versions/${v}/rollback`],
      ] as const;
    const body = draftFrom(brand3);
    for (const [method, url] of routes(ours, versionId)) {
      const res = method === 'GET' ? await theirs.admin.get(url) : method === 'PUT' ? await theirs.admin.put(url, body) : await theirs.admin.post(url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = (await theirs.admin.get('/api/admin/storefronts')).json();
    expect(list.items.map((s: { id: string }) => s.id)).toEqual([theirs.storefrontId]);
    // Our version under their storefront id, and their storefront with our admin: 404.
    expect((await admin.get(`/api/admin/storefronts/${theirs.storefrontId}`)).statusCode).toBe(404);
    expect((await theirs.admin.post(`/api/admin/storefronts/${theirs.storefrontId}/versions/${versionId}/publish`)).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/storefronts/${LUMEN_ID}/versions/${versionId}/publish`)).statusCode).toBe(404);
    // Nothing of ours changed.
    expect((await storefrontAt('brand3.localhost')).theme.colors.primary).toBe('#aa3355');
  });

  it('is a 404 to nobody, a guest, a patient and a doctor', async () => {
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/session/guest');
    const patient = await signedInPatient(ctx);
    const doctorUser = await signedInDoctor(ctx, ['CA']);
    const doctor = bearerClient(ctx, (await ctx.app.services.sessions.createUserSession(doctorUser.userId, EVERGREEN_ID)).token, 'localhost:3000');
    const nobody = new TestBrowser(ctx.app);
    const urls = [
      ['GET', '/api/admin/storefronts'],
      ['POST', '/api/admin/storefronts'],
      ['GET', `/api/admin/storefronts/${brand3.id}`],
      ['PUT', `/api/admin/storefronts/${brand3.id}/draft`],
      ['GET', `/api/admin/storefronts/${brand3.id}/versions`],
      ['POST', `/api/admin/storefronts/${brand3.id}/versions/${brand3.id}/publish`],
      ['POST', `/api/admin/storefronts/${brand3.id}/versions/${brand3.id}/rollback`],
    ] as const;
    type Client = { get(url: string): Promise<{ statusCode: number }>; post(url: string, body?: unknown): Promise<{ statusCode: number }>; put(url: string, body?: unknown): Promise<{ statusCode: number }> };
    for (const who of [nobody, guest, patient, doctor] as Client[]) {
      for (const [method, url] of urls) {
        const body = draftFrom(brand3);
        const res = method === 'GET' ? await who.get(url) : method === 'PUT' ? await who.put(url, body) : await who.post(url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});

describe('every instance serves a publish without a restart', () => {
  it('a second app on the same database sees a publish made through the first within about a second', async () => {
    // issue 18: "a published change is served by every instance without a restart"
    const second = await buildApp({ config: testConfig({ WEB_DIST_DIR: '/nonexistent', JOB_WORKER: false }), database: ctx.database, logger: false });
    await second.ready();
    try {
      expect((await storefrontAt('lumen.localhost', second)).theme.colors.primary).toBe('#4b2a86');
      const lumenConsents = () => second.inject({ url: '/api/consents', headers: { host: 'lumen.localhost' } }).then((r) => r.json());
      const privacyBefore = (await lumenConsents()).find((c: { kind: string }) => c.kind === 'privacy');
      const detail = (await admin.get(`/api/admin/storefronts/${LUMEN_ID}`)).json();
      const saved = (
        await admin.put(
          `/api/admin/storefronts/${LUMEN_ID}/draft`,
          draftFrom(detail, (d) => {
            d.theme.colors.primary = '#0a7e8c';
            d.hosts = [...d.hosts, 'lumen2.localhost'];
            d.consents[1]!.body = 'Privacy practices, revised.';
          }),
        )
      ).json();
      const started = Date.now();
      expect((await admin.post(`/api/admin/storefronts/${LUMEN_ID}/versions/${saved.draft.id}/publish`)).statusCode).toBe(200);
      // Polls until `check` passes; answers how long after the publish it took.
      const within = async (check: () => Promise<boolean>) => {
        while (!(await check()) && Date.now() - started < 3000) await new Promise((r) => setTimeout(r, 50));
        return Date.now() - started;
      };
      const colour = await within(async () => (await storefrontAt('lumen.localhost', second)).theme.colors.primary === '#0a7e8c');
      expect((await storefrontAt('lumen.localhost', second)).theme.colors.primary).toBe('#0a7e8c');
      expect(colour).toBeLessThan(1600);
      expect((await storefrontAt('lumen2.localhost', second)).id).toBe(LUMEN_ID);
      const privacy = async () => (await lumenConsents()).find((c: { kind: string }) => c.kind === 'privacy');
      const consent = await within(async () => (await privacy()).body === 'Privacy practices, revised.');
      expect(await privacy()).toMatchObject({ body: 'Privacy practices, revised.', version: privacyBefore.version + 1 });
      expect(consent).toBeLessThan(1600);
    } finally {
      await second.close();
    }
  });
});
