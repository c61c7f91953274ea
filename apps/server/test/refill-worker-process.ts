// The parent's side of test/refill-worker.ts: starts a renewal worker process and reads its lines.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');

export interface WorkerProcess {
  child: ChildProcess;
  /** The first line (already printed or still to come) starting with `prefix`, without it. */
  line(prefix: string, timeoutMs?: number): Promise<string>;
  go(): void;
  /** How it ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

export function startRefillWorker(env: { DATABASE_URL: string; REFILL_NOW: number; REFILL_HOLD?: 'after-charge' | 'before-charge'; REFILL_LEASE_MS?: number; REFILL_POOL?: number }): WorkerProcess {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/refill-worker.ts'], {
    cwd: serverDir,
    env: { ...rest, NODE_ENV: 'test', ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  let buffered = '';
  let errors = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let at: number;
    while ((at = buffered.indexOf('\n')) >= 0) {
      lines.push(buffered.slice(0, at));
      buffered = buffered.slice(at + 1);
    }
    for (const w of waiters.splice(0)) w();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve({ code, signal });
      for (const w of waiters.splice(0)) w();
    });
  });
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  return {
    child,
    exited,
    stderr: () => errors,
    go: () => child.stdin!.write('GO\n'),
    async line(prefix, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find((l) => l.startsWith(prefix));
        if (found !== undefined) return found.slice(prefix.length).trim();
        if (ended) throw new Error(`the worker ended without printing "${prefix}": ${errors.slice(-2000)}`);
        if (Date.now() > deadline) throw new Error(`the worker did not print "${prefix}" in ${timeoutMs} ms: ${errors.slice(-2000)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 250);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}
