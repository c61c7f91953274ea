// What the store's entry points (main.ts, worker.ts) share: configuration that stops the process
// with a message naming the bad variable, and a graceful stop on SIGINT/SIGTERM that lets the work
// in hand finish (requests, a background job) before the database closes.
import type { FastifyInstance } from 'fastify';
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

/** On SIGINT or SIGTERM: close the app, then the database; exit 1 if that takes over `graceMs`. */
export function closeOnSignals(app: FastifyInstance, database: DatabaseHandle, graceMs: number): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), graceMs).unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
