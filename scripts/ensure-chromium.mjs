#!/usr/bin/env node
// Browser tests drive Debian's Chromium (never a downloaded browser) and render the prescription
// PDF to an image with poppler's pdftoppm (issue 15: "the prescription PDF rendered to PNG in the
// test's artifacts"). Installs the Debian packages that are missing when we are root with apt-get;
// otherwise says exactly what to do. coturn (issue 16: the visit's relay journey) is installed the
// same way when we can; without it that one journey is skipped with a line saying so.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PDFTOPPM = '/usr/bin/pdftoppm';
const TURNSERVER = '/usr/bin/turnserver';
const missing = [
  ...(fs.existsSync(CHROMIUM) ? [] : ['chromium']),
  ...(fs.existsSync(PDFTOPPM) ? [] : ['poppler-utils']),
];
const optional = fs.existsSync(TURNSERVER) ? [] : ['coturn'];
if (missing.length === 0 && optional.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  hasApt = true;
} catch {
  hasApt = false;
}
if (isRoot && hasApt) {
  const all = [...missing, ...optional];
  console.log(`Installing Debian's ${all.join(' and ')} for the browser tests...`);
  // The Debian package starts no relay of its own here (no init system); the visit journeys start
  // one on loopback with their own secret.
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${all.join(' ')}`, {
    stdio: 'inherit',
  });
  if (fs.existsSync(CHROMIUM) && fs.existsSync(PDFTOPPM)) process.exit(0);
} else if (missing.length === 0) {
  console.log('coturn is not installed and cannot be installed here (not root, or no apt-get): the visit relay journey will be skipped. Install it with: sudo apt-get install -y coturn');
  process.exit(0);
}
console.error(
  [
    `Browser tests need Chromium at ${CHROMIUM} and poppler's pdftoppm at ${PDFTOPPM}; missing: ${missing.join(', ')}.`,
    `On Debian or Ubuntu install them with:  sudo apt-get install -y ${missing.join(' ')}`,
    'Elsewhere, install Chromium (set CHROMIUM_PATH to its executable) and poppler-utils.',
  ].join('\n'),
);
process.exit(1);
