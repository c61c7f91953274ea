// issue 20: the one-machine topology's load balancer (scripts/lib/balancer.mjs): round robin over
// healthy instances, X-Forwarded-For/-Proto/-Host set, WebSocket upgrades passed, a refused
// connection tried on the next instance, and a request its instance dropped after receiving it
// never sent again when it is not idempotent (a Pay may have charged: the client decides).
import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from '../../../../scripts/lib/balancer.mjs';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in store instance: answers its health check, records what it received. */
async function instance(name: string, handle?: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => boolean) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/api/ready') return void res.end('{"status":"ready"}');
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (handle?.(req, res, body)) return;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ from: name }));
    });
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: '' });
    socket.write('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\r\n');
    socket.on('data', (c: Buffer) => socket.write(`${name}:${c.toString()}`));
    socket.on('end', () => socket.end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    name,
    port,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A port nothing listens on (a killed instance). */
async function deadPort(): Promise<number> {
  const dead = await instance('dead');
  await dead.close();
  return dead.port;
}

const open: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function balance(upstreams: { name: string; port: number }[]): Promise<Balancer> {
  const balancer = await startBalancer({ upstreams, healthEveryMs: 100 });
  open.push(balancer);
  return balancer;
}

describe('load balancer (issue 20 topology)', () => {
  it('takes turns between healthy instances and tells each who asked, how and for which host', async () => {
    const a = await instance('a');
    const b = await instance('b');
    open.push(a, b);
    const balancer = await balance([a, b]);
    const answers: string[] = [];
    // node:http, not fetch: fetch does not let a caller set Host.
    const get = () =>
      new Promise<string>((resolve, reject) => {
        http
          .get(`${balancer.url}/api/cart`, { headers: { host: 'lumen.localhost:4300', 'x-forwarded-for': '203.0.113.9' } }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve((JSON.parse(body) as { from: string }).from));
          })
          .on('error', reject);
      });
    for (let i = 0; i < 4; i += 1) answers.push(await get());
    expect(answers.sort()).toEqual(['a', 'a', 'b', 'b']);
    const headers = a.seen[0]!.headers;
    // The storefront is chosen by Host: it is passed unchanged.
    expect(headers.host).toBe('lumen.localhost:4300');
    expect(headers['x-forwarded-host']).toBe('lumen.localhost:4300');
    expect(headers['x-forwarded-proto']).toBe('http');
    // The address the client wrote itself is dropped: the store trusts this header for per-IP limits.
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('sends a request whose instance refuses the connection to the next one: the patient sees no error', async () => {
    const a = await instance('a');
    open.push(a);
    const balancer = await balance([{ name: 'dead', port: await deadPort() }, a]);
    // Marked up by hand, as if it died between two health checks.
    balancer.upstreams[0]!.healthy = true;
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${balancer.url}/api/orders/1/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
      expect(res.status).toBe(200);
    }
    expect(a.seen.map((s) => s.body)).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    expect(balancer.upstreams[0]!.healthy).toBe(false);
  });

  it('never sends a Pay again after its instance dropped it mid-request: 502, the other instance gets nothing', async () => {
    const dropping = await instance('dropping', (req) => {
      req.socket.destroy();
      return true;
    });
    const b = await instance('b');
    open.push(dropping, b);
    const balancer = await balance([dropping, b]);
    const statuses: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${balancer.url}/api/orders/1/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      statuses.push(res.status);
    }
    expect(statuses.sort()).toEqual([200, 502]);
    expect(dropping.seen).toHaveLength(1);
    expect(b.seen).toHaveLength(1);
    // A GET dropped the same way is safe to repeat, and is.
    const gets = await Promise.all([0, 1].map(() => fetch(`${balancer.url}/api/cart`).then((r) => r.status)));
    expect(gets).toEqual([200, 200]);
  });

  it('passes WebSocket upgrades through (visit signalling) with the forwarded headers', async () => {
    const a = await instance('a');
    open.push(a);
    const balancer = await balance([a]);
    const echoed = await new Promise<string>((resolve, reject) => {
      const req = http.request(`${balancer.url}/api/visits/signal`, { headers: { connection: 'Upgrade', upgrade: 'websocket', host: 'localhost:4300' } });
      req.on('upgrade', (res, socket) => {
        expect(res.statusCode).toBe(101);
        socket.once('data', (c: Buffer) => {
          resolve(c.toString());
          socket.destroy();
        });
        socket.write('hello');
      });
      req.on('error', reject);
      req.end();
    });
    expect(echoed).toBe('a:hello');
    expect(a.seen[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(a.seen[0]!.headers['x-forwarded-host']).toBe('localhost:4300');
  });

  it('takes an instance out when its health check fails and back when it answers again', async () => {
    let healthy = true;
    const server = http.createServer((req, res) => {
      res.statusCode = req.url === '/api/ready' && !healthy ? 503 : 200;
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    open.push({
      close: () =>
        new Promise<void>((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
    });
    const balancer = await balance([{ name: 'a', port: (server.address() as net.AddressInfo).port }]);
    expect(balancer.upstreams[0]!.healthy).toBe(true);
    healthy = false;
    await expect.poll(() => balancer.upstreams[0]!.healthy, { timeout: 2000 }).toBe(false);
    healthy = true;
    await expect.poll(() => balancer.upstreams[0]!.healthy, { timeout: 2000 }).toBe(true);
  });
});
