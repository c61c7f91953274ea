#!/usr/bin/env node
// `npm run check:image` (issue 20): proves the Dockerfile's runtime stage works on a machine with
// no Docker engine. It reads the Dockerfile's last stage and repeats it in a temporary folder: the
// same COPY lines (from the build stage: this checkout after `npm run build`), the same `npm ci`
// (production dependencies from the lockfile, from the registry), the same ENV and CMD; then it
// starts that CMD on PGlite and asks /api/health (also through the image's own HEALTHCHECK
// command), draws the home page on the server, and checks that no dev tool (tsx, TypeScript,
// Vite, vitest) was installed. With PostgreSQL reachable (PG_ADMIN_URL, default the local server)
// it also starts a web process with JOB_WORKER=false and the worker command on a database it
// creates and drops. Not in CI: the install alone takes about half a minute on the network.
//   node scripts/check-runtime-image.mjs [--keep] [--no-postgres] [--no-build]
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// --- The runtime stage, as instructions -------------------------------------------------------
/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text) {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  return lines
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [op, ...rest] = l.split(/\s+/);
      return { op: op.toUpperCase(), rest: rest.join(' ') };
    });
}
const all = instructions(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const stages = [];
for (const i of all) {
  if (i.op === 'FROM') stages.push({ from: i.rest, workdir: '/', steps: [] });
  else stages.at(-1)?.steps.push(i);
}
const runtime = stages.at(-1);
const buildStage = stages.find((s) => / AS build$/i.test(s.from));
const buildWorkdir = buildStage?.steps.findLast((s) => s.op === 'WORKDIR')?.rest ?? '/app';
console.log(`Dockerfile runtime stage: FROM ${runtime.from} (${runtime.steps.length} instructions)`);

/** ENV KEY=VALUE [KEY=VALUE…] (values without spaces, as this Dockerfile writes them). */
const parseEnv = (rest) => Object.fromEntries(rest.split(/\s+/).map((kv) => kv.split(/=(.*)/s).slice(0, 2)));
const execForm = (rest) => JSON.parse(rest);

// --- Build, then lay out the folder ---------------------------------------------------------------
if (!args.has('--no-build')) execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-runtime-image-'));
const dataDir = path.join(dir, '.data');
let workdir = '/';
const env = {};
let cmd = null;
let healthcheck = null;
const skipped = [];
let installSeconds = 0;
/** A path in the image → the same path under the temporary folder. */
const inImage = (p) => path.join(dir, path.posix.resolve(workdir, p).replace(/^\/app(?=\/|$)/, '') || '.');

for (const { op, rest } of runtime.steps) {
  if (op === 'WORKDIR') workdir = path.posix.resolve(workdir, rest);
  else if (op === 'ENV') Object.assign(env, parseEnv(rest));
  else if (op === 'COPY') {
    const parts = rest.split(/\s+/);
    const from = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length);
    const paths = parts.filter((p) => !p.startsWith('--'));
    const dest = paths.pop();
    for (const src of paths) {
      // From the build stage: its WORKDIR is this checkout (COPY . .) after `npm run build`.
      const source = from ? path.join(root, path.posix.relative(buildWorkdir, src)) : path.join(root, src);
      const target = dest.endsWith('/') || paths.length > 1 ? path.join(inImage(dest), path.basename(src)) : inImage(dest);
      if (!fs.existsSync(source)) throw new Error(`COPY ${src}: ${source} does not exist (build first)`);
      fs.cpSync(source, target, { recursive: true });
    }
  } else if (op === 'RUN') {
    // Only the install is repeated here; the rest (cache clean, /data ownership) is the image's own.
    for (const part of rest.split('&&').map((s) => s.trim())) {
      if (!part.startsWith('npm ci')) {
        skipped.push(`RUN ${part}`);
        continue;
      }
      const started = Date.now();
      console.log(`$ ${part}`);
      execFileSync('sh', ['-c', part], { cwd: inImage('.'), stdio: 'inherit', env: { ...process.env, NODE_ENV: env.NODE_ENV ?? 'production' } });
      installSeconds = (Date.now() - started) / 1000;
    }
  } else if (op === 'CMD') cmd = execForm(rest);
  else if (op === 'HEALTHCHECK') healthcheck = execForm(rest.slice(rest.indexOf('CMD') + 3).trim());
  else if (!['USER', 'EXPOSE', 'VOLUME'].includes(op)) skipped.push(`${op} ${rest}`);
}
if (skipped.length) console.log(`not repeated here (the image's own): ${skipped.join(' | ')}`);
check(Array.isArray(cmd), `CMD ${JSON.stringify(cmd)}`);

// --- What the folder holds ------------------------------------------------------------------------
const modules = path.join(dir, 'node_modules');
for (const devOnly of ['tsx', 'typescript', 'vite', 'vitest', 'esbuild', 'drizzle-kit', 'react']) {
  check(!fs.existsSync(path.join(modules, devOnly)), `no ${devOnly} in the runtime's node_modules`);
}
const du = (p) => Number(execFileSync('du', ['-sk', p], { encoding: 'utf8' }).split('\t')[0]) / 1024;
const packageCount = fs.readdirSync(modules).flatMap((n) => (n.startsWith('@') ? fs.readdirSync(path.join(modules, n)) : n.startsWith('.') ? [] : [n])).length;

