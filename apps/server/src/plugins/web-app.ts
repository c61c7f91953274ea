// Serves the built web app on the same port: hashed assets cached for a year (their brotli or gzip
// copy when the browser takes one), pages never cached, and client-side routes falling back to the
// app. Unknown /api paths stay problem+json.
//
// A patient's page is first drawn here (issue 19) when the server render is built (dist-ssr): the
// storefront's theme, texts and products arrive as HTML, then the browser hydrates it. Its API
// calls are answered in process with this request's host and cookies. Staff areas, and any page
// whose render fails, get the plain app, drawn in the browser.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@store/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PROBLEM_CONTENT_TYPE } from './errors.ts';
import { redactUrl } from '../lib/logging.ts';

/** What apps/web/src/app/entry-server.tsx exports. */
export interface ServerRender {
  render(input: { url: string; origin: string; cookie: string; fetch: typeof fetch }): Promise<{
    html: string;
    styles: string;
    state: string;
    title: string | null;
    status: 200 | 404;
  } | null>;
}

const STAFF_PAGES = /^\/(staff|doctor|pharmacy|admin)(\/|$|\?)/;
/** Headers of the page request that its in-process API calls carry too. */
const FORWARDED = ['host', 'cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** JSON inside a <script type="application/json">: nothing in it may close the tag. */
const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The built index.html cut once, at start, around the places a drawn page fills in. */
export interface PageTemplate {
  /** Up to the title's text. */
  beforeTitle: string;
  /** The built title, kept when the page has none. */
  title: string;
  /** From the title's end to </head>, without the module scripts (boot.js starts them). */
  head: string;
  /** The /boot.js tag. */
  boot: string;
  /** From </head> to the root's content. */
  beforeRoot: string;
  /** After the root. */
  afterRoot: string;
}

/**
 * The page is drawn already: its scripts only make it interactive, so /boot.js starts them once
 * the page has loaded and painted, instead of competing with the product's picture for the network
 * and holding up the first paint (Lighthouse's LCP on a phone).
 */
export function preparePageTemplate(template: string): PageTemplate {
  const preload: string[] = [];
  let entry: string | null = null;
  const out = template
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_m, href: string) => {
      preload.push(href);
      return '';
    })
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_m, src: string) => {
      entry = src;
      return '';
    });
  const boot = entry
    ? `<script src="/boot.js" async data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preload.join(' '))}"></script>`
    : '';
  const title = /<title>([^<]*)<\/title>/.exec(out);
  const titleStart = title ? title.index + '<title>'.length : out.indexOf('</head>');
  const titleEnd = title ? titleStart + title[1]!.length : titleStart;
  const headEnd = out.indexOf('</head>');
  const [beforeRoot, afterRoot] = out.slice(headEnd).split('<div id="root"></div>') as [string, string];
  return {
    beforeTitle: out.slice(0, titleStart),
    title: out.slice(titleStart, titleEnd),
    head: out.slice(titleEnd, headEnd),
    boot,
    beforeRoot,
    afterRoot,
  };
}

/** The page: the prepared index.html with the drawn app, its styles, its state and the store's name. */
export function fillTemplate(template: PageTemplate, page: { html: string; styles: string; state: string; title: string | null }): string {
  return (
    template.beforeTitle +
    (page.title ? escapeHtml(page.title) : template.title) +
    template.head +
    page.styles +
    template.boot +
    template.beforeRoot +
    `<div id="root" data-ssr="1">${page.html}</div><script id="store-state" type="application/json">${scriptSafeJson(page.state)}</script>` +
    template.afterRoot
  );
}

async function loadServerRender(ssrDir: string | null, app: FastifyInstance): Promise<ServerRender | null> {
  if (!ssrDir) return null;
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  try {
    return (await import(pathToFileURL(entry).href)) as ServerRender;
  } catch (err) {
    app.log.warn({ err }, 'the server render (dist-ssr) could not be loaded: pages are drawn in the browser');
    return null;
  }
}

export const webAppPlugin = fp(async (app: FastifyInstance, opts: { distDir: string; ssrDir?: string | null }) => {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const template = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  // Cut once here, not at every page.
  const pageTemplate = hasWeb ? preparePageTemplate(template) : null;
  const serverRender = hasWeb ? await loadServerRender(opts.ssrDir ?? null, app) : null;
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

  /** An API call of the page being drawn, answered by this server for that request. */
  function inProcessFetch(request: FastifyRequest, setCookies: string[]): typeof fetch {
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of FORWARDED) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
      if (!url.startsWith('/api/')) throw new TypeError(`The server render calls only /api: ${url}`);
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url,
        headers,
        remoteAddress: request.ip,
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      const cookies = res.headers['set-cookie'];
      if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [cookies]));
      const type = res.headers['content-type'];
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: typeof type === 'string' ? { 'content-type': type } : {},
      });
    };
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (serverRender && !STAFF_PAGES.test(request.url)) {
      const setCookies: string[] = [];
      try {
        const page = await serverRender.render({
          url: request.url,
          origin: `${request.protocol}://${request.host}`,
          cookie: request.headers.cookie ?? '',
          fetch: inProcessFetch(request, setCookies),
        });
        if (page) {
          if (setCookies.length) reply.header('set-cookie', setCookies);
          // Drawn for this visitor (their cart, their name, their records): kept by no cache, the
          // browser's own included, as the API's personal answers are.
          return reply.status(page.status).header('cache-control', 'no-store').send(fillTemplate(pageTemplate!, page));
        }
      } catch (err) {
        request.log.warn({ err, url: redactUrl(request.url) }, 'server render failed: the page is drawn in the browser');
      }
    }
    return reply.send(template);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/') &&
      hasWeb;
    if (wantsPage) return sendPage(request, reply);
    return reply
      .status(404)
      .type(PROBLEM_CONTENT_TYPE)
      .send({ type: 'about:blank', status: 404, code: 'NOT_FOUND', detail: MESSAGES.NOT_FOUND });
  });
});
