// issue 20 "Graceful shutdown", the real process: the store started as `npm start` starts it
// (src/main.ts through tsx, PGlite in a temporary DATA_DIR) receives SIGTERM while a patient's
// request is still arriving (its body sent slowly, like an upload on a poor connection); the
// readiness probe hears 503 draining at once, the request is answered in full, new connections
// are refused once SHUTDOWN_DRAIN_DELAY_MS has passed, and the process exits 0.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '../..');
const PORT = 4231;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ready = () =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: PORT, path: '/api/ready', agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
const accepts = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port: PORT, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('the store process on SIGTERM (issue 20)', () => {
  it('answers the request in flight, refuses new connections, and exits 0', async () => {
    const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', WEB_DIST_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'info', SHUTDOWN_DRAIN_DELAY_MS: '1500' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // Started: migrations, demo data, listening.
      const deadline = Date.now() + 150_000;
      while (!output.includes('Store running at')) {
        if (child.exitCode !== null) throw new Error(`the store stopped while starting:\n${output}`);
        if (Date.now() > deadline) throw new Error(`the store did not start:\n${output}`);
        await sleep(200);
      }

      expect((await ready()).status).toBe(200);
      // A request whose body is still arriving when the signal comes.
      const body = '{}';
      let drainingProbe: { status: number; body: string } | undefined;
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: PORT,
            method: 'POST',
            path: '/api/session/guest',
            agent: false,
            headers: { host: `localhost:${PORT}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-requested-with': 'fetch' },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8').on('data', (c: string) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 1));
        void (async () => {
          await sleep(300);
          child.kill('SIGTERM');
          // Within SHUTDOWN_DRAIN_DELAY_MS the balancer's probe already hears "draining".
          await sleep(200);
          drainingProbe = await ready();
          // The listener closes while the body is still coming.
          const closedBy = Date.now() + 10_000;
          while ((await accepts()) && Date.now() < closedBy) await sleep(50);
          req.end(body.slice(1));
        })();
      });

      const response = await answered;
      expect(await accepts()).toBe(false);
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toMatchObject({ kind: 'guest' });
      expect(drainingProbe?.status).toBe(503);
      expect(JSON.parse(drainingProbe!.body)).toEqual({ status: 'draining' });
      const code = await exited;
      if (code !== 0) console.log(output);
      expect(code).toBe(0);
      expect(output).toContain('shut down cleanly');
      console.log(`SIGTERM during a request: /api/ready ${drainingProbe!.status} draining, the request answered ${response.status}, new connections refused, exit code ${code}`);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 200_000);
});
