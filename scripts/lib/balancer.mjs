// A small HTTP load balancer for the one-machine topology (issue 20): round robin over the web
// instances that answer their health check, checked every second. It stands in for HAProxy or a
// cloud balancer on a developer's machine and in the kill -9 suite, so it does what those do:
//   - X-Forwarded-For / -Proto / -Host set (the store runs with TRUST_PROXY=true behind it);
//   - WebSocket upgrades passed through (visit signalling);
//   - a connection refused before any byte was sent is tried on the next instance (the request
//     never reached a store); a request whose instance died after it was sent is NOT sent again
//     unless it is idempotent and has no body (GET, HEAD, OPTIONS): a Pay may have charged, so the
//     client gets 502 and decides (it repeats with the same Idempotency-Key).
import http from 'node:http';
import net from 'node:net';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'upgrade']);
const REPEATABLE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * @param {{ upstreams: { name: string; host?: string; port: number }[]; port?: number; host?: string;
 *   healthPath?: string; healthEveryMs?: number; healthTimeoutMs?: number; log?: (line: string) => void }} options
 */
export async function startBalancer(options) {
  const host = options.host ?? '127.0.0.1';
  const healthPath = options.healthPath ?? '/api/ready';
  const healthEveryMs = options.healthEveryMs ?? 1000;
  const healthTimeoutMs = options.healthTimeoutMs ?? 2000;
  const log = options.log ?? (() => {});
  const upstreams = options.upstreams.map((u) => ({ name: u.name, host: u.host ?? '127.0.0.1', port: u.port, healthy: false }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const stats = { requests: 0, retriedRefused: 0, badGateway: 0, noUpstream: 0, upgrades: 0 };
  let next = 0;

  function setHealth(upstream, healthy, why) {
    if (upstream.healthy === healthy) return;
    upstream.healthy = healthy;
    log(`${upstream.name} ${healthy ? 'up' : `down (${why})`}`);
  }

  /**
   * The next healthy upstream not tried yet for this request (round robin). None healthy: any not
   * tried yet (a refused connection costs nothing and is tried on the next), rather than a 503
   * for an instance only slow to answer its health check.
   */
  function pick(tried) {
    for (const acceptable of [(u) => u.healthy, () => true]) {
      for (let i = 0; i < upstreams.length; i += 1) {
        const upstream = upstreams[(next + i) % upstreams.length];
        if (acceptable(upstream) && !tried.has(upstream)) {
          next = (next + i + 1) % upstreams.length;
          return upstream;
        }
      }
    }
    return null;
  }

  // A refused connection takes an instance out at once (its process is gone); a slow or failing
  // health check only after FALL in a row (HAProxy's `fall`), so a busy instance is not dropped.
  const FALL = 2;
  function check(upstream) {
    return new Promise((resolve) => {
      const failed = (why) => {
        upstream.failures = why === 'ECONNREFUSED' ? FALL : (upstream.failures ?? 0) + 1;
        if (upstream.failures >= FALL) setHealth(upstream, false, why);
        resolve();
      };
      const req = http.get({ host: upstream.host, port: upstream.port, path: healthPath, headers: { host: 'localhost' }, timeout: healthTimeoutMs, agent: false }, (res) => {
        res.resume();
        if (res.statusCode !== 200) return failed(`health ${res.statusCode}`);
        upstream.failures = 0;
        setHealth(upstream, true);
        resolve();
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('health check timed out'), { code: 'health check timed out' })));
      req.on('error', (err) => failed(err.code ?? err.message));
    });
  }
  const checkAll = () => Promise.all(upstreams.map(check));
  await checkAll();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void checkAll().finally(() => (checking = false));
  }, healthEveryMs);

  function forwardedHeaders(req) {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    const client = req.socket.remoteAddress ?? '';
    // Set, never appended to: the store trusts this balancer (TRUST_PROXY), so an address a client
    // wrote itself would become its address for every per-IP limit.
    headers['x-forwarded-for'] = client;
    headers['x-forwarded-proto'] = req.socket.encrypted ? 'https' : 'http';
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    return headers;
  }

  function fail(res, status, detail) {
    if (res.headersSent) return void res.destroy();
    const body = JSON.stringify({ type: 'about:blank', title: status === 502 ? 'Bad Gateway' : 'Service Unavailable', status, detail });
    res.writeHead(status, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(body), connection: 'close' });
    res.end(body);
  }

  function forward(req, res, tried) {
    const upstream = pick(tried);
    if (!upstream) {
      stats.noUpstream += 1;
      return fail(res, tried.size ? 502 : 503, 'No store instance is available; try again in a moment.');
    }
    tried.add(upstream);
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    const upstreamReq = http.request({ host: upstream.host, port: upstream.port, method: req.method, path: req.url, headers: forwardedHeaders(req), agent });
    // Nothing is written to the instance until its connection is open: a refused connection has
    // sent no byte, so the request may go to the next instance untouched.
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      if (hasBody) req.pipe(upstreamReq);
      else upstreamReq.end();
    };
    upstreamReq.on('socket', (socket) => (socket.connecting ? socket.once('connect', send) : send()));
    upstreamReq.on('response', (upstreamRes) => {
      const headers = {};
      for (const [name, value] of Object.entries(upstreamRes.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
      res.writeHead(upstreamRes.statusCode ?? 502, headers);
      upstreamRes.pipe(res);
      // The instance died mid-answer: the client sees a cut connection, as it would from HAProxy.
      upstreamRes.on('error', () => res.destroy());
      upstreamRes.on('aborted', () => res.destroy());
    });
    upstreamReq.on('error', (err) => {
      if (res.headersSent) return void res.destroy();
      if (err.code === 'ECONNREFUSED') {
        upstream.failures = FALL;
        setHealth(upstream, false, err.code);
      }
      if (!sent || (!hasBody && REPEATABLE.has(req.method ?? ''))) {
        if (!sent) stats.retriedRefused += 1;
        return forward(req, res, tried);
      }
      stats.badGateway += 1;
      fail(res, 502, `The store instance stopped while answering (${err.code ?? err.message}).`);
    });
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
  }

  const server = http.createServer((req, res) => {
    stats.requests += 1;
    forward(req, res, new Set());
  });

  // Upgraded connections leave the HTTP server's bookkeeping: kept here so close() ends them.
  const tunnels = new Set();
  server.on('upgrade', (req, socket, head) => {
    stats.upgrades += 1;
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    // The HTTP server's sockets allow half-open connections: a client that ends its side ends ours.
    socket.on('end', () => socket.end());
    const tried = new Set();
    const tryNext = () => {
      const upstream = pick(tried);
      if (!upstream) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      tried.add(upstream);
      const upstreamSocket = net.connect(upstream.port, upstream.host);
      let connected = false;
      upstreamSocket.once('connect', () => {
        connected = true;
        const headers = forwardedHeaders(req);
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (const [name, value] of Object.entries(headers)) for (const v of [value].flat()) lines.push(`${name}: ${v}`);
        lines.push('connection: Upgrade', `upgrade: ${req.headers.upgrade}`);
        upstreamSocket.write(lines.join('\r\n') + '\r\n\r\n');
        if (head.length) upstreamSocket.write(head);
        upstreamSocket.pipe(socket);
        socket.pipe(upstreamSocket);
      });
      upstreamSocket.on('error', (err) => {
        if (!connected) {
          if (err.code === 'ECONNREFUSED') {
            upstream.failures = FALL;
            setHealth(upstream, false, err.code);
          }
          return tryNext();
        }
        socket.destroy();
      });
      socket.on('error', () => upstreamSocket.destroy());
      socket.on('close', () => upstreamSocket.destroy());
      upstreamSocket.on('close', () => socket.destroy());
    };
    tryNext();
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const port = server.address().port;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    stats,
    upstreams,
    /** Looks at every instance now (after a restart) instead of waiting for the next second. */
    checkNow: checkAll,
    async close() {
      clearInterval(timer);
      server.closeAllConnections?.();
      for (const socket of tunnels) socket.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
