// Page benchmark (issue 19): Lighthouse 12 with its default mobile settings (a mid-range phone,
// simulated slow 4G, 4x CPU slowdown) in Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH)
// against the store as `npm start` runs it (production mode, a fresh data folder, the built web
// app: run `npm run build` first). Pages: the home page, a product page, the questionnaire and the
// summary (a guest's cart with a consult product; a registered patient's cart with shipping chosen,
// both made through the API and handed to Lighthouse as the session cookie). BENCH_RUNS runs per
// page (default 3). Prints a table of performance, accessibility and best-practices scores, LCP,
// TBT and CLS against the targets, the audits that cost points, and exits 1 when a run misses one.
// BENCH_REPORT_DIR=<folder> keeps each run's full Lighthouse report (JSON) there; BENCH_PAGES=home,summary
// runs only those pages.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_PRODUCTS } from '../apps/server/src/db/seed/store.ts';
import { repoRoot, startStore } from './lib/store-process.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { performance: 95, accessibility: 100, bestPractices: 100, lcpMs: 1800, tbtMs: 150, cls: 0.05 };

interface Row {
  page: string;
  run: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lost: string[];
}

/** A patient's session cookie with a cart made through the API, as the pages would make it. */
async function patientWithCart(base: string, kind: 'consult' | 'summary'): Promise<string> {
  let cookie = '';
  const call = async (method: string, p: string, body?: unknown) => {
    const headers: Record<string, string> = { 'x-requested-with': 'fetch' };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + p, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  await call('POST', '/api/session/guest');
  const cart = await call('POST', '/api/cart');
  const orderId = cart.id as string;
  if (kind === 'consult') {
    await call('PATCH', `/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.finasteride, qty: 1 }] });
    return cookie;
  }
  await call('PATCH', `/api/orders/${orderId}/items`, { items: [{ productId: DEMO_PRODUCTS.evergreen.vitaminD, qty: 1 }] });
  const methods = (await (await fetch(`${base}/api/shipping-methods?state=TX`)).json()) as Array<{ id: string }> | { methods: Array<{ id: string }> };
  const methodId = (Array.isArray(methods) ? methods : methods.methods)[0]!.id;
  await call('PUT', `/api/orders/${orderId}/shipping-address`, {
    address: { fullName: 'Bench Patient', line1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', phone: '5125550134' },
    methodId,
  });
  await call('POST', '/api/auth/register', {
    email: `pages.${randomBytes(4).toString('hex')}@example.com`,
    password: 'Juniper#Trail58',
    firstName: 'Bench',
    lastName: 'Patient',
    phone: '',
  });
  return cookie;
}

async function main() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    console.error('No built web app: run `npm run build` first.');
    process.exit(1);
  }
  const store = await startStore({ env: { REGISTRATIONS_PER_IP_PER_HOUR: '1000' } });
  // A fresh browser for every run: nothing cached, nothing left over from the page before.
  const launchChrome = () =>
    chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  const rows: Row[] = [];
  try {
    const products = (await (await fetch(`${store.base}/api/products`)).json()) as Array<{ slug: string }>;
    const pages: Array<{ name: string; path: string; cookie?: () => Promise<string> }> = [
      { name: 'home', path: '/' },
      { name: 'product', path: `/products/${products[0]!.slug}` },
      { name: 'questionnaire', path: '/checkout/questionnaire/1', cookie: () => patientWithCart(store.base, 'consult') },
      { name: 'summary', path: '/checkout/summary', cookie: () => patientWithCart(store.base, 'summary') },
    ];
    const only = process.env.BENCH_PAGES?.split(',');
    for (const page of pages.filter((p) => !only || only.includes(p.name))) {
      for (let run = 1; run <= RUNS; run += 1) {
        // Lighthouse sometimes fails to record the trace (NO_NAVSTART, "run Lighthouse again"): a
        // run it could not measure is made again, up to twice, and said so.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt += 1) {
          const cookie = page.cookie ? await page.cookie() : undefined;
          const chrome = await launchChrome();
          result = await lighthouse(`${store.base}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
          }).finally(() => chrome.kill());
          const failed = result?.lhr.runtimeError;
          if (!failed || attempt === 3) break;
          console.log(`  ${page.name} run ${run}: Lighthouse could not measure it (${failed.code}); again`);
        }
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
        const { lhr } = result;
        if (process.env.BENCH_REPORT_DIR) {
          fs.mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
          fs.writeFileSync(path.join(process.env.BENCH_REPORT_DIR, `${page.name}-${run}.json`), JSON.stringify(lhr));
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const lost = Object.values(lhr.categories)
          .filter((c) => c.id !== 'performance')
          .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => `${c.id}:${r.id}`));
        if (lhr.runtimeError) lost.push(`runtime: ${lhr.runtimeError.message}`);
        rows.push({
          page: page.name,
          run,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcpMs: numeric('largest-contentful-paint'),
          tbtMs: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          lost,
        });
        const last = rows.at(-1)!;
        console.log(`  ${page.name} run ${run}: performance ${last.performance}, LCP ${Math.round(last.lcpMs)} ms`);
      }
    }
  } finally {
    await store.stop();
  }

  const meets = (r: Row) =>
    r.performance >= TARGETS.performance &&
    r.accessibility >= TARGETS.accessibility &&
    r.bestPractices >= TARGETS.bestPractices &&
    r.lcpMs <= TARGETS.lcpMs &&
    r.tbtMs <= TARGETS.tbtMs &&
    r.cls <= TARGETS.cls;
  console.log(`\nLighthouse ${RUNS} run(s) a page, mobile (simulated slow 4G, 4x CPU), Chromium at ${CHROMIUM}`);
  console.log('page           run  perf  a11y  best   LCP ms  TBT ms    CLS  targets');
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(14)} ${String(r.run).padStart(3)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${String(r.bestPractices).padStart(5)} ${String(Math.round(r.lcpMs)).padStart(8)} ${String(Math.round(r.tbtMs)).padStart(7)} ${r.cls.toFixed(3).padStart(6)}  ${meets(r) ? 'met' : 'MISSED'}`,
    );
  }
  console.log(`targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS.bestPractices}, LCP ≤ ${TARGETS.lcpMs} ms, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}`);
  const lost = [...new Set(rows.flatMap((r) => r.lost.map((l) => `${r.page}: ${l}`)))];
  if (lost.length) console.log(`\nAudits that cost points:\n${lost.map((l) => `  ${l}`).join('\n')}`);
  process.exit(rows.every(meets) ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
