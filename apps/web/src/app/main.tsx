import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type LazyRouteFunction, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { CART_QUERY_KEY } from '@/shared/cart';
import { createQueryClient } from './queryClient';
import { createAppRouter, routes } from './router';

// zod (in the forms chunk) probes `new Function` once to decide whether to compile its parsers; our
// Content-Security-Policy forbids eval, so the probe shows as a CSP violation on every form page.
// Its global config turns the probe and the compiling off. Set on globalThis, which zod reads when
// it loads, so the first page need not download zod to say so.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

/**
 * The server drew this page (app/entry-server.tsx, issue 19): load the current route's lazy modules
 * first, so the first render in the browser draws the same page and React adopts the HTML instead
 * of replacing it; and start the query cache from the server's answers.
 */
async function hydratePage(root: HTMLElement, stateScript: HTMLElement) {
  const matches = matchRoutes(routes, window.location) ?? [];
  // One route module at a time (the layout, then the page), giving the browser a turn between
  // them: each import evaluates the modules it brings in one task, so apart they are shorter tasks.
  for (const { route } of matches) {
    if (typeof route.lazy !== 'function') continue;
    const loaded = await (route.lazy as LazyRouteFunction<RouteObject>)();
    Object.assign(route, { ...loaded, lazy: undefined });
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const queryClient = createQueryClient();
  hydrate(queryClient, JSON.parse(stateScript.textContent ?? '{}') as DehydratedState);
  // The server could not apply the guest-cart rules that read this browser's storage (the
  // remembered order, its time limit): the cart is asked for again here.
  void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
  const router = createAppRouter({ serverDrawn: true });
  // As a transition, hydration works in slices and lets the browser answer a tap in between,
  // instead of one long task (Lighthouse's total blocking time).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

function renderInBrowser(root: HTMLElement) {
  // Created before the first render so the current page's chunk downloads while the storefront
  // config loads.
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const serverState = document.getElementById('store-state');
if (container.dataset.ssr === '1' && serverState) {
  // A page module that fails to load (and was not fixed by the stale-chunk reload) draws in the
  // browser instead, with the app's own error page.
  hydratePage(container, serverState).catch(() => renderInBrowser(container));
} else {
  renderInBrowser(container);
}
