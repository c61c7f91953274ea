// A renewal worker in a process of its own (issue 17: "Across restarts and two worker processes, no
// cycle is charged twice"), started by refill-renewal.kill.int.test.ts and bench/refills.bench.ts
// with `node --import tsx test/refill-worker.ts`. It builds the store's services against
// DATABASE_URL (PostgreSQL: the parent's database) exactly as a server does, with the clock fixed
// at REFILL_NOW (ms since the epoch) and its queue not polling, prints `READY`, waits for a `GO`
// line on stdin (so that two workers start together), runs the renewal job once and prints
// `DONE <counts as JSON>`. REFILL_HOLD makes it stop dead at one moment of a cycle so that the
// parent can SIGKILL it there:
//   after-charge  the gateway answered (the card is charged), the outcome not yet recorded
//                 (the workflow's `afterCharge` hook); prints `CHARGED <plan> <cycle>`
//   before-charge the plan and its cycle claimed and the refill order written, the card not yet
//                 charged (payOrder not called); prints `CLAIMED <idempotency key>`
import readline from 'node:readline';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createRefillRenewal } from '../src/workflows/refill-renewal.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
/** Never returns; the interval keeps the process alive until the parent kills it. */
const stopDead = () => {
  setInterval(() => undefined, 1 << 30);
  return new Promise<never>(() => undefined);
};

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL (PostgreSQL) is required');
  const at = Number(process.env.REFILL_NOW);
  if (!Number.isFinite(at)) throw new Error('REFILL_NOW (ms since the epoch) is required');
  const hold = process.env.REFILL_HOLD ?? '';
  const database = await openDatabase({ databaseUrl, poolSize: Number(process.env.REFILL_POOL ?? 4) });
  const now = () => new Date(at);
  const app = await buildApp({ config: testConfig({ JOB_WORKER: false, WEB_DIST_DIR: '/nonexistent' }), database, now, logger: false });
  const s = app.services;
  const worker = createRefillRenewal({
    ...s,
    db: database.db,
    now,
    notices: s.orderNotices,
    renewal: s.renewalConsult,
    port: 0,
    // The app's own instance registered the handlers; this one only enqueues.
    jobs: { register: () => undefined, every: () => undefined, enqueue: s.jobs.enqueue, nudge: () => undefined },
    ...(process.env.REFILL_LEASE_MS ? { claimLeaseMs: Number(process.env.REFILL_LEASE_MS) } : {}),
    payments:
      hold === 'before-charge'
        ? {
            listCards: s.payments.listCards,
            cancelForOrder: s.payments.cancelForOrder,
            payOrder: async (input) => {
              say(`CLAIMED ${input.idempotencyKey}`);
              return stopDead();
            },
          }
        : s.payments,
    ...(hold === 'after-charge'
      ? {
          afterCharge: async ({ planId, cycle }: { planId: string; cycle: number }) => {
            say(`CHARGED ${planId} ${cycle}`);
            await stopDead();
          },
        }
      : {}),
  });
  say('READY');
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) if (line.trim() === 'GO') break;
  lines.close();
  const started = Date.now();
  const counts = await worker.run();
  say(`DONE ${JSON.stringify({ ...counts, ms: Date.now() - started })}`);
  await app.close();
  await database.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
