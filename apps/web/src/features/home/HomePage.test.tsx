// The home page and its flags (SPEC §3): useAltHeroTitleAndDesc, hideIncentiveBanner,
// hideFeatureInfoImages, leftAlignFeatureInfoText, firstFeatureInfoExtraMarginTop,
// overrideMTMPWithSPHomePage, disableOpenCartEntryPage; images lazy.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestConfig } from '@/test/config';
import { fakeApi, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { makeCart, makeProduct, OTC } from '@/test/storeFixtures';
import { HomePage } from './HomePage';

const content = {
  heroTitle: 'Main title',
  heroDescription: 'Main description',
  altHeroTitle: 'Alt title',
  altHeroDescription: 'Alt description',
  incentiveBanner: 'Free shipping today',
};

const PRODUCTS = [makeProduct(), OTC];
const NOBODY: FakeRoute[] = [['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })]];

beforeEach(() => {
  sessionStorage.clear();
  fakeApi([...NOBODY, ['GET', '/api/products', () => ({ body: PRODUCTS })]]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('shows the hero, the incentive banner, popular products and a way to the shop', async () => {
    renderWithStore(<HomePage />, { config: makeTestConfig({ name: 'Acme Health', content }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Main title' })).toBeInTheDocument();
    expect(screen.getByText('Main description')).toBeInTheDocument();
    expect(screen.getByTestId('incentive-banner')).toHaveTextContent('Free shipping today');
    expect(screen.getByRole('link', { name: 'Shop treatments' })).toHaveAttribute('href', '/products');
    expect(await screen.findByRole('heading', { name: 'Finasteride 1 mg' })).toBeInTheDocument();
    expect(document.title).toBe('Acme Health');
  });

  it('uses the alternative hero when useAltHeroTitleAndDesc is on', () => {
    renderWithStore(<HomePage />, { config: makeTestConfig({ content, flags: { useAltHeroTitleAndDesc: true } }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Alt title' })).toBeInTheDocument();
    expect(screen.getByText('Alt description')).toBeInTheDocument();
    expect(screen.queryByText('Main title')).not.toBeInTheDocument();
  });

  it('hides the incentive banner when hideIncentiveBanner is on', () => {
    renderWithStore(<HomePage />, { config: makeTestConfig({ content, flags: { hideIncentiveBanner: true } }) });
    expect(screen.queryByTestId('incentive-banner')).not.toBeInTheDocument();
  });

  it('shows feature info sections with lazy images, centred text by default', () => {
    renderWithStore(<HomePage />);
    const sections = screen.getAllByTestId('feature-info');
    expect(sections).toHaveLength(3);
    const image = within(sections[0]!).getByRole('img');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(sections[0]).toHaveAttribute('data-align', 'center');
    expect(sections[0]).not.toHaveAttribute('data-extra-margin-top');
  });

  it('hides the feature images with hideFeatureInfoImages', () => {
    renderWithStore(<HomePage />, { config: makeTestConfig({ flags: { hideFeatureInfoImages: true } }) });
    for (const section of screen.getAllByTestId('feature-info')) expect(within(section).queryByRole('img')).toBeNull();
  });

  it('left-aligns the feature text with leftAlignFeatureInfoText', () => {
    renderWithStore(<HomePage />, { config: makeTestConfig({ flags: { leftAlignFeatureInfoText: true } }) });
    for (const section of screen.getAllByTestId('feature-info')) expect(section).toHaveAttribute('data-align', 'left');
  });

  it('gives the first feature section more room with firstFeatureInfoExtraMarginTop', () => {
    renderWithStore(<HomePage />, { config: makeTestConfig({ flags: { firstFeatureInfoExtraMarginTop: true } }) });
    const [first, second] = screen.getAllByTestId('feature-info');
    expect(first).toHaveAttribute('data-extra-margin-top', 'true');
    expect(second).not.toHaveAttribute('data-extra-margin-top');
  });

  it('shows a single product instead of the shelves with overrideMTMPWithSPHomePage', async () => {
    renderWithStore(<HomePage />, { config: makeTestConfig({ flags: { overrideMTMPWithSPHomePage: true } }) });
    const single = await screen.findByTestId('single-product-home');
    expect(within(single).getByRole('heading', { name: 'Finasteride 1 mg' })).toBeInTheDocument();
    expect(within(single).getByRole('button', { name: 'START ONLINE VISIT' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Popular treatments' })).not.toBeInTheDocument();
  });

  describe('the open-cart entry page', () => {
    const withCart = () =>
      fakeApi([
        ['GET', '/api/session', () => ({ body: { kind: 'guest', userId: null, role: null } })],
        ['GET', '/api/products', () => ({ body: PRODUCTS })],
        ['GET', '/api/cart', () => ({ body: makeCart() })],
      ]);

    it('welcomes a returning patient with a cart and offers to continue at the first pending stage', async () => {
      withCart();
      renderWithStore(<HomePage />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Continue my order' })).toHaveAttribute('href', '/checkout/shipping-details');
      expect(screen.getByText('Minoxidil 5% Foam × 2')).toBeInTheDocument();
    });

    it('is not shown with disableOpenCartEntryPage', async () => {
      withCart();
      renderWithStore(<HomePage />, { config: makeTestConfig({ content, flags: { disableOpenCartEntryPage: true } }) });
      expect(await screen.findByRole('heading', { name: 'Finasteride 1 mg' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
    });

    it('is not shown again once the patient used the cart in this visit', async () => {
      withCart();
      sessionStorage.setItem('cartActiveThisVisit', '1');
      renderWithStore(<HomePage />, { config: makeTestConfig({ content }) });
      expect(await screen.findByRole('heading', { name: 'Finasteride 1 mg' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
    });
  });
});
