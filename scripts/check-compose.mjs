#!/usr/bin/env node
// `npm run check:compose` (issue 20; CI runs it): validates compose.yaml with Docker Compose's own
// `config` (the Compose schema, references between services, interpolation of deploy/.env.example),
// then checks what the schema cannot: the topology (two web instances without jobs, a worker,
// PostgreSQL 16, Redis, coturn with the store's TURN secret, HAProxy the only published door),
// that the store's own configuration accepts the environment each store process gets (config.ts,
// production rules included), and deploy/haproxy.cfg with `haproxy -c`.
//
// Compose: `docker compose` (v2 plugin) when the docker CLI has it, else `docker-compose` (v1,
// Debian's package; `config` needs no engine). When neither is there and this runs as root with
// apt-get (CI, a developer's machine), it installs Debian's docker-compose without its recommended
// engine (and haproxy), the same way everywhere. A broken copy of the file must be refused too,
// so a validator that accepts anything fails this check.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMPOSE_FILE = path.join(root, 'compose.yaml');
const ENV_EXAMPLE = path.join(root, 'deploy/.env.example');
const HAPROXY_CFG = path.join(root, 'deploy/haproxy.cfg');
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const works = (cmd, args) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0;
const canInstall = process.getuid?.() === 0 && works('sh', ['-c', 'command -v apt-get']);
let aptUpdated = false;
function aptInstall(pkg) {
  if (!canInstall) return false;
  console.log(`installing Debian's ${pkg} (--no-install-recommends: no Docker engine)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { stdio: 'inherit', env });
  return true;
}

/** [command, ...leading args] of a Compose that has `config`, and its version line. */
function findCompose() {
  if (works('docker', ['compose', 'version'])) return { cmd: ['docker', 'compose'], v2: true };
  if (works('docker-compose', ['version'])) return { cmd: ['docker-compose'], v2: false };
  if (aptInstall('docker-compose') && works('docker-compose', ['version'])) return { cmd: ['docker-compose'], v2: false };
  return null;
}

const compose = findCompose();
if (!compose) {
  console.error('No Docker Compose found: install the compose plugin (docker compose) or Debian\'s docker-compose (apt-get install --no-install-recommends docker-compose)');
  process.exit(1);
}
const version = execFileSync(compose.cmd[0], [...compose.cmd.slice(1), 'version'], { encoding: 'utf8' }).split('\n')[0];
console.log(`using: ${compose.cmd.join(' ')} (${version})`);

// The env file's path is interpolated too (STORE_ENV_FILE), so the example stands in for deploy/.env.
const env = { ...process.env, STORE_ENV_FILE: ENV_EXAMPLE };
const composeArgs = (file) => [...compose.cmd.slice(1), '--env-file', ENV_EXAMPLE, '--project-directory', root, '-f', file];
function runCompose(file, args) {
  return spawnSync(compose.cmd[0], [...composeArgs(file), ...args], { encoding: 'utf8', env, cwd: root });
}

// 1. Compose's own validation.
const validated = runCompose(COMPOSE_FILE, ['config', '-q']);
if (validated.stderr.trim()) console.log(validated.stderr.trim());
check(validated.status === 0, `${compose.cmd.join(' ')} config: compose.yaml is valid with deploy/.env.example`);
if (validated.status !== 0) process.exit(1);

// 2. A broken copy is refused (the validator validates).
const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'store-compose-')), 'compose.yaml');
fs.writeFileSync(broken, fs.readFileSync(COMPOSE_FILE, 'utf8').replace(/\n {2}worker:\n/, '\n  worker:\n    restart_polcy: always\n'));
const refused = runCompose(broken, ['config', '-q']);
check(refused.status !== 0, `a copy with an unknown key is refused (${(refused.stderr.trim().split('\n')[0] || 'no message').slice(0, 100)})`);
fs.rmSync(path.dirname(broken), { recursive: true, force: true });

// 3. The resolved file, as JSON (v2 prints it; v1's YAML goes through python3-yaml, which Debian's
// docker-compose depends on).
const resolved = runCompose(COMPOSE_FILE, compose.v2 ? ['config', '--format', 'json'] : ['config']);
const json = compose.v2
  ? resolved.stdout
  : execFileSync('python3', ['-c', 'import sys, json, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'], { input: resolved.stdout, encoding: 'utf8' });
const { services } = JSON.parse(json);
const names = Object.keys(services).sort();
console.log(`services: ${names.join(', ')}`);
check(['coturn', 'haproxy', 'postgres', 'redis', 'web', 'worker'].every((s) => names.includes(s)), 'web, worker, postgres, redis, coturn and haproxy are there');

const envOf = (s) => (Array.isArray(s.environment) ? Object.fromEntries(s.environment.map((kv) => kv.split(/=(.*)/s).slice(0, 2))) : { ...s.environment });
const { web, worker, postgres, redis, coturn, haproxy } = services;
const webEnv = envOf(web);
const workerEnv = envOf(worker);
check(web.deploy?.replicas === 2, 'two web instances (deploy.replicas: 2)');
check(webEnv.JOB_WORKER === 'false', 'web instances leave the jobs to the worker (JOB_WORKER=false)');
check(JSON.stringify(worker.command).includes('apps/server/dist/worker.js'), 'the worker runs node apps/server/dist/worker.js');
check(web.image === worker.image, `web and worker run one image (${web.image})`);
check(/^postgres:16/.test(postgres.image) && postgres.volumes?.some((v) => (v.target ?? String(v).split(':')[1]) === '/var/lib/postgresql/data'), `PostgreSQL 16 on a volume (${postgres.image})`);
check(/^redis:7/.test(redis.image), `Redis 7 (${redis.image})`);
check(webEnv.REDIS_URL === 'redis://redis:6379' && workerEnv.REDIS_URL === webEnv.REDIS_URL, 'REDIS_URL=redis://redis:6379');
check(webEnv.DATABASE_URL?.includes('@postgres:5432/') && workerEnv.DATABASE_URL === webEnv.DATABASE_URL, 'web and worker on the same PostgreSQL database');
check(webEnv.TRUST_PROXY === 'true' && !web.ports?.length && !worker.ports?.length, 'web instances are not published (TRUST_PROXY=true behind the balancer only)');
check(haproxy.ports?.length > 0, 'the balancer is published');
const cond = (s, on) => (s.depends_on?.[on]?.condition ?? '');
check(cond(web, 'postgres') === 'service_healthy' && cond(web, 'redis') === 'service_healthy', 'web waits for healthy PostgreSQL and Redis');
check(cond(worker, 'web') === 'service_healthy' && cond(haproxy, 'web') === 'service_healthy', 'the worker and the balancer wait for a healthy (migrated) web instance');
const turnSecret = JSON.stringify(coturn.command).match(/--static-auth-secret=([^"]+)/)?.[1];
check(Boolean(turnSecret) && turnSecret === webEnv.VISIT_TURN_SECRET, 'coturn\'s static-auth-secret is the store\'s VISIT_TURN_SECRET');
check(typeof webEnv.VISIT_TURN_URLS === 'string' && webEnv.VISIT_TURN_URLS.startsWith('turn:'), `the store hands out TURN (${webEnv.VISIT_TURN_URLS})`);

// 4. The store accepts each process's environment (config.ts, NODE_ENV=production rules) once the
// operator has replaced the template's "change-me" secrets, and refuses the template as it is.
const loadStoreConfig = (processEnv) =>
  spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "const { loadConfig } = await import('./apps/server/src/config.ts'); try { loadConfig(process.env); console.log('accepted'); } catch (err) { console.error(err.message); process.exit(1); }"], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...processEnv },
  });
const filledIn = (processEnv) => Object.fromEntries(Object.entries(processEnv).map(([k, v]) => [k, typeof v === 'string' ? v.replace(/change-me[\w-]*/gi, () => randomBytes(24).toString('hex')) : v]));
for (const [name, processEnv] of [['web', webEnv], ['worker', workerEnv]]) {
  const loaded = loadStoreConfig(filledIn(processEnv));
  check(loaded.status === 0 && loaded.stdout.includes('accepted'), `the store's configuration accepts the ${name} environment with its secrets filled in${loaded.status === 0 ? '' : `: ${loaded.stderr.trim().split('\n').join(' ')}`}`);
}
const template = loadStoreConfig(webEnv);
check(template.status !== 0 && template.stderr.includes('change-me'), 'the store refuses to start with the template\'s "change-me" secrets');

// 5. The balancer's configuration.
if (works('haproxy', ['-v']) || aptInstall('haproxy')) {
  const checked = spawnSync('haproxy', ['-c', '-f', HAPROXY_CFG], { encoding: 'utf8' });
  check(checked.status === 0, `haproxy -c deploy/haproxy.cfg: ${(checked.stdout + checked.stderr).trim().split('\n').at(-1)}`);
  const cfg = fs.readFileSync(HAPROXY_CFG, 'utf8');
  check(/http-check send meth GET uri \/api\/(ready|health)/.test(cfg), 'the balancer checks each instance over HTTP');
  check(/timeout tunnel/.test(cfg) && /X-Forwarded-For/.test(cfg), 'WebSocket tunnel timeout and X-Forwarded-For set');
} else {
  console.log('haproxy not installed and cannot be here: deploy/haproxy.cfg not checked');
}

if (failures.length) {
  console.error(`\n${failures.length} compose check(s) failed`);
  process.exit(1);
}
console.log('\ncompose.yaml checked');
