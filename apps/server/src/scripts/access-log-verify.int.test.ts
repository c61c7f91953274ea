// issue 17: "a command that verifies the chain and reports the first broken link". Run as the
// operator runs it (`npm run access-log:verify -w @store/server`: the store's DATABASE_URL or
// DATA_DIR) against a database of its own: intact → exit 0; an entry forged behind the trigger's
// back (the table owner disabling it) → exit 1 naming that entry.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { accessLog } from '../db/schema/access-log.ts';
import { createAccessLogService } from '../modules/access-log/access-log.service.ts';
import { verifyAccessLog } from './access-log-verify.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

/** A database of this test's own, reachable by the command's env (DATA_DIR or DATABASE_URL). */
async function scratchDatabase(): Promise<{ open(): Promise<DatabaseHandle>; env: Record<string, string>; cleanup(): Promise<void> }> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-log-verify-'));
    const seeded = new PGlite(dir, { loadDataDir: new Blob([fs.readFileSync(template.file)]) });
    await seeded.waitReady;
    await seeded.close();
    return { open: () => openDatabase({ dataDir: dir }), env: { DATA_DIR: dir }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = new URL(template.url);
  admin.pathname = '/postgres';
  const name = `${decodeURIComponent(new URL(template.url).pathname.slice(1))}_v${randomBytes(4).toString('hex')}`;
  const sqlAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await sqlAdmin(`CREATE DATABASE "${name}" TEMPLATE "${decodeURIComponent(new URL(template.url).pathname.slice(1))}"`);
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return { open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 2 }), env: { DATABASE_URL: url.toString() }, cleanup: () => sqlAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function command(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'src/scripts/access-log-verify.ts'], { cwd: serverDir, env: { ...rest, NODE_ENV: 'test', ...env }, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
beforeAll(async () => {
  scratch = await scratchDatabase();
});
afterAll(() => scratch.cleanup());

async function withDatabase<T>(fn: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await scratch.open();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

describe('npm run access-log:verify (issue 17)', () => {
  it('prints the number of entries and "chain intact" with exit code 0, then names the first forged entry with exit code 1', async () => {
    const ids = await withDatabase(async (database) => {
      const log = createAccessLogService({ db: database.db, now: () => new Date() });
      const patientId = randomUUID();
      for (let i = 0; i < 5; i++) {
        await database.db.transaction((tx) => log.record(tx, { actor: randomUUID(), role: 'doctor', patientId, storefrontId: null, what: 'upload', recordId: `r${i}`, reason: `review_claim:${randomUUID()}` }));
      }
      // Walked in batches smaller than the chain, the verdict is the same.
      expect(await verifyAccessLog(database, 2)).toEqual({ line: 'access log: 5 entries, chain intact', code: 0 });
      return (await database.db.select({ id: accessLog.id }).from(accessLog).orderBy(asc(accessLog.id))).map((r) => r.id);
    });

    const intact = await command(scratch.env);
    expect(intact).toMatchObject({ code: 0, stdout: 'access log: 5 entries, chain intact\n' });

    // The table's owner can switch the trigger off; the app's writes never do. The chain still tells.
    await withDatabase(async (database) => {
      await database.db.execute(sql`alter table access_log disable trigger access_log_no_change`);
      await database.db.update(accessLog).set({ reason: 'support_ticket:forged' }).where(eq(accessLog.id, ids[2]!));
      await database.db.update(accessLog).set({ reason: 'support_ticket:forged' }).where(eq(accessLog.id, ids[4]!));
      await database.db.execute(sql`alter table access_log enable trigger access_log_no_change`);
      expect(await verifyAccessLog(database, 2)).toMatchObject({ code: 1, line: expect.stringContaining(`chain broken at entry ${ids[2]} (`) });
    });

    const broken = await command(scratch.env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`access log: chain broken at entry ${ids[2]} (its hash does not match its contents: the entry was changed; the 2 entries before it link up)`);
  }, 180_000);
});
