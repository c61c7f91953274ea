// issue 15 / DESIGN.md "Identity": a staff member's read of a patient's health data is written to
// an append-only access log — rows cannot be changed or removed, and each carries the hash of the
// one before, so the chain verifies; two writers at once never fork it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { accessLog } from '../../db/schema/access-log.ts';
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

  it('refuses UPDATE and DELETE of an entry', async () => {
    const { db } = ctx.database;
    const [row] = await db.select().from(accessLog).limit(1);
    await expect(db.update(accessLog).set({ reason: 'tampered' }).where(eq(accessLog.id, row!.id))).rejects.toThrow();
    await expect(db.delete(accessLog).where(eq(accessLog.id, row!.id))).rejects.toThrow();
    expect((await db.select().from(accessLog).where(eq(accessLog.id, row!.id)))[0]!.reason).toBe(row!.reason);
  });

  it('never forks the chain when many requests write at once', async () => {
    const { db } = ctx.database;
    const patientId = randomUUID();
    await Promise.all(Array.from({ length: 8 }, (_, i) => db.transaction((tx) => ctx.app.services.accessLog.record(tx, entry(patientId, `r${i}`)))));
    const rows = await db.select().from(accessLog).orderBy(accessLog.id);
    expect(new Set(rows.map((r) => r.previousHash)).size).toBe(rows.length);
    expect(verifyChain(rows)).toEqual({ ok: true });
  });

  it('detects an entry changed behind the trigger’s back', async () => {
    const rows = await ctx.database.db.select().from(accessLog).orderBy(accessLog.id);
    const forged = rows.map((r, i) => (i === 1 ? { ...r, reason: 'support_ticket:1' } : r));
    expect(verifyChain(forged)).toEqual({ ok: false, brokenAt: rows[1]!.id });
  });
});
