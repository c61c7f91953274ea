// issue 20 "Graceful shutdown: on SIGTERM an instance stops taking requests, finishes those in
// flight and its running jobs, closes WebSockets (clients reconnect elsewhere), exits" — in process:
// readiness turns to 503 draining at once, the listener refuses new connections, a slow request
// under way completes, the job in hand finishes (and no new one starts), a visit's signalling
// socket gets 1012 (service restart, which the web client answers by reconnecting), then the
// database closes. The real process (SIGTERM, exit code) is in process-lifecycle.process.int.test.ts.
import http from 'node:http';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, paidVisitOrder, SignalClient, signedInOkafor, signIn, VISIT_TEST_MONDAY } from '../../test/visit-call.ts';
import { jobs } from '../db/schema/jobs.ts';
import { shutDown } from './process-lifecycle.ts';

const PORT = 4211;

/** Whether a new TCP connection to the port is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A GET on its own connection, with the storefront's host header (fetch cannot set Host). */
const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { host: 'localhost:3000' }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('graceful shutdown (issue 20)', () => {
  it('drains: ready 503 at once, no new connections, the slow request in flight and the running job both finish, then exit code 0', async () => {
    const requestStarted = deferred();
    const releaseRequest = deferred();
    const jobStarted = deferred();
    const ranJobs: number[] = [];
    const ctx = await createTestApp({ JOB_POLL_INTERVAL_MS: 100 }, (app) => {
      // A request that takes as long as the test says (an upload, a slow gateway call).
      app.get('/test/slow', async () => {
        requestStarted.resolve();
        await releaseRequest.promise;
        return { finished: true };
      });
      app.services.jobs.register('ops-slow-job', async (payload) => {
        if (payload.n === 1) jobStarted.resolve();
        await new Promise((resolve) => setTimeout(resolve, 400));
        ranJobs.push(Number(payload.n));
      });
    });
    await ctx.app.listen({ port: PORT, host: '127.0.0.1' });

    const inFlight = get(PORT, '/test/slow');
    await requestStarted.promise;
    await ctx.app.services.jobs.enqueue('ops-slow-job', { n: 1 });
    await jobStarted.promise;

    const drainDelayMs = 2000;
    const stopping = shutDown(ctx.app, ctx.database, drainDelayMs);
    // At once: the balancer's probe is told to stop sending work (the listener still accepts).
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready', headers: { host: 'localhost:3000' } });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect(await accepts(PORT)).toBe(true);
    // A job queued while draining is not started by this process (another instance will take it).
    await ctx.app.services.jobs.enqueue('ops-slow-job', { n: 2 });

    // After the drain delay the listener closes while the request is still being worked on.
    const deadline = Date.now() + 5000;
    while ((await accepts(PORT)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await accepts(PORT)).toBe(false);

    releaseRequest.resolve();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ finished: true });

    expect(await stopping).toBe(0);
    // The job in hand finished before the database closed; the one queued while draining did not start.
    expect(ranJobs).toEqual([1]);
  }, 60_000);

  it('records the running job as done before the database closes', async () => {
    const jobStarted = deferred();
    let finished = false;
    const ctx = await createTestApp({}, (app) => {
      app.services.jobs.register('ops-slow-job', async () => {
        jobStarted.resolve();
        await new Promise((resolve) => setTimeout(resolve, 300));
        finished = true;
      });
    });
    await ctx.app.services.jobs.enqueue('ops-slow-job', {}, { singletonKey: 'ops:slow' });
    await jobStarted.promise;
    // The row is read just before the database closes (the app's close has finished by then).
    let statusAtClose: string | undefined;
    const database = {
      ...ctx.database,
      close: async () => {
        statusAtClose = (await ctx.database.db.select().from(jobs).where(eq(jobs.singletonKey, 'ops:slow')))[0]?.status;
        await ctx.database.close();
      },
    };
    expect(await shutDown(ctx.app, database)).toBe(0);
    expect(finished).toBe(true);
    expect(statusAtClose).toBe('done');
  }, 60_000);

  it("closes a visit's signalling sockets with 1012 (service restart), so the client reconnects elsewhere", async () => {
    const ctx = await createTestApp();
    ctx.clock.now = VISIT_TEST_MONDAY;
    const okafor = await signedInOkafor(ctx);
    const visit = await paidVisitOrder(ctx);
    ctx.clock.now = new Date(new Date(visit.startsAt).getTime() - 2 * 60_000);
    const patient = await SignalClient.open(ctx, visit.appointmentId, bearer(await signIn(ctx, visit.patient.userId)));
    await patient.next('hello');
    const doctor = await SignalClient.open(ctx, visit.appointmentId, bearer(await signIn(ctx, okafor.userId)));
    await doctor.next('hello');

    expect(await shutDown(ctx.app, ctx.database)).toBe(0);
    expect(await patient.closed()).toBe(1012);
    expect(await doctor.closed()).toBe(1012);
  }, 60_000);
});
