// A fresh database for one test file, cloned from the run's template (see global-setup.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const buffer = fs.readFileSync(template.file);
    const pglite = new PGlite({ loadDataDir: new Blob([buffer]) });
    return openDatabase({ pglite });
  }
  const templateUrl = new URL(template.url);
  const templateName = decodeURIComponent(templateUrl.pathname.slice(1));
  const name = `${templateName}_f${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(template.url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  await admin.end();
  const fileUrl = new URL(template.url);
  fileUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: fileUrl.toString(), poolSize: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
