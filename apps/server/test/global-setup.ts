// Builds one migrated, seeded database per test run; every test file then gets its own copy
// (test/database.ts). PGlite: a data-dir dump loaded per file. PostgreSQL (TEST_DATABASE_URL):
// that database is the template for a CREATE DATABASE ... TEMPLATE per file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDemoDataIfEmpty } from '../src/db/seed/index.ts';

export type DbTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await runMigrations(handle);
    await seedDemoDataIfEmpty(handle.db);
    await handle.close();
    project.provide('dbTemplate', { kind: 'postgres', url });
    return;
  }
  const pglite = new PGlite();
  const handle = await openDatabase({ pglite });
  await runMigrations(handle);
  await seedDemoDataIfEmpty(handle.db);
  const dump = await pglite.dumpDataDir('none');
  await handle.close();
  const file = path.join(os.tmpdir(), `store-db-template-${process.pid}-${Date.now()}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', file });
  return () => fs.rmSync(file, { force: true });
}
