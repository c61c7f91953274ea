// Writes the prepared database image a fresh PGlite data folder starts from (issue 19): the
// migrations applied and the medication list loaded, as a PGlite data-dir tarball. `npm run build`
// makes it (scripts/build.mjs) so `npm start` on a new data folder copies it instead of creating
// and migrating a database from scratch. Demo data is still seeded at start (it is dated from now).
//   node apps/server/dist/scripts/make-database-image.js <file>
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { syncMedicationList } from '../modules/consults/medications.service.ts';

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: make-database-image <file>');
  const pglite = new PGlite();
  const handle = await openDatabase({ pglite });
  await runMigrations(handle);
  await syncMedicationList(handle.db);
  const image = await pglite.dumpDataDir('none');
  await handle.close();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
