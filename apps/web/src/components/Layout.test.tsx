import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLoginDrawer } from '@/shared/loginDrawer';
import { makeTestConfig } from '@/test/config';
import { fakeApi } from '@/test/fakeApi';
import { makeCart, makeItem } from '@/test/storeFixtures';
import { renderWithStore } from '@/test/render';
import { Layout } from './Layout';

function DrawerState() {
  const { isOpen } = useLoginDrawer();
  return <p>drawer {isOpen ? 'open' : 'closed'}</p>;
}

describe('Layout', () => {
  it('has header, navigation, main and footer landmarks and a skip link', () => {
    renderWithStore(
      <Layout>
        <h1>Page</h1>
      </Layout>,
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Page' }),
    );
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('moves focus to main from the skip link', async () => {
    renderWithStore(<Layout>content</Layout>);
    await userEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('shows the brand name in the primary colour as a link home', () => {
    renderWithStore(<Layout>content</Layout>, {
      config: makeTestConfig({ name: 'Acme Health', theme: { colors: { primary: '#123456' } } }),
    });
    const brand = screen.getByTestId('brand-name');
    expect(brand).toHaveTextContent('Acme Health');
    expect(brand).toHaveAttribute('href', '/');
    expect(brand).toHaveStyle({ color: 'rgb(18, 52, 86)' });
  });

  it('links Shop and Cart and marks the current page', () => {
    renderWithStore(<Layout>content</Layout>, { path: '/cart' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/products');
    const cart = within(nav).getByRole('link', { name: 'Cart' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).toHaveAttribute('aria-current', 'page');
  });

  it('shows how many products are in the cart beside Cart', async () => {
    // SPEC §2 "Cart" page; a shopper sees their cart is not empty from any page.
    fakeApi([
      ['GET', '/api/session', () => ({ body: { kind: 'guest', userId: null, role: null } })],
      ['GET', '/api/cart', () => ({
        body: makeCart({ items: [makeItem(), makeItem({ productId: 'p2', title: 'Vitamin D3' })] }),
      })],
    ]);
    renderWithStore(<Layout>content</Layout>);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const cart = await within(nav).findByRole('link', { name: /^Cart\W+2 items$/ });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(within(cart).getByText('2')).toBeVisible();
  });

  it('shows Cart alone when there is no cart yet', async () => {
    fakeApi([['GET', '/api/session', () => ({ body: { kind: 'none', userId: null, role: null } })]]);
    renderWithStore(<Layout>content</Layout>);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });

  it('opens the login drawer from Log in', async () => {
    renderWithStore(
      <Layout>
        <DrawerState />
      </Layout>,
    );
    expect(screen.getByText('drawer closed')).toBeInTheDocument();
    const login = screen.getByRole('button', { name: 'Log in' });
    expect(login).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(login);
    expect(screen.getByText('drawer open')).toBeInTheDocument();
    expect(login).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the support phone and email as tel: and mailto: links', () => {
    renderWithStore(<Layout>content</Layout>, {
      config: makeTestConfig({
        settings: { supportPhone: '+1 (555) 010-2030', supportEmail: 'care@acme.test' },
      }),
    });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: '+1 (555) 010-2030' })).toHaveAttribute(
      'href',
      'tel:+15550102030',
    );
    expect(footer.getByRole('link', { name: 'care@acme.test' })).toHaveAttribute(
      'href',
      'mailto:care@acme.test',
    );
    // issue 17: the phone-order request sits with the store's contacts.
    expect(footer.getByRole('link', { name: 'Order by phone' })).toHaveAttribute('href', '/phone-order');
  });

  it('leaves out support contacts that are not configured', () => {
    renderWithStore(<Layout>content</Layout>, {
      config: makeTestConfig({
        name: 'Acme Health',
        settings: { supportPhone: '', supportEmail: 'care@acme.test' },
      }),
    });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.queryByRole('link', { name: /^\+?[\d (]/ })).not.toBeInTheDocument();
    expect(footer.queryByText(/^Call/)).not.toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'care@acme.test' })).toBeInTheDocument();
  });

  it('shows no support section at all when both are empty', () => {
    renderWithStore(<Layout>content</Layout>, { config: makeTestConfig({ name: 'Acme Health' }) });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.queryByRole('heading')).not.toBeInTheDocument();
    expect(footer.queryByRole('link')).not.toBeInTheDocument();
    expect(footer.getByText(/Acme Health/)).toBeInTheDocument();
  });
});
