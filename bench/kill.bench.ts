// Crash safety: kill -9 during checkouts (issue 20 "kill -9 of a web instance and of a worker at
// random moments during 200 checkouts on two instances → 0 lost, 0 duplicated orders or charges,
// every confirmation mail sent once").
//
// The production topology on this machine (scripts/lib/topology.mjs): two web instances behind the
// Node balancer and two background-job workers on a fresh PostgreSQL database. KILL_CHECKOUTS
// (default 200) guest checkouts run concurrently, most through the balancer and every fifth straight
// to one instance. Meanwhile, at random moments, a web instance or a worker is killed with SIGKILL
// (no shutdown: requests in flight are cut, a running job is left locked) and started again after a
// moment. The client behaves like the web client: a request cut off (network error, 502 from the
// balancer) is repeated, and Pay is repeated with the SAME Idempotency-Key (also while the server
// answers 409 PAYMENT_IN_PROGRESS), for up to KILL_RETRY_SECONDS.
//
// Then it waits (bounded) for the payments left pending to be settled and the confirmation mails
// to be sent, and checks the database and the sandbox gateway's books (they are in the database):
//   - every checkout the client saw confirmed is a paid order (none lost);
//   - no payment left pending (every order has its charge decision);
//   - every live charge at the gateway belongs to a paid order and its live payment (no charge without an order);
//   - at most one live payment and one live charge per order, one paid order per patient (no duplicates);
//   - exactly one confirmation mail per paid order in the mail outbox.
// Prints the figures and exits 1 on any violation. With PostgreSQL unreachable it says so and exits 0.
import pg from 'pg';
import { LIFTED_RATE_LIMITS } from './lib/store-process.ts';
import { postgresReachable, startTopology, type Topology } from '../scripts/lib/topology.mjs';
import { runPatients, type CheckoutResult } from './lib/checkout-flow.ts';

const CHECKOUTS = Number(process.env.KILL_CHECKOUTS ?? 200);
const CONCURRENCY = Number(process.env.KILL_CONCURRENCY ?? 25);
const THINK_MS = Number(process.env.KILL_THINK_MS ?? 300);
/** Seconds between kills: uniform between these two. */
const KILL_EVERY = [Number(process.env.KILL_EVERY_MIN_S ?? 3), Number(process.env.KILL_EVERY_MAX_S ?? 7)] as const;
const RETRY_SECONDS = Number(process.env.KILL_RETRY_SECONDS ?? 150);
const SETTLE_SECONDS = Number(process.env.KILL_SETTLE_SECONDS ?? 240);
/** A job whose worker was killed is taken over after this long (JOB_LOCK_MS; production default 5 min). */
const JOB_LOCK_MS = process.env.KILL_JOB_LOCK_MS ?? '20000';
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (a: number, b: number) => a + Math.random() * (b - a);
const LIVE = `('authorized', 'captured')`;
const BENCH_USERS = `(select id from users where email like 'bench.%@example.com')`;

