#!/usr/bin/env node
// `npm run db:restore -- FILE` (issue 20, docs/deploy.md "Restore"): pg_restore of a dump made by
// scripts/backup.mjs into DATABASE_URL, in one transaction (a failed restore leaves the database
// as it was) that stops at the first error. --clean --if-exists drops what the dump brings back
// before making it again; objects are owned by the restoring user (--no-owner, --no-acl), so a
// dump restores under another role. A database that already has tables is replaced only with --yes.
//   DATABASE_URL=postgres://… node scripts/restore.mjs FILE [--yes]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { archiveEntries, checkVersions, connection, databaseUrlFrom, pgTool, run } from './pg-tools.mjs';

async function count(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(sql)).rows[0].n);
  } finally {
    await client.end();
  }
}

const TABLES = `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`;

run(async () => {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--database-url');
  if (!file || !fs.existsSync(file)) throw new Error('usage: restore.mjs FILE [--yes] (FILE: a dump made by scripts/backup.mjs)');
  const url = databaseUrlFrom(args);
  const pgRestore = pgTool('pg_restore');
  await checkVersions(pgRestore, url);
  const entries = archiveEntries(file);
  const { dbnameArg, env, label } = connection(url);
  const existing = await count(url, TABLES);
  if (existing > 0 && !args.includes('--yes')) {
    throw new Error(`${label} already has ${existing} tables: pass --yes to replace them with the dump (stop the store first)`);
  }
  const started = Date.now();
  execFileSync(
    pgRestore,
    ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', dbnameArg, file],
    { env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const tables = await count(url, TABLES);
  const migrations = await count(url, 'select count(*) as n from drizzle.__drizzle_migrations');
  console.log(`restore: ${file} → ${label} (${entries.length} entries, ${tables} tables, ${migrations} migrations applied, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
});
