#!/usr/bin/env node
// Runs a command against a fresh PostgreSQL database it creates and drops afterwards
// (also dropping the per-test-file copies made from it). PG_ADMIN_URL defaults to the local
// server with trust auth: postgres://postgres@127.0.0.1:5432/postgres.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `store_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: with-postgres.mjs <command> [args...]');
  process.exit(2);
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

try {
  await admin(`CREATE DATABASE "${name}"`);
} catch (err) {
  console.error(`Cannot create a test database on ${adminUrl}: ${err.message}`);
  console.error('Start PostgreSQL or set PG_ADMIN_URL to a server where this user may create databases.');
  process.exit(1);
}
const url = new URL(adminUrl);
url.pathname = `/${name}`;
console.log(`PostgreSQL test database: ${name}`);

const code = await new Promise((resolve) => {
  const child = spawn(command, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, TEST_DATABASE_URL: url.toString() },
  });
  child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
});

const leftovers = await admin(
  `SELECT datname FROM pg_database WHERE datname = '${name}' OR datname LIKE '${name}\\_f%'`,
);
for (const row of leftovers.rows) {
  await admin(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
}
console.log(`Dropped ${leftovers.rows.length} test database(s).`);
process.exit(code);
