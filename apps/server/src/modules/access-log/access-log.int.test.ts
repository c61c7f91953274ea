// issue 15 / DESIGN.md "Identity": a staff member's read of a patient's health data is written to
// an append-only access log — rows cannot be changed or removed, and each carries the hash of the
// one before, so the chain verifies; two writers at once never fork it.
// issue 17 "Who looked at my records": the patient reads their entries in words; UPDATE, DELETE
// and TRUNCATE are refused by the database; the chain's first broken link is reported.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { paidForReview, patientUpload, signedInDoctor, submittedConsult } from '../../../test/reviews.ts';
import { accessLog } from '../../db/schema/access-log.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { GENESIS_HASH, hashOf, verifyChain } from './access-log.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const entry = (patientId: string, recordId: string = randomUUID()) => ({
  actor: randomUUID(),
  role: 'doctor',
  patientId,
  storefrontId: null,
  what: 'upload',
  recordId,
  reason: `review_claim:${randomUUID()}`,
});

describe('the access log (issue 15)', () => {
  it('chains each entry to the one before and answers a patient’s entries', async () => {
    const { db } = ctx.database;
    const log = ctx.app.services.accessLog;
    const patientId = randomUUID();
    await db.transaction((tx) => log.record(tx, entry(patientId, 'first')));
    await db.transaction((tx) => log.record(tx, entry(patientId, 'second')));
    const rows = await db.select().from(accessLog).orderBy(accessLog.id);
    expect(rows[0]!.previousHash).toBe(GENESIS_HASH);
    expect(rows[1]!.previousHash).toBe(rows[0]!.hash);
    expect(rows[1]!.hash).toBe(hashOf(rows[0]!.hash, rows[1]!));
    expect(await log.verify()).toEqual({ ok: true });
    expect((await log.forPatient(patientId)).map((e) => e.recordId)).toEqual(['first', 'second']);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the log in the database itself (issue 17: append-only)', async () => {
    const { db } = ctx.database;
    const [row] = await db.select().from(accessLog).limit(1);
    await expect(db.update(accessLog).set({ reason: 'tampered' }).where(eq(accessLog.id, row!.id))).rejects.toThrow();
    await expect(db.delete(accessLog).where(eq(accessLog.id, row!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate table access_log`)).rejects.toThrow();
    expect((await db.select().from(accessLog).where(eq(accessLog.id, row!.id)))[0]!.reason).toBe(row!.reason);
    expect((await db.select().from(accessLog)).length).toBeGreaterThan(0);
  });

  it('never forks the chain when many requests write at once', async () => {
    const { db } = ctx.database;
    const patientId = randomUUID();
    await Promise.all(Array.from({ length: 8 }, (_, i) => db.transaction((tx) => ctx.app.services.accessLog.record(tx, entry(patientId, `r${i}`)))));
    const rows = await db.select().from(accessLog).orderBy(accessLog.id);
    expect(new Set(rows.map((r) => r.previousHash)).size).toBe(rows.length);
    expect(verifyChain(rows)).toEqual({ ok: true });
  });

  it('reports the first broken link: an entry changed, or one removed (issue 17 verify)', async () => {
    const rows = await ctx.database.db.select().from(accessLog).orderBy(accessLog.id);
    expect(rows.length).toBeGreaterThan(4);
    // Changed: that entry's own hash no longer matches; later ones are not blamed.
    const changed = rows.map((r, i) => (i === 1 || i === 3 ? { ...r, reason: 'support_ticket:1' } : r));
    expect(verifyChain(changed)).toEqual({ ok: false, brokenAt: rows[1]!.id, reason: 'hash' });
    // Removed: the next entry names a hash no longer before it.
    const removed = rows.filter((_, i) => i !== 2);
    expect(verifyChain(removed)).toEqual({ ok: false, brokenAt: rows[3]!.id, reason: 'previous_hash' });
    // Re-hashed to hide the change: the entry after it still names the old hash.
    const rehashed = rows.map((r, i) => (i === 2 ? { ...r, reason: 'x', hash: hashOf(r.previousHash, { ...r, reason: 'x' }) } : r));
    expect(verifyChain(rehashed)).toEqual({ ok: false, brokenAt: rows[3]!.id, reason: 'previous_hash' });
  });
});

describe('who looked at my records (issue 17)', () => {
  it('shows the patient the doctor who opened their photo, in words: who, role, storefront, what and why, newest first', async () => {
    const doctor = await signedInDoctor(ctx, ['CA']);
    const paid = await paidForReview(ctx, 'CA');
    const photo = await patientUpload(ctx, paid.patient, undefined, 'rash on arm.png');
    await submittedConsult(ctx, {
      itemId: paid.itemId,
      userId: paid.patient.userId,
      answers: { age: 44, sex_at_birth: 'female', height_weight: { heightInches: 65, weightPounds: 210 }, history: [], medications: { none: true, items: [] }, allergies: { none: true, items: [] }, body_photo: [photo] },
    });
    // The patient reading their own data is not logged.
    expect((await paid.patient.get('/api/account/access-log')).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });

    expect((await doctor.post(`/api/doctor/orders/${paid.orderId}/claim`)).statusCode).toBe(200);
    expect((await doctor.get(`/api/doctor/orders/${paid.orderId}`)).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    expect((await doctor.get(`/api/doctor/orders/${paid.orderId}/uploads/${photo}`)).statusCode).toBe(200);

    const res = await paid.patient.get('/api/account/access-log');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const number = paid.orderId.replace(/-/g, '').slice(0, 8).toUpperCase();
    expect(res.json()).toMatchObject({
      total: 2,
      items: [
        { who: 'Dr. Ana Ruiz, MD', role: 'doctor', storefront: 'Evergreen Health', what: 'An uploaded photo: rash on arm.png', why: `Reviewing your order #${number}` },
        { who: 'Dr. Ana Ruiz, MD', role: 'doctor', storefront: 'Evergreen Health', what: 'Your consult answers and order details', why: `Reviewing your order #${number}` },
      ],
    });
    const [newer, older] = res.json().items as { at: string }[];
    expect(new Date(newer!.at).getTime() - new Date(older!.at).getTime()).toBe(60_000);
  });

  it('pages 20 at a time, newest first, and names a pharmacist by name', async () => {
    const patient = await signedInPatient(ctx);
    const pharmacist = await signedInPatient(ctx, { firstName: 'Pat', lastName: 'Quinn' });
    const orderId = randomUUID();
    for (let i = 0; i < 23; i++) {
      await ctx.database.db.transaction((tx) =>
        ctx.app.services.accessLog.record(tx, { actor: pharmacist.userId, role: 'pharmacist', patientId: patient.userId, storefrontId: EVERGREEN_ID, what: 'prescription', recordId: `p${i}`, reason: `pharmacy_fill:${orderId}` }),
      );
    }
    const first = (await patient.get('/api/account/access-log')).json();
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ who: 'Pat Quinn', role: 'pharmacist', what: 'Your prescription', why: expect.stringMatching(/^Filling your prescription \(order #/) });
    const second = (await patient.get('/api/account/access-log?page=2')).json();
    expect(second.items).toHaveLength(3);
    expect(second.items.at(-1).id).toBeLessThan(first.items.at(-1).id);
    expect((await patient.get('/api/account/access-log?page=0')).statusCode).toBe(400);
  });

  it('shows patient B none of patient A’s entries; a guest or no session is a 401, a staff account a 404', async () => {
    const a = await signedInPatient(ctx);
    const b = await signedInPatient(ctx);
    await ctx.database.db.transaction((tx) => ctx.app.services.accessLog.record(tx, { ...entry(a.userId), storefrontId: EVERGREEN_ID }));
    expect((await a.get('/api/account/access-log')).json().total).toBe(1);
    expect((await b.get('/api/account/access-log')).json()).toMatchObject({ items: [], total: 0 });

    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/access-log', headers: { host: 'localhost:3000' } })).statusCode).toBe(401);
    const guest = new TestBrowser(ctx.app);
    await guest.post('/api/cart');
    expect((await guest.get('/api/account/access-log')).statusCode).toBe(401);
    const doctor = await signedInDoctor(ctx, ['CA']);
    expect((await doctor.get('/api/account/access-log')).statusCode).toBe(404);
  });
});
