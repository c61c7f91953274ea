// Running on PostgreSQL, a connection that dies while idle must not take the server down.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('PostgreSQL pool', () => {
  it('survives the server terminating an idle connection', async () => {
    const errors: Error[] = [];
    const handle = await openDatabase({ databaseUrl: url, poolSize: 2, onIdleError: (e) => errors.push(e) });
    await handle.ping();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and application_name = ''`,
    );
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errors.length).toBeGreaterThan(0);
    await handle.ping(); // a fresh connection serves the next query
    await handle.close();
  });
});
