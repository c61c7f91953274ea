#!/usr/bin/env node
// `npm run topology` (issue 20): the production topology on one machine without Docker — two web
// instances on their own ports, a background-job worker and a load balancer in front, on
// PostgreSQL (DATABASE_URL, or a fresh local database dropped on exit) and Redis (REDIS_URL, or
// the local one when it answers). Stays in the foreground; Ctrl-C or SIGTERM stops everything (SIGTERM to this node process:
// `npm run` does not pass a SIGTERM it receives on to the script).
//   node scripts/topology.mjs [--web N] [--workers N] [--port P] [--haproxy] [--echo]
// --port: the balancer's port (default 4000); web instances take the next ones (P+1, P+2, …).
// --haproxy: HAProxy (`haproxy` on PATH) instead of the small Node balancer (scripts/lib/balancer.mjs).
// --echo: print the processes' logs (LOG_LEVEL, default warn).
import { parseArgs } from 'node:util';
import { startTopology } from './lib/topology.mjs';

const { values } = parseArgs({
  options: {
    web: { type: 'string', default: '2' },
    workers: { type: 'string', default: '1' },
    port: { type: 'string', default: '4000' },
    haproxy: { type: 'boolean', default: false },
    echo: { type: 'boolean', default: false },
  },
});

const topology = await startTopology({
  web: Number(values.web),
  workers: Number(values.workers),
  port: Number(values.port),
  haproxy: values.haproxy,
  echo: values.echo,
}).catch((err) => {
  console.error(err.message);
  process.exit(1);
});

const lines = [
  '',
  `  Store (through the ${topology.balancer === 'haproxy' ? 'HAProxy' : 'Node'} balancer)  ${topology.url}`,
  ...topology.instances.filter((i) => i.kind === 'web').map((i) => `    ${i.name.padEnd(8)} ${i.url}  (pid ${topology.pidOf(i.name)})`),
  ...topology.instances.filter((i) => i.kind === 'worker').map((i) => `    ${i.name.padEnd(8)} background jobs  (pid ${topology.pidOf(i.name)})`),
  `  Database  ${topology.databaseName ? `${topology.databaseName} (made for this run; dropped on exit)` : 'DATABASE_URL'}`,
  `  Redis     ${topology.redisUrl ? `${topology.redisUrl}${process.env.REDIS_URL ? ' (REDIS_URL)' : ' (the local one)'}` : 'none: REDIS_URL unset and no local Redis (each instance keeps its own caches, limits and visit calls)'}`,
  '',
  `  Demo storefronts: ${topology.url.replace('127.0.0.1', 'localhost')} and ${topology.url.replace('127.0.0.1', 'lumen.localhost')}; accounts as \`npm start\` prints them (README).`,
  '  Ctrl-C stops everything.',
  '',
];
console.log(lines.join('\n'));

// An instance that dies is reported (a kill -9 from another terminal is a fine way to watch the
// balancer route around it); the topology keeps running with the others.
const watch = setInterval(() => {
  for (const i of topology.instances) if (!topology.alive(i.name) && !reported.has(i.name)) {
    reported.add(i.name);
    console.log(`  ${i.name} stopped (the others go on); its last lines:\n${topology.output(i.name).trim().split('\n').slice(-3).join('\n')}`);
  }
}, 1000);
const reported = new Set();

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  clearInterval(watch);
  console.log(`\n  ${signal}: stopping the balancer, the web instances and the workers…`);
  await topology.stop();
  console.log('  Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
// The terminal closed.
process.on('SIGHUP', () => void stop('SIGHUP'));
