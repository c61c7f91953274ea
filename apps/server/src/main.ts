// Starts the store: config, database (PGlite in DATA_DIR or PostgreSQL), migrations, demo data on
// first start, listen, and a graceful shutdown that finishes in-flight requests.
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations, withStartupLock } from './db/migrate.ts';
import { seedDemoDataIfEmpty } from './db/seed/index.ts';
import { createDevClock } from './lib/dev-clock.ts';
import { closeOnSignals, loadConfigOrExit } from './lib/process-lifecycle.ts';
import { syncMedicationList } from './modules/consults/medications.service.ts';

async function main() {
  const config = loadConfigOrExit();

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    image: config.PGLITE_IMAGE,
    onIdleError: (err) => console.error(`database connection lost while idle: ${err.message}`),
  });
  // Instances started together on one PostgreSQL database take turns (withStartupLock).
  const seed = await withStartupLock(config.DATABASE_URL, async () => {
    await runMigrations(database);
    // Reference data every store needs, demo or not: the medication list for the consult search.
    await syncMedicationList(database.db);
    return config.SEED_DEMO ? await seedDemoDataIfEmpty(database.db) : null;
  });
  const devClock = config.DEV_CLOCK ? createDevClock() : undefined;
  const app = await buildApp({ config, database, ...(devClock ? { devClock, now: devClock.now } : {}) });

  closeOnSignals(app, database, { graceMs: config.SHUTDOWN_GRACE_MS, drainDelayMs: config.SHUTDOWN_DRAIN_DELAY_MS });

  await app.listen({ port: config.PORT, host: config.HOST });
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  Store running at http://localhost:${config.PORT}   (database: ${where})`,
    `  API docs at      http://localhost:${config.PORT}/api/docs`,
  ];
  if (seed?.seeded) lines.push('', '  Demo data seeded on this first start.');
  lines.push('', '  Demo storefronts:');
  for (const line of seed?.storefronts.length ? seed.storefronts : ['Evergreen Health  http://localhost:{port}', 'Lumen Wellness    http://lumen.localhost:{port}']) {
    lines.push(`    ${line.replace('{port}', String(config.PORT))}`);
  }
  const { demoAccountLines } = await import('./db/seed/accounts-info.ts');
  const accounts = demoAccountLines();
  if (accounts.length) {
    lines.push('', '  Demo accounts:');
    for (const account of accounts) lines.push(`    ${account}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
