import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTestConfig } from '@/test/config';
import { renderWithStore } from '@/test/render';
import { HomePage } from './HomePage';

const content = {
  heroTitle: 'Main title',
  heroDescription: 'Main description',
  altHeroTitle: 'Alt title',
  altHeroDescription: 'Alt description',
  incentiveBanner: 'Free shipping today',
};

describe('HomePage', () => {
  it('shows the hero, the incentive banner and a way to the shop', () => {
    renderWithStore(<HomePage />, { config: makeTestConfig({ name: 'Acme Health', content }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Main title' })).toBeInTheDocument();
    expect(screen.getByText('Main description')).toBeInTheDocument();
    expect(screen.getByTestId('incentive-banner')).toHaveTextContent('Free shipping today');
    expect(screen.getByRole('link', { name: 'Shop treatments' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(document.title).toBe('Acme Health');
  });

  it('uses the alternative hero when useAltHeroTitleAndDesc is on', () => {
    renderWithStore(<HomePage />, {
      config: makeTestConfig({ content, flags: { useAltHeroTitleAndDesc: true } }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Alt title' })).toBeInTheDocument();
    expect(screen.getByText('Alt description')).toBeInTheDocument();
    expect(screen.queryByText('Main title')).not.toBeInTheDocument();
  });

  it('hides the incentive banner when hideIncentiveBanner is on', () => {
    renderWithStore(<HomePage />, {
      config: makeTestConfig({ content, flags: { hideIncentiveBanner: true } }),
    });
    expect(screen.queryByTestId('incentive-banner')).not.toBeInTheDocument();
    expect(screen.queryByText('Free shipping today')).not.toBeInTheDocument();
  });
});
