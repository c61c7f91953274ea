// Serves the built web app on the same port: hashed assets cached for a year, index.html never
// cached, and client-side routes falling back to index.html. Unknown /api paths stay problem+json.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PROBLEM_CONTENT_TYPE } from './errors.ts';

export const webAppPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz beside each asset (vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(opts.distDir, filePath);
        res.header(
          'cache-control',
          relative.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/') &&
      hasWeb;
    if (wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
    }
    return reply
      .status(404)
      .type(PROBLEM_CONTENT_TYPE)
      .send({ type: 'about:blank', status: 404, code: 'NOT_FOUND', detail: MESSAGES.NOT_FOUND });
  });
});
