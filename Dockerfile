# syntax=docker/dockerfile:1
# The store as one image (issue 20; docs/deploy.md): the web instances run it as it is, the job
# worker with `node apps/server/dist/worker.js`. Stage 1 installs everything and builds; stage 2
# keeps only the server's production dependencies and the built files, runs as `node`, and never
# loads TypeScript (the server is bundled by esbuild; tsx is a dev dependency and is not installed).
# scripts/check-runtime-image.mjs repeats stage 2 without Docker (same COPY lines, same npm ci)
# and starts the server from it: keep the two in step.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app and its server render, the server bundle (dist/main.js, dist/worker.js) and the
# prepared PGlite database (dist/database-image.tar, used only when DATABASE_URL is unset).
RUN node scripts/build.mjs --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Production dependencies of @store/server only: the packages esbuild left external
# (scripts/build.mjs `packages: 'external'`); @store/domain is bundled in. Every workspace's
# manifest is there so that the lockfile matches; nothing of web, e2e or bench is installed.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace @store/server --include-workspace-root=false --no-audit --no-fund && npm cache clean --force
# The built files. REPO_ROOT in the bundle is /app, so the server finds the migrations at
# /app/apps/server/drizzle and the web app at /app/apps/web/dist(-ssr) by default.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# Code and dependencies stay root's (read-only to the server); only DATA_DIR is the server's:
# uploaded files (unless S3_* is set) and, without DATABASE_URL, the PGlite database.
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The job worker is the same image with: node apps/server/dist/worker.js
CMD ["node", "apps/server/dist/main.js"]