/** Kills a web instance or a worker (alternately, the instance drawn at random) until `running()` is false. */
async function killer(topology: Topology, running: () => boolean) {
  const kills = { web: 0, worker: 0 };
  const webs = topology.instances.filter((i) => i.kind === 'web').map((i) => i.name);
  const workers = topology.instances.filter((i) => i.kind === 'worker').map((i) => i.name);
  let kind: 'web' | 'worker' = Math.random() < 0.5 ? 'web' : 'worker';
  const started = Date.now();
  // A first moment within the ramp-up, then every few seconds.
  await sleep(between(1000, KILL_EVERY[0] * 1000));
  while (running()) {
    const names = kind === 'web' ? webs : workers;
    const name = names[Math.floor(Math.random() * names.length)]!;
    await topology.kill(name, 'SIGKILL');
    kills[kind] += 1;
    console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: kill -9 ${name}`);
    await sleep(between(500, 2000));
    await topology.restart(name);
    kind = kind === 'web' ? 'worker' : 'web';
    const wait = between(KILL_EVERY[0] * 1000, KILL_EVERY[1] * 1000);
    const until = Date.now() + wait;
    while (running() && Date.now() < until) await sleep(100);
  }
  return kills;
}

interface Settled {
  seconds: number;
  pendingPayments: number;
  mailJobsWaiting: number;
  unrecordedCharges: number;
}

/**
 * Waits until no payment is pending, no charge waits to be recorded on its order and no
 * confirmation mail is queued or running (bounded by SETTLE_SECONDS).
 */
async function settle(db: pg.Client): Promise<Settled> {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query<{ pending: number; mails: number; unrecorded: number }>(`
      select
        (select count(*)::int from payments where status = 'pending') as pending,
        (select count(*)::int from jobs where name = 'order-confirmation' and status in ('queued', 'running')) as mails,
        (select count(*)::int from payments p join orders o on o.id = p.order_id where p.status in ${LIVE} and o.status = 'awaiting_payment') as unrecorded`);
    const r = rows[0]!;
    const seconds = (performance.now() - started) / 1000;
    if ((r.pending === 0 && r.mails === 0 && r.unrecorded === 0) || seconds > SETTLE_SECONDS) {
      return { seconds, pendingPayments: r.pending, mailJobsWaiting: r.mails, unrecordedCharges: r.unrecorded };
    }
    await sleep(1000);
  }
}

async function main() {
  if (!(await postgresReachable(adminUrl))) {
    console.log(`Kill -9 suite skipped: PostgreSQL is unreachable at ${adminUrl}.`);
    return;
  }
  const topology = await startTopology({
    web: 2,
    workers: 2,
    databasePrefix: 'topology_kill',
    quietBuild: true,
    log: () => {},
    // Every patient registers from 127.0.0.1: lift the per-IP registration limit and the per-minute request limits.
    env: { REGISTRATIONS_PER_IP_PER_HOUR: '1000000', ...LIFTED_RATE_LIMITS },
    workerEnv: { JOB_POLL_INTERVAL_MS: '500', JOB_LOCK_MS },
  });
  const db = new pg.Client({ connectionString: topology.databaseUrl });
  let violations: string[] = [];
  try {
    await db.connect();
    const webs = topology.instances.filter((i) => i.kind === 'web');
    // Every fifth patient talks to one instance directly (its own instance dying is a cut
    // connection, not a 502); the others go through the balancer.
    const baseFor = (n: number) => (n % 5 === 4 ? webs[Math.floor(n / 5) % webs.length]!.url! : topology.url);
    const confirmed = new Map<number, CheckoutResult>();
    const retries: Record<string, number> = {};
    let running = true;
    const started = performance.now();
    console.log(`Kill -9: ${CHECKOUTS} guest checkouts, ${CONCURRENCY} at a time, 2 web instances behind the balancer, 2 workers, PostgreSQL, ${topology.redisUrl ? 'Redis' : 'no Redis'}`);
    const killing = killer(topology, () => running);
    const results = await runPatients(baseFor, {
      thinkMs: THINK_MS,
      concurrency: CONCURRENCY,
      patients: CHECKOUTS,
      maxSeconds: 900,
      checkout: {
        retryForMs: RETRY_SECONDS * 1000,
        rebuildLostCart: true,
        onRetry: (step, why) => {
          const key = `${step}: ${why.replace(/\(.*\)/, '').trim()}`;
          retries[key] = (retries[key] ?? 0) + 1;
        },
      },
      onDone: (n, result) => confirmed.set(n, result),
    }).finally(() => (running = false));
    const kills = await killing;
    const checkoutSeconds = (performance.now() - started) / 1000;
    // Every process up (the last one killed was restarted) while the books settle.
    const settled = await settle(db);

    // ---- the books ------------------------------------------------------------------------------
    const confirmedIds = [...confirmed.values()].map((c) => c.orderId);
    const q = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
    const paidOrders = await q<{ id: string }>(`select id from orders where status = 'paid' and user_id in ${BENCH_USERS}`);
    const paidSet = new Set(paidOrders.map((o) => o.id));
    const lostConfirmed = confirmedIds.filter((id) => !paidSet.has(id));
    const [{ n: paymentsLive }] = (await q<{ n: number }>(`select count(*)::int as n from payments where status in ${LIVE}`)) as [{ n: number }];
    const [{ n: pending }] = (await q<{ n: number }>(`select count(*)::int as n from payments where status = 'pending'`)) as [{ n: number }];
    const paidWithoutPayment = await q<{ id: string }>(
      `select o.id from orders o where o.status = 'paid' and o.user_id in ${BENCH_USERS} and not exists (select 1 from payments p where p.order_id = o.id and p.status in ${LIVE})`,
    );
    const duplicatePayments = await q<{ order_id: string; n: number }>(
      `select order_id, count(*)::int as n from payments where status in ${LIVE} group by order_id having count(*) > 1`,
    );
    const charges = await q<{ id: string; order_id: string; payment_id: string; status: string }>(
      `select id, metadata->>'orderId' as order_id, metadata->>'paymentId' as payment_id, status from sandbox_gateway_intents where status in ('requires_capture', 'succeeded')`,
    );
    const chargesPerOrder = new Map<string, number>();
    for (const c of charges) chargesPerOrder.set(c.order_id, (chargesPerOrder.get(c.order_id) ?? 0) + 1);
    const duplicateCharges = [...chargesPerOrder].filter(([, n]) => n > 1);
    const livePayments = new Map(
      (await q<{ id: string; order_id: string; gateway_intent_id: string | null }>(`select id, order_id, gateway_intent_id from payments where status in ${LIVE}`)).map((p) => [p.id, p]),
    );
    const chargesWithoutOrder = charges.filter((c) => !paidSet.has(c.order_id) || livePayments.get(c.payment_id)?.gateway_intent_id !== c.id);
    const duplicateOrders = await q<{ user_id: string; n: number }>(
      `select user_id, count(*)::int as n from orders where status = 'paid' and user_id in ${BENCH_USERS} group by user_id having count(*) > 1`,
    );
    // The confirmation mail names the order number (the id's first 8 characters, upper case).
    const mails = await q<{ id: string; n: number }>(
      `select o.id, (select count(*)::int from outbox m where m.channel = 'email' and m.subject like '%order ' || upper(left(o.id::text, 8))) as n
         from orders o where o.status = 'paid' and o.user_id in ${BENCH_USERS}`,
    );
    const mailCounts = mails.map((m) => m.n);
    // Mail jobs run more than once: taken over after their worker was killed mid-run (or retried).
    const mailJobsRerun = (await q<{ n: number }>(`select count(*)::int as n from jobs where name = 'order-confirmation' and attempts > 1`))[0]!.n;
    const failedMailJobs = (await q<{ n: number }>(`select count(*)::int as n from jobs where name = 'order-confirmation' and status = 'failed'`))[0]!.n;

    violations = [
      ...(results.errors.length ? [`${results.errors.length} checkout(s) the client could not complete`] : []),
      ...(lostConfirmed.length ? [`${lostConfirmed.length} checkout(s) the patient saw confirmed are not paid orders`] : []),
      ...(pending ? [`${pending} payment(s) still pending (no charge decision) ${settled.seconds.toFixed(0)} s after the last checkout`] : []),
      ...(paidWithoutPayment.length ? [`${paidWithoutPayment.length} paid order(s) without a live payment`] : []),
      ...(chargesWithoutOrder.length ? [`${chargesWithoutOrder.length} charge(s) at the gateway without their paid order and payment`] : []),
      ...(duplicatePayments.length ? [`${duplicatePayments.length} order(s) with more than one live payment`] : []),
      ...(duplicateCharges.length ? [`${duplicateCharges.length} order(s) charged more than once at the gateway`] : []),
      ...(duplicateOrders.length ? [`${duplicateOrders.length} patient(s) with more than one paid order`] : []),
      ...(mailCounts.some((n) => n !== 1) ? [`${mailCounts.filter((n) => n !== 1).length} paid order(s) without exactly one confirmation mail`] : []),
      ...(failedMailJobs ? [`${failedMailJobs} confirmation mail job(s) failed`] : []),
    ];

    const retryTotal = Object.values(retries).reduce((a, b) => a + b, 0);
    const lines = [
      '',
      'Crash safety: kill -9 during guest checkouts (2 web instances behind the balancer, 2 workers, PostgreSQL)',
      '',
      '| figure | value |',
      '|---|---:|',
      `| checkouts started | ${CHECKOUTS} |`,
      `| checkouts the patient saw confirmed | ${confirmed.size} |`,
      `| checkouts given up by the client | ${results.errors.length} |`,
      `| kills (web / worker) | ${kills.web + kills.worker} (${kills.web} / ${kills.worker}) |`,
      `| client retries (same request; Pay with the same Idempotency-Key) | ${retryTotal} |`,
      `| balancer: refused connections sent to the other instance / 502 for a request cut off | ${topology.balancerStats?.retriedRefused ?? '–'} / ${topology.balancerStats?.badGateway ?? '–'} |`,
      `| orders paid | ${paidOrders.length} |`,
      `| live payments / charges at the gateway | ${paymentsLive} / ${charges.length} |`,
      `| duplicated orders / payments / charges | ${duplicateOrders.length} / ${duplicatePayments.length} / ${duplicateCharges.length} |`,
      `| lost (confirmed but not paid; charged without a paid order; pending) | ${lostConfirmed.length} / ${chargesWithoutOrder.length} / ${pending} |`,
      `| confirmation mail jobs run more than once (a worker killed mid-run) | ${mailJobsRerun} |`,
      `| confirmation mails per paid order (min / max) | ${mailCounts.length ? Math.min(...mailCounts) : '–'} / ${mailCounts.length ? Math.max(...mailCounts) : '–'} |`,
      `| duration: checkouts / settling | ${checkoutSeconds.toFixed(1)} s / ${settled.seconds.toFixed(1)} s |`,
      '',
      `Client retries by step: ${Object.entries(retries).map(([k, v]) => `${k} ×${v}`).join('; ') || 'none'}`,
    ];
    if (results.errors.length) lines.push('Checkouts given up:', ...results.errors.slice(0, 5).map((e) => `  ${e.step}: ${e.detail}`));
    lines.push('', violations.length ? `VIOLATIONS:\n${violations.map((v) => `  - ${v}`).join('\n')}` : 'No violation: nothing lost, nothing duplicated, one confirmation mail per paid order.', '');
    console.log(lines.join('\n'));
  } finally {
    await db.end().catch(() => {});
    await topology.stop();
  }
  if (violations.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
