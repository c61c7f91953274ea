#!/usr/bin/env node
// Browser tests drive Debian's Chromium (never a downloaded browser). Installs it when missing and
// we are root with apt-get; otherwise says exactly what to do.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  hasApt = true;
} catch {
  hasApt = false;
}
if (isRoot && hasApt) {
  console.log(`Chromium not found at ${CHROMIUM}; installing Debian's chromium package...`);
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (fs.existsSync(CHROMIUM)) process.exit(0);
}
console.error(
  [
    `Browser tests need Chromium at ${CHROMIUM} and it is not there.`,
    'On Debian or Ubuntu install it with:  sudo apt-get install -y chromium',
    'Elsewhere, install Chromium and set CHROMIUM_PATH to its executable.',
  ].join('\n'),
);
process.exit(1);
