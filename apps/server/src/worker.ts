// A background-job worker (DESIGN.md "background work"): the same services as the store, no HTTP.
// Run it beside servers started with JOB_WORKER=false so that work like rendering a receipt PDF
// and handing mail to SMTP never holds up a patient's request; any number of workers share the
// queue (FOR UPDATE SKIP LOCKED). It does not migrate: start it once a server has.
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { closeOnSignals, loadConfigOrExit } from './lib/process-lifecycle.ts';

async function main() {
  const config = { ...loadConfigOrExit(), JOB_WORKER: true };
  if (!config.DATABASE_URL) {
    // PGlite is one process's database: the store's own process works its queue.
    console.error('The worker needs DATABASE_URL (PostgreSQL); with the embedded database the store works its own jobs.');
    process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    onIdleError: (err) => console.error(`database connection lost while idle: ${err.message}`),
  });
  const app = await buildApp({ config, database });
  // The queue's poll timer does not hold a process open (a server has its listening socket); a
  // worker has nothing else, and idle database connections close after a while.
  const keepAlive = setInterval(() => undefined, 60_000);
  app.addHook('onClose', async () => clearInterval(keepAlive));
  await app.ready();
  app.log.info('background-job worker started');

  // A job under way may be a mail being handed to SMTP: it has SHUTDOWN_GRACE_MS to finish. A
  // worker serves no traffic, so there is no balancer to drain from.
  closeOnSignals(app, database, { graceMs: config.SHUTDOWN_GRACE_MS });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