// --- Start it ---------------------------------------------------------------------------------------
async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Production's required settings, given as a staging store would (docs/deploy.md). */
const production = {
  PAYMENT_GATEWAY: 'sandbox',
  ALLOW_OUTBOX: 'true',
  ALLOW_FAX_OUTBOX: 'true',
  AUTH_SECRET: randomBytes(32).toString('base64url'),
  LOG_LEVEL: 'warn',
};

function start(command, extraEnv, name) {
  const { PATH, HOME, TMPDIR } = process.env;
  const child = spawn(command[0], command.slice(1), {
    cwd: inImage('.'),
    // The image's environment, not this shell's (no INIT_CWD, no npm variables).
    env: { PATH, HOME, ...(TMPDIR ? { TMPDIR } : {}), ...env, ...production, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return {
    name,
    child,
    exited,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const how = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))]);
      if (how === 'timeout') child.kill('SIGKILL');
      return how;
    },
  };
}

async function untilHealthy(port, proc, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { seconds: (Date.now() - started) / 1000, body: await res.json() };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.name}: no healthy answer in ${timeoutMs / 1000} s:\n${proc.output()}`);
}

const figures = {};
const running = [];
try {
  // 1. As `docker run` with no DATABASE_URL: PGlite in DATA_DIR from the prepared image.
  const port = await freePort();
  const web = start(cmd, { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) }, 'web (PGlite)');
  running.push(web);
  const healthy = await untilHealthy(port, web);
  figures['start to healthy, PGlite (s)'] = healthy.seconds.toFixed(1);
  check(healthy.body.status === 'ok' && healthy.body.database === 'up', `GET /api/health → ${JSON.stringify(healthy.body)}`);
  if (healthcheck) {
    let code = 0;
    try {
      execFileSync(healthcheck[0], healthcheck.slice(1), { env: { ...process.env, PORT: String(port) }, stdio: 'inherit' });
    } catch (err) {
      code = err.status ?? 1;
    }
    check(code === 0, 'the image\'s HEALTHCHECK command exits 0');
  }
  const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { host: `localhost:${port}` } });
  const html = await page.text();
  check(page.status === 200 && html.includes('<div id="root" data-ssr="1">'), `GET / → ${page.status}, drawn on the server (dist-ssr loads from the image's files)`);
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  const assetRes = asset ? await fetch(`http://127.0.0.1:${port}${asset}`) : null;
  check(assetRes?.status === 200, `GET ${asset} → ${assetRes?.status}`);
  check(!/could not be loaded/.test(web.output()), 'no warning that the server render could not be loaded');
  const stopped = await web.stop();
  check(stopped === 0, `SIGTERM → exit ${stopped}`);
  running.pop();

  // 2. The compose topology's processes on PostgreSQL: a web instance without jobs and the worker.
  if (!args.has('--no-postgres')) {
    const name = `image_check_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = async (sql) => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        return await c.query(sql);
      } finally {
        await c.end();
      }
    };
    let created = false;
    try {
      await admin(`CREATE DATABASE "${name}"`);
      created = true;
    } catch (err) {
      console.log(`PostgreSQL not reachable at ${adminUrl} (${err.message}): the web+worker check is skipped`);
    }
    if (created) {
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const pgPort = await freePort();
        const pgWeb = start(cmd, { DATABASE_URL: url.toString(), JOB_WORKER: 'false', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(pgPort) }, 'web (PostgreSQL)');
        running.push(pgWeb);
        const h = await untilHealthy(pgPort, pgWeb);
        figures['start to healthy, PostgreSQL, migrating (s)'] = h.seconds.toFixed(1);
        check(h.body.database === 'up', 'web on PostgreSQL: GET /api/health → database up');
        const worker = start(['node', 'apps/server/dist/worker.js'], { DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'info' }, 'worker');
        running.push(worker);
        const started = Date.now();
        while (!worker.output().includes('background-job worker started') && worker.child.exitCode === null && Date.now() - started < 60_000) {
          await new Promise((r) => setTimeout(r, 200));
        }
        check(worker.output().includes('background-job worker started'), `worker: "background-job worker started" (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        check((await worker.stop()) === 0, 'worker: SIGTERM → exit 0');
        check((await pgWeb.stop()) === 0, 'web on PostgreSQL: SIGTERM → exit 0');
        running.length = 0;
      } finally {
        await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    }
  }
} catch (err) {
  check(false, err.message);
} finally {
  for (const p of running) await p.stop();
}

figures['npm ci --omit=dev (s)'] = installSeconds.toFixed(1);
figures['node_modules (MiB)'] = du(modules).toFixed(0);
figures['packages installed'] = packageCount;
figures['built files: apps (MiB)'] = du(path.join(dir, 'apps')).toFixed(0);
console.log('\nruntime stage, reproduced without Docker:');
for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(44)} ${v}`);
if (args.has('--keep')) console.log(`kept: ${dir}`);
else fs.rmSync(dir, { recursive: true, force: true });
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('\nthe runtime stage starts and answers');
