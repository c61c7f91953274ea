// SPEC §9 device widths and quality 75 for the store's raster pictures (issue 19).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-img-'));
  fs.mkdirSync(path.join(webDir, 'products'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  // A 1600 × 800 product photo, and a small one.
  for (const [name, w, h] of [['photo.png', 1600, 800], ['small.png', 200, 100]] as const) {
    const png = new PNG({ width: w, height: h });
    png.data.fill(180);
    fs.writeFileSync(path.join(webDir, 'products', name), PNG.sync.write(png));
  }
  fs.writeFileSync(path.join(webDir, 'products', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(webDir, 'secret.png'), PNG.sync.write(new PNG({ width: 10, height: 10 })));
  ctx = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('GET /img/:width/*', () => {
  it('answers each device width as WebP of that width (SPEC §9)', async () => {
    for (const width of [320, 420, 768, 1024, 1200]) {
      const res = await ctx.app.inject({ url: `/img/${width}/products/photo.png` });
      expect(res.statusCode, String(width)).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width / 2);
    }
  });

  it('never makes a picture larger than it is', async () => {
    const res = await ctx.app.inject({ url: '/img/1200/products/small.png' });
    expect((await sharp(res.rawPayload).metadata()).width).toBe(200);
  });

  it('answers 404 for other widths, vector pictures, missing files and anything outside products/ and images/', async () => {
    for (const url of ['/img/500/products/photo.png', '/img/420/products/logo.svg', '/img/420/products/none.png', '/img/420/secret.png', '/img/420/products/../secret.png', '/img/420/products/%2e%2e/secret.png']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
