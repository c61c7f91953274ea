// Load: the guest checkout bench against one instance and against two instances behind the load
// balancer, in the same run, on PostgreSQL (issue 20 "load: the guest checkout bench against two
// instances behind the balancer beside one instance, in the same run: p50, p99, errors,
// checkouts/s"). Each setup is the production topology on this machine (scripts/lib/topology.mjs:
// the built server, JOB_WORKER=false web instances, one background-job worker, a fresh database):
//   1 instance, direct      — the store as one process answers it
//   1 instance, balancer    — the same, through the Node balancer (its own cost)
//   2 instances, balancer   — two web processes behind it, round robin
// Each setup runs the checkout bench's two runs (bench/lib/checkout-flow.ts): paced (BENCH_CONCURRENCY
// patients pausing ~BENCH_THINK_MS between steps: the latency a patient sees) and capacity (no
// pauses: checkouts per second the machine completes). Both instances share this machine's cores
// (and PostgreSQL's, and the worker's): a second instance on the same cores cannot double
// throughput; on two machines it would add the second machine's. Printed as one table.
// With PostgreSQL unreachable it says so and exits 0 (skipped).
import os from 'node:os';
import { LIFTED_RATE_LIMITS } from './lib/store-process.ts';
import { postgresReachable, startTopology, type Topology } from '../scripts/lib/topology.mjs';
import { CHECKOUT_STEPS, percentile, runPatients, type RunResults } from './lib/checkout-flow.ts';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 180);
const CAPACITY = process.env.BENCH_CAPACITY !== '0';
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  setup: string;
  run: string;
  results: RunResults;
}

async function measure(setup: string, base: string, rows: Row[]) {
  // Warm-up, not recorded: a fresh process compiles its hot paths and loads its lazy modules.
  await runPatients(() => base, { thinkMs: 0, concurrency: 1, patients: WARMUP, maxSeconds: MAX_SECONDS });
  const paced = await runPatients(() => base, { thinkMs: THINK_MS, concurrency: CONCURRENCY, patients: PATIENTS, maxSeconds: MAX_SECONDS });
  rows.push({ setup, run: `paced (~${THINK_MS} ms pauses)`, results: paced });
  console.log(`  ${setup}: paced run done`);
  if (CAPACITY) {
    const flat = await runPatients(() => base, { thinkMs: 0, concurrency: CONCURRENCY, patients: PATIENTS, maxSeconds: MAX_SECONDS });
    rows.push({ setup, run: 'capacity (no pauses)', results: flat });
    console.log(`  ${setup}: capacity run done`);
  }
}

async function withTopology(web: number, use: (t: Topology) => Promise<void>) {
  const topology = await startTopology({
    web,
    workers: 1,
    databasePrefix: 'topology_load',
    quietBuild: true,
    log: () => {},
    // Every bench patient registers from 127.0.0.1: lift the per-IP registration limit and the per-minute request limits.
    env: { REGISTRATIONS_PER_IP_PER_HOUR: '1000000', ...LIFTED_RATE_LIMITS },
    workerEnv: { JOB_POLL_INTERVAL_MS: '500' },
  });
  try {
    await use(topology);
  } finally {
    await topology.stop();
  }
}

async function main() {
  if (!(await postgresReachable(adminUrl))) {
    console.log(`Load benchmark skipped: PostgreSQL is unreachable at ${adminUrl}.`);
    return;
  }
  const rows: Row[] = [];
  console.log(`Load: ${PATIENTS} guest checkouts per run, ${CONCURRENCY} concurrent patients; PostgreSQL; Node ${process.version}, ${os.cpus().length} CPU(s)`);
  await withTopology(1, async (t) => {
    await measure('1 instance, direct', t.instances[0]!.url!, rows);
    await measure('1 instance, balancer', t.url, rows);
  });
  await withTopology(2, async (t) => {
    await measure('2 instances, balancer', t.url, rows);
  });

  const fmt = (ms: number) => (Number.isNaN(ms) ? '–' : ms.toFixed(1));
  const lines = [
    '',
    `Guest checkout: one instance beside two behind the balancer (same run, PostgreSQL, ${os.cpus().length} CPU(s), load ${os.loadavg()[0]!.toFixed(1)})`,
    '',
    '| setup | run | checkouts | p50 ms | p99 ms | errors | checkouts/s |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(({ setup, run, results }) => {
      const all = CHECKOUT_STEPS.flatMap((s) => results.times[s]).sort((a, b) => a - b);
      return `| ${setup} | ${run} | ${results.completed}/${PATIENTS} | ${fmt(percentile(all, 50))} | ${fmt(percentile(all, 99))} | ${results.errors.length} | ${((results.completed / results.wallMs) * 1000).toFixed(1)} |`;
    }),
    '',
    'p50/p99: over every request of the checkout (8 per patient). checkouts/s: completed checkouts over the run\'s wall time',
    '(paced runs are bounded by the patients\' pauses, not the store; the capacity runs show what the machine completes).',
    '',
  ];
  for (const { setup, run, results } of rows) {
    if (results.errors.length) lines.push(`${setup}, ${run}: first errors:`, ...results.errors.slice(0, 3).map((e) => `  ${e.step}: ${e.detail}`));
  }
  console.log(lines.join('\n'));
  if (rows.some((r) => r.results.errors.length)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
