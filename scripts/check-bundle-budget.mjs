#!/usr/bin/env node
// Issue 19's download budget, from the build's own manifest and its brotli files (what a browser
// transfers): the home page's first load (the entry, everything it imports, the home route and
// everything that imports) ≤ 150 KB of JavaScript, every other route's own chunk ≤ 60 KB, and no
// staff area (doctor, pharmacy, admin) nor zod / react-hook-form in a patient's first load.
// Prints a table; exits 1 when over. Run after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const DIST = path.resolve(process.argv[2] ?? 'apps/web/dist');
const FIRST_LOAD_BUDGET = 150 * 1024;
const ROUTE_CHUNK_BUDGET = 60 * 1024;
const HOME = 'src/features/home/HomePage.tsx';
/** Modules that must never be part of a patient's first load. */
const NOT_IN_FIRST_LOAD = [
  /^src\/areas\//,
  /^src\/features\/(admin|doctor|pharmacy|fulfilment)/,
  /node_modules\/(zod|react-hook-form|@hookform)\//,
];

const manifestFile = path.join(DIST, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No ${path.relative(process.cwd(), manifestFile)}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** Transferred size: the build's .br file, or brotli of the file when it was too small to get one. */
function transferred(file) {
  const full = path.join(DIST, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(full)).length;
}

/** A chunk and every chunk it imports statically (what the browser fetches before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey || !manifest[HOME]) {
  console.error(`The manifest has no entry or no ${HOME}.`);
  process.exit(1);
}
const firstLoad = closure(HOME, closure(entryKey));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const failures = [];

console.log('Home page first load (JavaScript, brotli as transferred):');
let total = 0;
for (const key of firstLoad) {
  const size = transferred(manifest[key].file);
  total += size;
  console.log(`  ${manifest[key].file.padEnd(44)} ${kb(size).padStart(10)}`);
}
console.log(`  ${'total'.padEnd(44)} ${kb(total).padStart(10)}   budget ${kb(FIRST_LOAD_BUDGET)}`);
if (total > FIRST_LOAD_BUDGET) failures.push(`the home page's first load is ${kb(total)}, over ${kb(FIRST_LOAD_BUDGET)}`);

// Which source modules the first-load chunks hold: the manifest names chunks by their entry module,
// so a chunk named after a forbidden module (or the forms chunk) is the signal.
for (const key of firstLoad) {
  const chunk = manifest[key];
  const names = [key, chunk.src ?? '', chunk.name ?? '', chunk.file];
  if (names.some((n) => NOT_IN_FIRST_LOAD.some((re) => re.test(n))) || /^_?forms[-.]/.test(path.basename(chunk.file))) {
    failures.push(`${chunk.file} (${key}) is in the first load but must not be`);
  }
}

console.log('\nRoute chunks (each lazy page’s own file):');
const routes = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry);
let largest = 0;
for (const [key, chunk] of routes) {
  const size = transferred(chunk.file);
  largest = Math.max(largest, size);
  if (size > ROUTE_CHUNK_BUDGET) failures.push(`${key} is ${kb(size)}, over ${kb(ROUTE_CHUNK_BUDGET)}`);
}
const top = routes
  .map(([key, c]) => [key, transferred(c.file)])
  .sort((a, b) => b[1] - a[1])
  .slice(0, 8);
for (const [key, size] of top) console.log(`  ${key.padEnd(70)} ${kb(size).padStart(10)}`);
console.log(`  ${routes.length} route chunks, largest ${kb(largest)}, budget ${kb(ROUTE_CHUNK_BUDGET)} each`);

if (failures.length) {
  console.error(`\nOver budget:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nWithin budget.');
