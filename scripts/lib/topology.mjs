// The production topology on one machine, without Docker (issue 20): web instances (the built
// server, JOB_WORKER=false, TRUST_PROXY=true, one AUTH_SECRET), background-job workers and a
// load balancer in front, on one PostgreSQL database (and Redis when REDIS_URL is set). Used by
// `npm run topology` (scripts/topology.mjs), the kill -9 suite and the load bench.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startBalancer } from './balancer.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUTPUT_KEPT = 200_000;

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function admin(adminUrl, statement) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

const LOCAL_REDIS = 'redis://127.0.0.1:6379';

/** Whether something accepts connections on the local Redis port (within half a second). */
function localRedisAnswers() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether the PostgreSQL server at `adminUrl` takes a connection (the suites skip without one). */
export async function postgresReachable(adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') {
  try {
    await admin(adminUrl, 'SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** A fresh database `<prefix>_<timestamp>` on the local server; `drop` removes it. */
export async function createDatabase(prefix = 'topology', adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') {
  const name = `${prefix}_${Date.now()}_${randomBytes(2).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export function haproxyAvailable() {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** HAProxy's configuration for the same balancing rules as balancer.mjs. */
export function haproxyConfig({ port, upstreams, healthPath = '/api/ready' }) {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    // Only a failed connection is tried elsewhere (retry-on's default, conn-failure): a request
    // the instance received is never sent twice.
    '  retries 2',
    '  option redispatch',
    // Set, not appended (option forwardfor keeps the client's own header): see balancer.mjs.
    '  http-request set-header X-Forwarded-For %[src]',
    'frontend store',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-header X-Forwarded-Proto http',
    '  http-request set-header X-Forwarded-Host %[req.hdr(host)]',
    '  default_backend web',
    'backend web',
    '  balance roundrobin',
    `  option httpchk GET ${healthPath}`,
    '  http-check send hdr Host localhost',
    '  default-server inter 1s fall 2 rise 1',
    ...upstreams.map((u) => `  server ${u.name} 127.0.0.1:${u.port} check`),
    '',
  ].join('\n');
}

async function waitForHealth(url, proc, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`it stopped while starting (exit ${proc.exitCode})`);
    if (Date.now() > deadline) throw new Error(`it did not answer ${url} within ${timeoutMs / 1000} s`);
    const ok = await fetch(url, { headers: { host: 'localhost' } }).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the topology and resolves once every web instance answers its health check.
 * @param {import('./topology.d.mts').TopologyOptions} [options]
 * @returns {Promise<import('./topology.d.mts').Topology>}
 */
export async function startTopology(options = {}) {
  const webCount = options.web ?? 2;
  const workerCount = options.workers ?? 1;
  const log = options.log ?? ((line) => console.log(line));
  const nodeArgs = options.nodeArgs ?? [];
  if (options.build !== false) execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { cwd: repoRoot, stdio: options.quietBuild ? 'ignore' : 'inherit' });

  let database = null;
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL ?? (database = await createDatabase(options.databasePrefix ?? 'topology')).url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-topology-'));
  // Several instances share rate limits, cache invalidation and visit signalling through Redis:
  // REDIS_URL, else the local Redis when one answers (a prefix of this run's own), else none
  // (each instance then keeps its own, which is what the line printed at start says).
  const redisUrl = options.redis === false ? undefined : (options.redisUrl ?? process.env.REDIS_URL ?? ((await localRedisAnswers()) ? LOCAL_REDIS : undefined));
  const redisPrefix = process.env.REDIS_PREFIX ?? `topology-${Date.now()}:`;
  const shared = {
    NODE_ENV: 'production',
    PAYMENT_GATEWAY: process.env.PAYMENT_GATEWAY ?? 'sandbox',
    // No SMTP on a developer's machine: mail goes to the outbox table (as `npm start` does).
    ...(process.env.SMTP_URL ? {} : { ALLOW_OUTBOX: 'true' }),
    ALLOW_FAX_OUTBOX: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    INIT_CWD: repoRoot,
    DATABASE_URL: databaseUrl,
    // One folder for uploads on one machine, as a shared volume or bucket would be on several.
    DATA_DIR: dataDir,
    // Every instance signs and checks the same sessions and links.
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString('base64url'),
    TRUST_PROXY: 'true',
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : {}),
    ...options.env,
  };

  /** @type {Map<string, any>} */
  const instances = new Map();

  function spawnInstance(instance) {
    const script = instance.kind === 'web' ? 'apps/server/dist/main.js' : 'apps/server/dist/worker.js';
    const env = instance.kind === 'web'
      // On SIGTERM, /api/ready says draining long enough for the balancer (checks every second) to take it out.
      ? { ...process.env, ...shared, JOB_WORKER: 'false', PORT: String(instance.port), HOST: '127.0.0.1', SHUTDOWN_DRAIN_DELAY_MS: '2500' }
      : { ...process.env, ...shared, JOB_WORKER: 'true', ...options.workerEnv };
    const child = spawn(process.execPath, [...nodeArgs, script], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    instance.child = child;
    instance.pid = child.pid;
    instance.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const keep = (chunk) => {
      instance.output = (instance.output + chunk.toString()).slice(-OUTPUT_KEPT);
      if (options.echo) for (const line of chunk.toString().split('\n').filter(Boolean)) log(`[${instance.name}] ${line}`);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
  }

  async function startInstance(instance) {
    spawnInstance(instance);
    if (instance.kind === 'web') {
      try {
        await waitForHealth(`${instance.url}/api/health`, instance.child, options.startTimeoutMs ?? 90_000);
      } catch (err) {
        throw new Error(`${instance.name} did not start: ${err.message}\n${instance.output}`);
      }
    } else {
      // A worker has no port: started once it has not stopped in its first moments.
      await new Promise((r) => setTimeout(r, 300));
      if (instance.child.exitCode !== null) throw new Error(`${instance.name} stopped while starting:\n${instance.output}`);
    }
  }

  async function stopInstance(instance, graceMs) {
    const child = instance.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timedOut = await Promise.race([instance.exited.then(() => false), new Promise((r) => setTimeout(() => r(true), graceMs).unref())]);
    if (timedOut) {
      child.kill('SIGKILL');
      await instance.exited;
    }
  }

  let balancer = null;
  let haproxy = null;
  try {
    const balancerPort = options.port ?? 0;
    for (let i = 1; i <= webCount; i += 1) {
      const port = balancerPort ? balancerPort + i : await freePort();
      instances.set(`web${i}`, { name: `web${i}`, kind: 'web', port, url: `http://127.0.0.1:${port}`, output: '' });
    }
    for (let i = 1; i <= workerCount; i += 1) instances.set(`worker${i}`, { name: `worker${i}`, kind: 'worker', port: null, url: null, output: '' });
    // The first web instance migrates and seeds the database; the others start on it after.
    for (const instance of instances.values()) await startInstance(instance);

    const upstreams = [...instances.values()].filter((i) => i.kind === 'web').map((i) => ({ name: i.name, port: i.port }));
    if (options.haproxy) {
      if (!haproxyAvailable()) throw new Error('--haproxy: haproxy is not on PATH (apt-get install haproxy)');
      const port = balancerPort || (await freePort());
      const file = path.join(dataDir, 'haproxy.cfg');
      fs.writeFileSync(file, haproxyConfig({ port, upstreams }));
      const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (c) => (output += c));
      child.stderr.on('data', (c) => (output += c));
      haproxy = { child, exited: new Promise((r) => child.once('exit', r)) };
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(`${url}/api/health`, child, 10_000).catch((err) => {
        throw new Error(`haproxy did not start: ${err.message}\n${output}`);
      });
      balancer = { url, port, stats: null, checkNow: async () => {}, close: async () => {
        child.kill('SIGTERM');
        await haproxy.exited;
      } };
    } else {
      balancer = await startBalancer({ upstreams, port: balancerPort, log: (line) => log(`[balancer] ${line}`) });
    }
  } catch (err) {
    await Promise.all([...instances.values()].map((i) => stopInstance(i, 5000)));
    await balancer?.close();
    await database?.drop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  let stopped = false;
  return {
    url: balancer.url,
    databaseUrl,
    databaseName: database?.name ?? null,
    redisUrl: redisUrl ?? null,
    dataDir,
    balancer: options.haproxy ? 'haproxy' : 'node',
    balancerStats: balancer.stats,
    instances: [...instances.values()].map((i) => ({ name: i.name, kind: i.kind, url: i.url, port: i.port })),
    pidOf: (name) => instances.get(name)?.child?.pid ?? null,
    alive: (name) => {
      const child = instances.get(name)?.child;
      return Boolean(child && child.exitCode === null && child.signalCode === null);
    },
    output: (name) => instances.get(name)?.output ?? '',
    /** Sends `signal` (default SIGKILL) to one instance and resolves once it has exited. */
    async kill(name, signal = 'SIGKILL') {
      const instance = instances.get(name);
      if (!instance) throw new Error(`no instance ${name}`);
      if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
      instance.child.kill(signal);
      await instance.exited;
    },
    /** Starts a stopped (or killed) instance again on its port; resolves once it answers. */
    async restart(name) {
      const instance = instances.get(name);
      if (!instance) throw new Error(`no instance ${name}`);
      await stopInstance(instance, 15_000);
      await startInstance(instance);
      await balancer.checkNow();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await balancer.close();
      await Promise.all([...instances.values()].map((i) => stopInstance(i, i.kind === 'web' ? 15_000 : 35_000)));
      if (database) await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
