// issue 19: a patient's page is drawn on the server. A stand-in for the web's server render
// (apps/web/src/app/entry-server.tsx, tested in the web project) calls the API in process the way
// the real one does, so this covers what the server adds: the request's host and cookies on those
// calls, the page's HTML around the drawing, the boot script, the 404 status, the staff areas and
// the fallback to the plain app when a render fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../test/app.ts';
import { fillTemplate, preparePageTemplate } from './web-app.ts';

const TEMPLATE = `<!doctype html><html><head><title>Store</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
</head><body><div id="root"></div></body></html>`;

// What entry-server's render returns, made from real API answers for this request.
const FAKE_RENDER = `
export async function render({ url, cookie, fetch }) {
  if (url.startsWith('/broken')) throw new Error('a page that fails to draw');
  const storefront = await (await fetch('/api/storefront')).json();
  const session = await fetch('/api/session');
  const state = JSON.stringify({ storefront: storefront.name, cookie, sessionStatus: session.status, evil: '</script><script>alert(1)</script>' });
  return { html: '<main><h1>' + storefront.name + '</h1><p>' + url + '</p></main>', styles: '<style data-emotion="css x">h1{color:red}</style>', state, title: storefront.name, status: url === '/missing' ? 404 : 200 };
}
`;

let ctx: TestContext;
let webDir: string;
let ssrDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  ssrDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-ssr-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(ssrDir, 'entry-server.js'), FAKE_RENDER);
  ctx = await createTestApp({ WEB_DIST_DIR: webDir, WEB_SSR_DIR: ssrDir, WEB_SSR: true });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
  fs.rmSync(ssrDir, { recursive: true, force: true });
});

describe('a patient’s page drawn on the server (issue 19)', () => {
  it('is the storefront of the request’s host, drawn into the page with its styles, state and title', async () => {
    const evergreen = await ctx.app.inject({ url: '/products/finasteride-1mg', headers: { host: 'localhost:3000' } });
    expect(evergreen.statusCode).toBe(200);
    expect(evergreen.headers['content-type']).toContain('text/html');
    expect(evergreen.headers['cache-control']).toBe('no-store');
    expect(evergreen.body).toContain('<div id="root" data-ssr="1"><main><h1>Evergreen Health</h1><p>/products/finasteride-1mg</p></main></div>');
    expect(evergreen.body).toContain('<title>Evergreen Health</title>');
    expect(evergreen.body).toMatch(/<style data-emotion="css x">h1\{color:red\}<\/style><script src="\/boot.js"[^>]*><\/script><\/head>/);

    const lumen = await ctx.app.inject({ url: '/', headers: { host: 'lumen.localhost:3000' } });
    expect(lumen.body).toContain('<h1>Lumen Wellness</h1>');
  });

  it('starts the app’s scripts from /boot.js after the page has painted, with the entry and its preloads', async () => {
    const page = await ctx.app.inject({ url: '/' });
    expect(page.body).toContain('<script src="/boot.js" async data-entry="/assets/index-abc.js" data-preload="/assets/vendor-def.js"></script>');
    expect(page.body).not.toContain('<script type="module"');
    expect(page.body).not.toContain('rel="modulepreload"');
  });

  it('makes the page’s API calls with the visitor’s own session cookie, and keeps the state JSON from closing its tag', async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.post('/api/session/guest');
    const page = await browser.get('/cart');
    const state = /<script id="store-state" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1];
    expect(state).toBeDefined();
    const parsed = JSON.parse(state!);
    expect(parsed.cookie).toMatch(/sid=/);
    expect(parsed.sessionStatus).toBe(200);
    expect(parsed.evil).toBe('</script><script>alert(1)</script>');
    expect(state).not.toContain('</script>');
  });

  it('answers 404 for a path with no page, still drawn', async () => {
    const page = await ctx.app.inject({ url: '/missing' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('data-ssr="1"');
  });

  it('sends the plain app, drawn in the browser, to the staff areas and when a render fails', async () => {
    for (const url of ['/admin', '/doctor/orders/1', '/pharmacy', '/staff/sign-in', '/broken']) {
      const page = await ctx.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    }
  });
});

describe('fillTemplate', () => {
  it('escapes the store’s name in the title', () => {
    const html = fillTemplate(preparePageTemplate(TEMPLATE), { html: '', styles: '', state: '{}', title: 'A & B <Health>' });
    expect(html).toContain('<title>A &amp; B &lt;Health&gt;</title>');
  });
});
