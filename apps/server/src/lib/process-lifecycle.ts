// What the store's entry points (main.ts, worker.ts) share: configuration that stops the process
// with a message naming the bad variable, and a graceful stop on SIGINT/SIGTERM (issue 20).
import type { App } from '../app.ts';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';

/** The configuration, or exit 1 with the configuration's message. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

export interface ShutdownOptions {
  /** After this long the process exits 1 whatever is still running. */
  graceMs: number;
  /** Between readiness turning to `draining` and the listener closing (the balancer's next look). */
  drainDelayMs?: number;
  /** How the process ends (tests pass their own). */
  exit?: (code: number) => void;
}

/**
 * The stop itself, in order: readiness answers 503 `draining` at once; after `drainDelayMs` the
 * app closes — open WebSockets get 1012 (service restart, the visit's client reconnects to
 * another instance), the listener stops accepting, requests in flight finish, the job queue
 * takes no new job and finishes the one in hand — then the database closes. Resolves with the
 * exit code (0, or 1 when something failed).
 */
export async function shutDown(app: App, database: DatabaseHandle, drainDelayMs = 0): Promise<number> {
  app.readiness.startDraining();
  // Draining, the instance takes no new job either (other instances and workers do); the one in
  // hand finishes, and app.close() waits for it.
  void app.services.jobs.stop();
  if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  try {
    await app.close();
    await database.close();
    return 0;
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    return 1;
  }
}

/** On SIGINT or SIGTERM: `shutDown`, then exit with its code; exit 1 if it takes over `graceMs`. */
export function closeOnSignals(app: App, database: DatabaseHandle, options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const onSignal = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining, then finishing requests, jobs and sockets in hand');
    const timer = setTimeout(() => {
      app.log.error({ graceMs: options.graceMs }, 'shutdown took too long; exiting');
      exit(1);
    }, options.graceMs).unref();
    const code = await shutDown(app, database, options.drainDelayMs);
    clearTimeout(timer);
    if (code === 0) app.log.info('shut down cleanly');
    exit(code);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}
