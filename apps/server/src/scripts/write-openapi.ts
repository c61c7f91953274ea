// Writes the OpenAPI document exactly as GET /api/openapi.json serves it, from buildApp with the
// test configuration on an empty in-memory PGlite (building the app reads no table), for
// `npm run lint:openapi` (issue 20) and client generators.
//   tsx apps/server/src/scripts/write-openapi.ts [file]   (default test-results/openapi.json)
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

async function main() {
  const file = path.resolve(process.argv[2] ?? 'test-results/openapi.json');
  const database = await openDatabase({ pglite: new PGlite() });
  // No job worker: nothing should touch the (unmigrated) database.
  const app = await buildApp({
    config: testConfig({ WEB_DIST_DIR: '/nonexistent', JOB_WORKER: false }),
    database,
    logger: false,
  });
  try {
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    if (response.statusCode !== 200)
      throw new Error(`GET /api/openapi.json answered ${response.statusCode}: ${response.body}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(response.json(), null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
