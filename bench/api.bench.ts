// API benchmark: req/s of the product list, the storefront config and a guest order's item update,
// beside a bare route of the same server, in one run. The server is started in-process by
// buildApp on a fresh PGlite data folder (migrated and seeded like a first start); the bare route
// exists only here. The endpoints take turns for BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS
// each (default 4) and the median round is reported, so a busy machine skews them alike.
// BENCH_CONNECTIONS (default 10). Target (DESIGN.md): reads at least 50 % of the bare route.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedDemoDataIfEmpty } from '../apps/server/src/db/seed/index.ts';
import { DEMO_PRODUCTS } from '../apps/server/src/db/seed/store.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Row {
  name: string;
  method: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function run(
  name: string,
  url: string,
  options: Partial<autocannon.Options> & { path: string },
): Promise<Row> {
  // A short warm-up so caches and the JIT are hot before measuring.
  await autocannon({ url: url + options.path, connections: CONNECTIONS, duration: 1, ...options });
  const result = await autocannon({ url: url + options.path, connections: CONNECTIONS, duration: SECONDS, ...options });
  const bad = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    method: options.method ?? 'GET',
    path: options.path,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: bad,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  const database = await openDatabase({ dataDir });
  await runMigrations(database);
  await seedDemoDataIfEmpty(database.db);
  const app = await buildApp({
    config: testConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'no-web') }),
    database,
    logger: false,
  });
  // The yardstick: a route with no work, through the same plugins and hooks.
  app.get('/bench/bare', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // A guest with a cart holding one product, for the write benchmark.
  const session = await fetch(`${url}/api/session/guest`, { method: 'POST', headers: { 'x-requested-with': 'fetch' } });
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
  const cart = (await (await fetch(`${url}/api/cart`, { method: 'POST', headers: { cookie, 'x-requested-with': 'fetch' } })).json()) as { id: string };
  const headers = { cookie, 'x-requested-with': 'fetch', 'content-type': 'application/json' };
  const item = (qty: number) => JSON.stringify({ items: [{ productId: DEMO_PRODUCTS.evergreen.finasteride, qty }] });

  const cases: [string, Partial<autocannon.Options> & { path: string }][] = [
    ['bare route', { path: '/bench/bare' }],
    ['product list', { path: '/api/products' }],
    ['storefront config', { path: '/api/storefront' }],
    [
      'guest order item update',
      {
        path: `/api/orders/${cart.id}/items`,
        method: 'PATCH',
        headers,
        // Alternate quantities so every request changes the order and re-prices it.
        requests: [
          { method: 'PATCH', path: `/api/orders/${cart.id}/items`, headers, body: item(2) },
          { method: 'PATCH', path: `/api/orders/${cart.id}/items`, headers, body: item(3) },
        ],
      },
    ],
  ];
  const rounds: Row[][] = cases.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, [name, options]] of cases.entries()) rounds[index]!.push(await run(name, url, options));
  }
  const median = (list: Row[]): Row => {
    const sorted = [...list].sort((a, b) => a.rps - b.rps);
    const row = sorted[Math.floor(sorted.length / 2)]!;
    return { ...row, errors: list.reduce((n, r) => n + r.errors, 0) };
  };
  const rows = rounds.map(median);

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const bare = rows[0]!.rps;
  const lines = [
    '',
    `API benchmark — median of ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, PGlite, Node ${process.version}, ${os.cpus().length} CPU(s), load ${os.loadavg()[0]!.toFixed(1)}`,
    '',
    '| endpoint | request | req/s | % of bare | p50 ms | p99 ms | errors | each round (req/s) |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r, i) =>
        `| ${r.name} | ${r.method} ${r.path.replace(/[0-9a-f-]{36}/, ':id')} | ${r.rps} | ${Math.round((100 * r.rps) / bare)} % | ${r.p50} | ${r.p99} | ${r.errors} | ${rounds[i]!.map((x) => x.rps).join(' / ')} |`,
    ),
    '',
  ];
  const reads = rows.filter((r) => r.name === 'product list' || r.name === 'storefront config');
  const ok = reads.every((r) => r.rps >= bare * 0.5) && rows.every((r) => r.errors === 0);
  lines.push(ok ? 'Target met: reads ≥ 50 % of the bare route, no errors.' : 'Target NOT met (reads < 50 % of the bare route, or errors).', '');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
