// Shared by scripts/backup.mjs and scripts/restore.mjs (issue 20, docs/deploy.md): finds the
// PostgreSQL client tools, checks they are not older than the server (pg_dump refuses a newer
// server, and a restore needs a pg_restore at least as new as the dump), and hands them the
// database URL with its password in PGPASSWORD instead of on the command line (visible in ps).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The tool in PG_BIN (e.g. /usr/lib/postgresql/16/bin) if set, else the one on PATH. */
export function pgTool(name) {
  if (process.env.PG_BIN) {
    const file = path.join(process.env.PG_BIN, name);
    if (!fs.existsSync(file)) throw new Error(`${name} not found in PG_BIN=${process.env.PG_BIN}`);
    return file;
  }
  return name;
}

export function toolMajor(tool) {
  let out;
  try {
    out = execFileSync(tool, ['--version'], { encoding: 'utf8' });
  } catch {
    throw new Error(`${tool} not found: install the PostgreSQL client tools (Debian: postgresql-client) or set PG_BIN`);
  }
  const major = Number(out.match(/(\d+)(?:\.\d+)?/)?.[1]);
  return { major, version: out.trim() };
}

export async function serverMajor(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('show server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

/** Refuses a client older than the server, naming both. */
export async function checkVersions(tool, url) {
  const client = toolMajor(tool);
  const server = await serverMajor(url);
  if (client.major < server) {
    throw new Error(
      `${client.version} is older than the server (PostgreSQL ${server}): use the server's own tools ` +
        `(docker compose exec postgres ${path.basename(tool)} …, docs/deploy.md) or set PG_BIN to a ${server}+ client`,
    );
  }
  return { client: client.major, server };
}

/** `--dbname=<url without password>` and an environment with PGPASSWORD. */
export function connection(url) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbnameArg: `--dbname=${parsed.toString()}`,
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    /** For messages: host and database, never the password. */
    label: `${parsed.host}${parsed.pathname}`,
  };
}

export function databaseUrlFrom(args) {
  const i = args.indexOf('--database-url');
  const url = i >= 0 ? args[i + 1] : process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('DATABASE_URL (or --database-url) must be the postgres:// URL of the database');
  }
  return url;
}

export function option(args, name) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The archive's table of contents (pg_restore --list): its entries, or an error if unreadable. */
export function archiveEntries(file) {
  const list = execFileSync(pgTool('pg_restore'), ['--list', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return list.split('\n').filter((l) => l.trim() && !l.startsWith(';'));
}

export function run(main) {
  main().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
