#!/usr/bin/env node
// `npm run db:backup` (issue 20, docs/deploy.md "Backups"): pg_dump -Fc of DATABASE_URL into
// BACKUP_DIR (default ./backups) as store-<UTC time>.dump. The dump is written under a temporary
// name and renamed only once pg_restore has read its table of contents back, so a file named
// .dump is always a whole archive. --keep N removes all but the newest N dumps (for a schedule).
//   DATABASE_URL=postgres://… node scripts/backup.mjs [--out FILE | --dir DIR] [--keep N]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { archiveEntries, checkVersions, connection, databaseUrlFrom, option, pgTool, run } from './pg-tools.mjs';

run(async () => {
  const args = process.argv.slice(2);
  const url = databaseUrlFrom(args);
  const pgDump = pgTool('pg_dump');
  const versions = await checkVersions(pgDump, url);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const dir = option(args, '--dir') ?? process.env.BACKUP_DIR ?? 'backups';
  const out = path.resolve(option(args, '--out') ?? path.join(dir, `store-${stamp}.dump`));
  // The dump holds every patient's records: readable by its owner only, from its first byte.
  process.umask(0o077);
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const partial = `${out}.partial`;
  const { dbnameArg, env, label } = connection(url);
  const started = Date.now();
  try {
    // -Fc: compressed, restorable table by table with pg_restore; the whole database, schema
    // "drizzle" (which migrations ran) included.
    execFileSync(pgDump, ['--format=custom', `--file=${partial}`, dbnameArg], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    const entries = archiveEntries(partial);
    if (!entries.some((e) => / TABLE DATA /.test(e))) throw new Error(`the dump of ${label} holds no table data`);
    fs.renameSync(partial, out);
    const mib = fs.statSync(out).size / 1024 / 1024;
    console.log(`backup: ${out} (${label}, ${mib.toFixed(2)} MiB, ${entries.length} entries, pg_dump ${versions.client} / server ${versions.server}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    fs.rmSync(partial, { force: true });
  }

  const keep = option(args, '--keep');
  if (keep !== undefined) {
    const n = Number(keep);
    if (!Number.isInteger(n) || n < 1) throw new Error('--keep must be a whole number ≥ 1');
    const folder = path.dirname(out);
    const dumps = fs.readdirSync(folder).filter((f) => /^store-\d{8}T\d{6}Z\.dump$/.test(f)).sort();
    for (const old of dumps.slice(0, Math.max(0, dumps.length - n))) {
      fs.rmSync(path.join(folder, old));
      console.log(`backup: removed ${old} (keeping the newest ${n})`);
    }
  }
});
