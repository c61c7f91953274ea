#!/usr/bin/env node
// `npm run build` (and the first step of `npm start`): builds what changed since the last build and
// nothing else (issue 19: a start does not rebuild an unchanged web app nor compile the server).
//   - the web app: the browser bundle (apps/web/dist) and the server render (apps/web/dist-ssr)
//   - the server: bundled with esbuild into apps/server/dist (node runs it; no TypeScript at start)
//   - the prepared database a fresh PGlite data folder starts from (apps/server/dist/database-image.tar)
// Each part keeps a hash of its inputs' contents beside its output; equal hash, nothing to do.
// `--force` builds everything.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', '.vite']);

function files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((d) => !SKIP.has(d.name))
    .flatMap((d) => files(path.join(entry, d.name)))
    .filter((f) => !/\.test\.tsx?$/.test(f));
}

function hashOf(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const run = (cmd, args, cwd = '.') => execFileSync(cmd, args, { cwd: path.join(root, cwd), stdio: 'inherit' });

const SHARED = ['packages/domain/src', 'package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'];
const parts = [
  {
    name: 'web app',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'apps/web/tsconfig.json', ...SHARED],
    outputs: ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'],
    stamp: 'apps/web/dist/.build-hash',
    build: () => {
      run('npx', ['vite', 'build'], 'apps/web');
      run('npx', ['vite', 'build', '--ssr', 'src/app/entry-server.tsx'], 'apps/web');
    },
  },
  {
    name: 'server',
    inputs: ['apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.json', ...SHARED],
    outputs: ['apps/server/dist/main.js', 'apps/server/dist/worker.js'],
    stamp: 'apps/server/dist/.build-hash',
    build: async () => {
      const esbuild = await import('esbuild');
      const domain = path.join(root, 'packages/domain/src/index.ts');
      fs.rmSync(path.join(root, 'apps/server/dist'), { recursive: true, force: true });
      await esbuild.build({
        absWorkingDir: root,
        entryPoints: ['apps/server/src/main.ts', 'apps/server/src/worker.ts', 'apps/server/src/scripts/make-database-image.ts', 'apps/server/src/scripts/access-log-verify.ts'],
        outdir: 'apps/server/dist',
        outbase: 'apps/server/src',
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        sourcemap: true,
        logLevel: 'warning',
        // Packages load from node_modules as they are; the domain package is our TypeScript, bundled in.
        packages: 'external',
        plugins: [
          {
            name: 'store-domain',
            setup(build) {
              build.onResolve({ filter: /^@store\/domain$/ }, () => ({ path: domain }));
            },
          },
        ],
        // Some external CommonJS packages are required from ESM output.
        banner: { js: "import { createRequire as __storeCreateRequire } from 'node:module'; const require = __storeCreateRequire(import.meta.url);" },
      });
    },
  },
  {
    name: 'database image',
    inputs: ['apps/server/drizzle', 'apps/server/src/db', 'apps/server/src/modules/consults', ...SHARED],
    outputs: ['apps/server/dist/database-image.tar'],
    stamp: 'apps/server/dist/.database-image-hash',
    build: () => run('node', ['apps/server/dist/scripts/make-database-image.js', 'apps/server/dist/database-image.tar']),
  },
];

for (const part of parts) {
  const hash = hashOf(part.inputs);
  const stampFile = path.join(root, part.stamp);
  const built = part.outputs.every((o) => fs.existsSync(path.join(root, o)));
  if (!force && built && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === hash) {
    console.log(`${part.name}: unchanged since the last build`);
    continue;
  }
  const started = Date.now();
  console.log(`${part.name}: building…`);
  await part.build();
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, hash);
  console.log(`${part.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
