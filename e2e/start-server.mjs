#!/usr/bin/env node
// Starts the real store for browser tests on a fresh, empty data folder (first-start seed and
// all), exactly as `npm start` would, and removes the folder when stopped.
// With --visits (the visit journeys, issue 16): the server's clock can be moved (DEV_CLOCK) and,
// when coturn's turnserver is installed, a TURN relay is started on loopback with a fresh shared
// secret, which the store hands out as time-limited credentials (VISIT_TURN_*).
// With --clock (the auto-refill journeys, issue 17): a movable clock only, in a store of its own, so
// jumping weeks ahead for a refill leaves the visit journeys' booking days alone.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const visits = process.argv.includes('--visits');
const movableClock = visits || process.argv.includes('--clock');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));

const extraEnv = {};
let turn = null;
if (movableClock) extraEnv.DEV_CLOCK = 'true';
if (visits) {
  const turnserver = spawnSync('sh', ['-c', 'command -v turnserver'], { encoding: 'utf8' }).stdout.trim();
  if (turnserver) {
    const turnPort = String(Number(port) + 2378); // 3101 → 5479: clear of a system coturn on 3478
    const secret = randomBytes(24).toString('base64url');
    turn = spawn(
      turnserver,
      [
        '-n', '--no-cli', '--no-tls', '--no-dtls', '--log-file=stdout', '--simple-log',
        '--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1', `--listening-port=${turnPort}`,
        '--min-port=49160', '--max-port=49200', '--allow-loopback-peers',
        '--use-auth-secret', `--static-auth-secret=${secret}`, '--realm=store.test',
        '--fingerprint', '--no-multicast-peers',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    extraEnv.VISIT_TURN_URLS = `turn:127.0.0.1:${turnPort}?transport=udp,turn:127.0.0.1:${turnPort}?transport=tcp`;
    extraEnv.VISIT_TURN_SECRET = secret;
  } else {
    console.warn('coturn (turnserver) is not installed: the visit store runs without TURN and the relay journey is skipped.');
  }
}

// The server as `npm start` runs it: the bundle `npm run build` made (test:e2e builds first).
const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // A doctor's claim lapses after 20 s here (15 minutes in a store), so a journey can watch it lapse.
    REVIEW_LEASE_MS: '20000',
    // Every journey calls from 127.0.0.1, several at once: lift the per-IP limits per minute (issue 20).
    ...Object.fromEntries(
      ['SIGN_IN', 'CODES', 'REGISTRATIONS', 'UPLOADS', 'PHARMACIES', 'ADDRESSES', 'CARD_TOKENS'].map((family) => [`RATE_LIMIT_${family}_PER_MINUTE`, '100000']),
    ),
    ...extraEnv,
  },
});
const stop = () => {
  child.kill('SIGTERM');
  turn?.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  turn?.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
