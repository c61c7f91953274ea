// `npm run access-log:verify -w @store/server` (issue 17): walks the access log's hash chain from
// its first entry and says whether it is intact, or where it first breaks. Same database as the
// store (main.ts): PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR (PGlite is one
// process's database: stop the store first). Exit code 0 when intact, 1 when broken or unreadable.
import { pathToFileURL } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { loadConfigOrExit } from '../lib/process-lifecycle.ts';
import { createAccessLogService } from '../modules/access-log/access-log.service.ts';

const REASONS = {
  previous_hash: 'it does not carry the hash of the entry before it: an entry was removed, inserted or reordered',
  hash: 'its hash does not match its contents: the entry was changed',
} as const;

/** The verdict and the exit code, for the chain in this database. */
export async function verifyAccessLog(database: DatabaseHandle, batch = 1000): Promise<{ line: string; code: 0 | 1 }> {
  const log = createAccessLogService({ db: database.db, now: () => new Date() });
  const { entries, broken } = await log.walk(batch);
  if (!broken) return { line: `access log: ${entries} entries, chain intact`, code: 0 };
  return {
    line: `access log: chain broken at entry ${broken.brokenAt} (${REASONS[broken.reason]}; the ${entries} entries before it link up)`,
    code: 1,
  };
}

async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const { line, code } = await verifyAccessLog(database);
    (code === 0 ? console.log : console.error)(line);
    process.exitCode = code;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    console.error(`access log: could not be verified (${cause instanceof Error ? cause.message : String(cause)})`);
    process.exitCode = 1;
  });
}
