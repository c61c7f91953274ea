// The store as `npm start` runs it, in its own process, for benches that measure it from outside
// (a browser, a start-up clock): a free loopback port, a fresh data folder, production mode.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/topology.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// One free-port finder for the benches and the topology.
export { freePort };

export interface StoreProcess {
  base: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The per-IP request limits per minute (issue 20) lifted: every bench client calls from 127.0.0.1,
 * so a store's limits would answer 429 to the load itself.
 */
export const LIFTED_RATE_LIMITS: Record<string, string> = Object.fromEntries(
  ['SIGN_IN', 'CODES', 'REGISTRATIONS', 'UPLOADS', 'PHARMACIES', 'ADDRESSES', 'CARD_TOKENS'].map((family) => [`RATE_LIMIT_${family}_PER_MINUTE`, '1000000']),
);

/**
 * Runs `command` (default: the server's start script) with PORT, HOST and DATA_DIR set, in
 * production mode with the sandbox gateway and the dev outbox (production refuses both unless
 * named), and resolves once GET /api/health answers. Rejects with the output if it stops or takes
 * longer than `timeoutMs`. `readyPath` (default /api/health) is the page that must answer 200.
 */
export async function startStore(
  options: { env?: Record<string, string>; command?: string[]; timeoutMs?: number; dataDir?: string; readyPath?: string } = {},
): Promise<StoreProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  const [cmd, ...args] = options.command ?? ['npm', 'run', 'start', '-w', '@store/server'];
  const child = spawn(cmd!, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'sandbox',
      ALLOW_OUTBOX: 'true',
      ALLOW_FAX_OUTBOX: 'true',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...LIFTED_RATE_LIMITS,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    // The whole group: npm and the node process it started.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const timedOut = await Promise.race([exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 15_000))]);
    if (timedOut) process.kill(-child.pid!, 'SIGKILL');
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The store stopped while starting:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The store did not start in time:\n${output}`);
    }
    const ok = await fetch(`${base}${options.readyPath ?? '/api/health'}`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { base, dataDir, output: () => output, stop };
}
