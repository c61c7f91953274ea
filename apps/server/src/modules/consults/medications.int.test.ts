// SPEC §5 "Medication search: at least 2 characters"; issue 8 "searches a medication list shipped
// with the app (at least 500 common generic and brand names, real ones)".
import { MESSAGES } from '@store/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { medications } from '../../db/schema/consults.ts';
import { medicationEntries } from './medications.data.ts';
import { syncMedicationList } from './medications.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const search = (q?: string) =>
  ctx.app.inject({ url: q === undefined ? '/api/medications' : `/api/medications?q=${encodeURIComponent(q)}`, headers: { host: 'localhost' } });
const names = async (q: string) => ((await search(q)).json().results as { name: string }[]).map((r) => r.name);

describe('the shipped medication list', () => {
  it('has at least 500 distinct real names, generic and brand, all in the table', async () => {
    const entries = medicationEntries();
    expect(entries.length).toBeGreaterThanOrEqual(500);
    expect(new Set(entries.map((e) => e.name.toLowerCase())).size).toBe(entries.length);
    expect(entries.filter((e) => e.kind === 'generic').length).toBeGreaterThanOrEqual(250);
    expect(entries.filter((e) => e.kind === 'brand').length).toBeGreaterThanOrEqual(250);
    const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(medications);
    expect(row!.n).toBe(entries.length);
  });

  it('links brands to their generic', () => {
    const byName = new Map(medicationEntries().map((e) => [e.name, e]));
    expect(byName.get('Lipitor')).toEqual({ name: 'Lipitor', kind: 'brand', generic: 'atorvastatin' });
    expect(byName.get('Wegovy')?.generic).toBe('semaglutide');
    expect(byName.get('metformin')).toEqual({ name: 'metformin', kind: 'generic', generic: null });
  });

  it('syncing again adds nothing', async () => {
    expect(await syncMedicationList(ctx.database.db)).toBe(0);
  });
});

describe('GET /api/medications', () => {
  it.each(['', 'a', ' a ', undefined])('refuses %j: at least 2 characters (SPEC §5)', async (q) => {
    const res = await search(q);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MEDICATION_SEARCH_MIN', detail: MESSAGES.MEDICATION_SEARCH_MIN });
  });

  it('lists names starting with the text first, then names containing it', async () => {
    const list = await names('met');
    expect(list.length).toBeGreaterThan(3);
    const firstContains = list.findIndex((n) => !n.toLowerCase().startsWith('met'));
    expect(firstContains).toBeGreaterThan(0);
    expect(list.slice(0, firstContains).every((n) => n.toLowerCase().startsWith('met'))).toBe(true);
    expect(list.slice(firstContains).every((n) => n.toLowerCase().includes('met') && !n.toLowerCase().startsWith('met'))).toBe(true);
    expect(list).toContain('metformin');
  });

  it('is case-insensitive and finds brands and generics', async () => {
    expect((await names('LIPI'))[0]).toBe('Lipitor');
    expect(await names('LIPI')).toContain('FloLipid');
    expect(await names('ozem')).toEqual(['Ozempic']);
    expect(await names('  sertra ')).toEqual(['sertraline']);
  });

  it('returns at most 20', async () => {
    expect((await names('in')).length).toBe(20);
  });

  it('returns an empty list when nothing matches (the web then offers a manual entry)', async () => {
    const res = await search('zzqx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ query: 'zzqx', results: [] });
  });

  it('treats % and _ as plain characters', async () => {
    expect(await names('%%')).toEqual([]);
    expect(await names('__')).toEqual([]);
  });
});
