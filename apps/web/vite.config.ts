import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
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
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
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
            { name: 'forms', test: FORMS, priority: 20 },
            // Only what the first page needs: MUI components used by lazy pages alone stay with them.
            { name: 'vendor', test: VENDOR, tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});
