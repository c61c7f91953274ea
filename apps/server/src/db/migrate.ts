// Applies the committed drizzle-kit migrations (apps/server/drizzle) to either engine.
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';
import { REPO_ROOT } from '../config.ts';

// From the repository root, so the bundled server (apps/server/dist, scripts/build.mjs) finds it too.
export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'apps/server/drizzle');

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'postgres') {
    await migratePg(handle.db as never, config);
  } else {
    await migratePglite(handle.db as never, config);
  }
}
