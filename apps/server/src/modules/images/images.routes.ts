// SPEC §9 responsive pictures: GET /img/<width>/<path> answers the store's own raster picture at
// one of the device widths, as WebP at quality 75 (never larger than the original). Only pictures
// of the built web app's products/ and images/ folders, by a path the domain accepts: nothing else
// on disk or elsewhere can be fetched through it. Made once per picture and width, then kept in
// memory (a bounded number) and cached by browsers for a day.
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_DEVICE_WIDTHS, IMAGE_QUALITY, isResizableImage, MESSAGES } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { PROBLEM_CONTENT_TYPE } from '../../plugins/errors.ts';

const MAX_KEPT = 300;

export async function imageRoutes(app: FastifyInstance, opts: { webDir: string }) {
  const kept = new Map<string, Buffer>();
  const root = path.resolve(opts.webDir);

  app.get(
    '/img/:width/*',
    {
      schema: {
        hide: true,
        params: z.object({ width: z.coerce.number().int(), '*': z.string() }),
      },
    },
    async (request, reply) => {
      const { width, '*': rest } = request.params as { width: number; '*': string };
      const src = `/${rest}`;
      const file = path.resolve(root, `.${src}`);
      const known = (IMAGE_DEVICE_WIDTHS as readonly number[]).includes(width) && isResizableImage(src) && file.startsWith(`${root}${path.sep}`);
      if (!known || !fs.existsSync(file)) {
        return reply.status(404).type(PROBLEM_CONTENT_TYPE).send({ type: 'about:blank', status: 404, code: 'NOT_FOUND', detail: MESSAGES.NOT_FOUND });
      }
      const key = `${width}${src}`;
      let body = kept.get(key);
      if (!body) {
        body = await sharp(file).resize({ width, withoutEnlargement: true }).webp({ quality: IMAGE_QUALITY }).toBuffer();
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(key, body);
      }
      return reply.type('image/webp').header('cache-control', 'public, max-age=86400').send(body);
    },
  );
}
