// @vitest-environment node
// issue 19: the server's first render of a patient's page, as Node runs it (no window, no
// document), with the API answered by a fake the way the server answers it in process.
import { describe, expect, it } from 'vitest';
import { makeTestConfig } from '@/test/config';
import { fakeApi } from '@/test/fakeApi';
import { makeProduct } from '@/test/storeFixtures';
import { render } from './entry-server';

const config = makeTestConfig({ name: 'Evergreen Health', theme: { colors: { primary: '#1b4d3e' } } });
const finasteride = makeProduct({ slug: 'finasteride-1mg', title: 'Finasteride 1 mg', priceCents: 2900 });

function api() {
  return fakeApi([
    ['GET', '/api/storefront', () => ({ body: config })],
    ['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })],
    ['GET', '/api/products', () => ({ body: [finasteride] })],
    ['GET', '/api/products/finasteride-1mg', () => ({ body: finasteride })],
  ]);
}

const input = (url: string, fetch: typeof globalThis.fetch) => ({ url, origin: 'http://localhost:3000', cookie: '', fetch });

describe('the server render', () => {
  it('draws the home page for the storefront: its name, hero and products, with the CSS they use (SPEC §2 home)', async () => {
    const { fetchMock } = api();
    const page = await render(input('/', fetchMock));
    expect(page).not.toBeNull();
    expect(page!.status).toBe(200);
    expect(page!.title).toBe('Evergreen Health');
    expect(page!.html).toContain('Evergreen Health');
    expect(page!.html).toContain('Finasteride 1 mg');
    expect(page!.html).toMatch(/<h1[^>]*>/);
    // Its theme's colour is in the page's own styles, so the first paint is the brand's.
    expect(page!.styles).toMatch(/<style data-emotion="css[^"]*">/);
    expect(page!.styles.toLowerCase()).toContain('#1b4d3e');
    // The browser's cache starts from the same answers, so it draws the same page.
    const state = JSON.parse(page!.state) as { queries: Array<{ queryKey: unknown[] }> };
    expect(state.queries.map((q) => q.queryKey[0])).toEqual(expect.arrayContaining(['storefront', 'session', 'products']));
  });

  it('draws a product page with its title and price, and its picture loaded at once (the page’s largest paint)', async () => {
    const { fetchMock } = api();
    const page = await render(input('/products/finasteride-1mg', fetchMock));
    expect(page!.html).toContain('Finasteride 1 mg');
    expect(page!.html).toContain('$29.00');
    expect(page!.html).toMatch(/<img[^>]*loading="eager"[^>]*fetchpriority="high"|<img[^>]*fetchpriority="high"[^>]*loading="eager"/i);
  });

  it('disables every control until the browser has taken over the page, so nothing typed early is lost', async () => {
    const { fetchMock } = api();
    const page = await render(input('/', fetchMock));
    expect(page!.html).toMatch(/<fieldset role="none" disabled=""/);
  });

  it('answers 404 with the "Page not found" page for an unknown path', async () => {
    const { fetchMock } = api();
    const page = await render(input('/no/such/page', fetchMock));
    expect(page!.status).toBe(404);
    expect(page!.html).toContain('Page not found');
  });

  it('leaves a failed call to the browser: drawn as loading, not as an error, and not in the state', async () => {
    const { fetchMock } = fakeApi([
      ['GET', '/api/storefront', () => ({ body: config })],
      ['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })],
      ['GET', '/api/products', () => ({ status: 503, body: {} })],
    ]);
    const page = await render(input('/', fetchMock));
    expect(page!.html).not.toContain('Finasteride 1 mg');
    expect(page!.html).toContain('Loading products');
    const state = JSON.parse(page!.state) as { queries: Array<{ queryKey: unknown[] }> };
    expect(state.queries.map((q) => q.queryKey[0])).not.toContain('products');
    // Asked once, not again at every pass.
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/products')).toHaveLength(1);
  });

  it('leaves to the browser the pages drawn from its clock, time zone or address (visit times, orders, a reset link)', async () => {
    const { fetchMock } = api();
    for (const url of ['/checkout/schedule-visit', '/my-account/orders', '/reset-password', '/reschedulings/abc']) {
      expect(await render(input(url, fetchMock)), url).toBeNull();
    }
  });
});
