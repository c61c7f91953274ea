// The server's first render of a patient's page (issue 19): the page arrives as HTML drawn for the
// request's storefront (its theme, texts and products), with its styles inline, then the browser
// hydrates it (main.tsx). Built with `vite build --ssr` into dist-ssr/ and called by the API
// server's web-app plugin, which passes a fetch that answers /api calls in process for this
// request (its host and cookies). A page that throws here is sent as the plain app instead.
import { AsyncLocalStorage } from 'node:async_hooks';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { StorefrontConfig } from '@store/domain';
import { setFetchImplementation } from '@/lib/api';
import { ACCOUNT_ROUTES } from '@/shared/accountRoutes';
import { ServerCookiesContext } from '@/shared/cookies';
import { AppProviders } from './providers';
import { createQueryClient } from './queryClient';
import { CHECKOUT_ROUTES } from './paths';
import { routes } from './router';

export interface RenderInput {
  /** Path and query of the page asked for. */
  url: string;
  /** The request's origin, for the router's Request. */
  origin: string;
  /** The request's Cookie header. */
  cookie: string;
  /** Answers the page's API calls for this request. */
  fetch: typeof fetch;
}

export interface RenderResult {
  /** The app's markup, for inside #root. */
  html: string;
  /** Style tags for the head: only the CSS this page's markup uses. */
  styles: string;
  /** The server state the browser's query cache starts from (JSON). */
  state: string;
  /** The storefront's name, for the page title. */
  title: string | null;
  /** 404 when no page matched the path (the "Page not found" page is drawn). */
  status: 200 | 404;
}

// Each render's API calls go to that request's fetch, even with renders interleaved.
const requestFetch = new AsyncLocalStorage<typeof fetch>();
setFetchImplementation((input, init) => {
  const current = requestFetch.getStore();
  if (!current) throw new Error('An API call outside a server render.');
  return current(input, init);
});

/**
 * Pages drawn from what only the browser knows: its clock and time zone (visit times, the
 * patient's dates and orders), the address's #token. Drawn on the server they would differ from
 * the browser's first render, so they are sent as the plain app, drawn in the browser.
 */
const BROWSER_ONLY_PAGES = new Set<string>([
  ACCOUNT_ROUTES.resetPassword,
  CHECKOUT_ROUTES.scheduleVisit,
  CHECKOUT_ROUTES.patientVisit,
  CHECKOUT_ROUTES.endedVisit,
  ACCOUNT_ROUTES.myOrders,
  ACCOUNT_ROUTES.orderDetails,
  ACCOUNT_ROUTES.myRefills,
  ACCOUNT_ROUTES.myRecords,
  ACCOUNT_ROUTES.myAccessLog,
  '/my-account/visit',
  '/reschedulings/:token',
  '/orders/:id/more-information',
]);

/** How many render passes may each find new queries to load: the session waits for the storefront, the cart for the session, the checkout for the cart… */
const MAX_PASSES = 8;

function waitingToLoad(query: Query, failed: Set<string>): boolean {
  if (failed.has(query.queryHash)) return false;
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

function app(queryClient: QueryClient, cookie: string, router: ReturnType<typeof createStaticRouter>, context: Parameters<typeof StaticRouterProvider>[0]['context']) {
  const cache = createCache({ key: 'css' });
  // Made before drawing: it switches the cache to collecting styles instead of writing them inline.
  const emotion = createEmotionServer(cache);
  return {
    emotion,
    element: (
      <CacheProvider value={cache}>
        <ServerCookiesContext.Provider value={cookie}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </ServerCookiesContext.Provider>
      </CacheProvider>
    ),
  };
}

/** Null when the path is not a page of the patient's app (the staff areas draw in the browser). */
export async function render(input: RenderInput): Promise<RenderResult | null> {
  return requestFetch.run(input.fetch, async () => {
    const handler = createStaticHandler(routes);
    const request = new Request(new URL(input.url, input.origin), { headers: { cookie: input.cookie } });
    const context = await handler.query(request);
    if (context instanceof Response) return null;
    if (context.errors) return null;
    if (context.matches.some((m) => m.route.path !== undefined && BROWSER_ONLY_PAGES.has(m.route.path))) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const queryClient = createQueryClient();
    // No retries while a visitor waits for the page: a failed call is the browser's to make again.
    queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retry: false } });

    // Draw, load what the drawing asked for, draw again, until nothing new is asked.
    let drawn = app(queryClient, input.cookie, router, context);
    let html = renderToString(drawn.element);
    // A failed call is left for the browser to make again (drawn as loading on both sides), and
    // not made again here in the next pass.
    const failed = new Set<string>();
    for (let pass = 1; pass < MAX_PASSES; pass += 1) {
      const waiting = queryClient.getQueryCache().getAll().filter((query) => waitingToLoad(query, failed));
      if (waiting.length === 0) break;
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      for (const query of queryClient.getQueryCache().getAll()) {
        if (query.state.status === 'error') {
          failed.add(query.queryHash);
          queryClient.getQueryCache().remove(query);
        }
      }
      drawn = app(queryClient, input.cookie, router, context);
      html = renderToString(drawn.element);
    }

    const { extractCriticalToChunks, constructStyleTagsFromChunks } = drawn.emotion;
    const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
    const config = queryClient.getQueryData<StorefrontConfig>(['storefront']);
    const state = JSON.stringify(dehydrate(queryClient));
    queryClient.clear();
    const notFound = context.matches.at(-1)?.route.path === '*';
    return { html, styles, state, title: config?.name ?? null, status: notFound ? 404 : 200 };
  });
}
