// Prometheus metrics (issue 20), one registry per app (tests build many apps in one process; the
// global registry would mix them and refuse a second metric of the same name). What is counted:
// request duration by route pattern (never the raw URL: ids would make a series per order),
// background jobs finished by outcome and, on each scrape, by state and the due ones waiting,
// and payments by outcome. Labels carry no personal or health data.
import client from 'prom-client';

export type JobOutcome = 'done' | 'retry' | 'failed';
/** What a payment came to: a hold, a charge, a card the bank refused, or the processor/our side failing. */
export type PaymentOutcome = 'authorized' | 'captured' | 'declined' | 'failed' | 'voided' | 'refunded' | 'refund_failed';

export interface JobStateCount {
  kind: string;
  state: string;
  count: number;
}

export function createMetrics(opts: { defaultMetrics?: boolean } = {}) {
  const registry = new client.Registry();
  // Process figures (CPU, memory, event-loop lag, handles) for the running store, not in tests.
  if (opts.defaultMetrics) client.collectDefaultMetrics({ register: registry });

  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobsFinished = new client.Counter({
    name: 'jobs_finished_total',
    help: 'Background jobs this process finished, by kind and outcome (done, retry: failed and queued again, failed: for good)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const payments = new client.Counter({
    name: 'payments_total',
    help: 'Payments by outcome as recorded by this process (authorized, captured, declined, failed, voided, refunded, refund_failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  let jobStates: () => Promise<JobStateCount[]> = async () => [];
  let dueJobs: () => Promise<number> = async () => 0;
  new client.Gauge({
    name: 'jobs',
    help: 'Background jobs in the queue table by kind and state (queued, running, done, failed), read at each scrape',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobStates()) this.set({ kind: row.kind, state: row.state }, row.count);
    },
  });
  new client.Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs due now and waiting for a worker, read at each scrape',
    registers: [registry],
    async collect() {
      this.set(await dueJobs());
    },
  });

  return {
    registry,
    observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void {
      httpDuration.observe({ method: labels.method, route: labels.route, status: `${Math.floor(labels.status / 100)}xx` }, seconds);
    },
    jobFinished(kind: string, outcome: JobOutcome): void {
      jobsFinished.inc({ kind, outcome });
    },
    payment(outcome: PaymentOutcome): void {
      payments.inc({ outcome });
    },
    /** Where the scrape reads the queue from (the jobs service, once it exists). */
    readQueueFrom(source: { stateCounts: () => Promise<JobStateCount[]>; dueCount: () => Promise<number> }): void {
      jobStates = source.stateCounts;
      dueJobs = source.dueCount;
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
