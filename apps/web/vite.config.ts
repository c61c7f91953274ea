import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server (apps/server) listens on :3000 in development; the dev server proxies to it so
// cookies stay same-origin. In production the server serves dist/ itself on one port.
const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Chunking. React, the router, MUI, Emotion and TanStack Query that the first page needs go in
 * one long-cached vendor chunk; form libraries and zod get their own chunk, which only lazy pages
 * import, so the home page never downloads them.
 */
const VENDOR =
  /node_modules[\\/](react|react-dom|react-router|scheduler|@mui|@emotion|@tanstack|@babel[\\/]runtime|react-transition-group|react-is|stylis|hoist-non-react-statics|clsx|prop-types|cookie|set-cookie-parser)[\\/]/;
const FORMS = /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/;

/**
 * Brotli and gzip copies of every text file of the build (scripts, styles, the pictures in SVG), made once at build at the highest levels, so the
 * server sends them as they are (@fastify/static preCompressed) instead of compressing per request.
 * The budget check (scripts/check-bundle-budget.mjs) reads the .br sizes: what a browser transfers.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'store:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.name === '.vite' ? [] : entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      if (!fs.existsSync(outDir)) return;
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * MUI's createTheme and ThemeProvider import its CSS-variables machinery whatever the theme; ours
 * never use CSS variables or colour schemes. In the build, MUI's styles folder gets our two
 * stand-ins (src/theme/mui-no-css-vars) instead, which call MUI's own no-variables builder and
 * provider: about 20 KB less for every first page (issue 19's budget). `mui-internal:<name>` is one
 * of MUI's own modules in that folder, which its package exports do not list.
 */
function muiWithoutCssVars(): Plugin {
  const stylesDir = path.dirname(createRequire(import.meta.url).resolve('@mui/material/styles'));
  const shims: Record<string, string> = {
    './createTheme.mjs': fileURLToPath(new URL('./src/theme/mui-no-css-vars/createTheme.ts', import.meta.url)),
    './ThemeProvider.mjs': fileURLToPath(new URL('./src/theme/mui-no-css-vars/ThemeProvider.tsx', import.meta.url)),
  };
  return {
    name: 'store:mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.startsWith('mui-internal:')) return path.join(stylesDir, `${source.slice('mui-internal:'.length)}.mjs`);
      if (importer && path.dirname(importer) === stylesDir && shims[source]) return shims[source];
      return null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), muiWithoutCssVars(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      // ws: the visit's signalling socket (/api/visits/:id/signal) goes through the proxy too.
      '/api': { target: API_TARGET, changeOrigin: false, ws: true },
      '/dev': { target: API_TARGET, changeOrigin: false },
    },
  },
  // The server's first render (src/app/entry-server.tsx, `vite build --ssr`) bundles every package,
  // so dist-ssr/ runs on Node without resolving the web's dependencies at run time.
  ssr: { noExternal: true },
  build: isSsrBuild ? { outDir: 'dist-ssr', emptyOutDir: true, target: 'node20', copyPublicDir: false } : {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads, for the budget check and the server's
    // preload links.
    manifest: true,
    rolldownOptions: {
      // packages/domain is pure (ESLint enforces it), so a module of it whose exports the web does
      // not use can be dropped. Without this the zod schemas beside the storefront types would pull
      // zod into the first download.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // Rolldown's successor of Rollup's manualChunks.
        codeSplitting: {
          groups: [
            // Only what the first page needs: MUI components used by lazy pages alone stay with them.
            // Above forms, so React itself (which react-hook-form imports too) lands here and the
            // first page does not fetch the forms chunk for it.
            { name: 'vendor', test: VENDOR, tags: ['$initial'], priority: 30 },
            { name: 'forms', test: FORMS, priority: 20 },
          ],
        },
      },
    },
  },
}));
