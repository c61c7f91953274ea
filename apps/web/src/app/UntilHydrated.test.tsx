import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UntilHydrated } from './UntilHydrated';

const page = (
  <UntilHydrated>
    <label>
      Email <input name="email" />
    </label>
    <button type="button">Pay</button>
    <a href="/products">Shop</a>
  </UntilHydrated>
);

describe('a server-drawn page before its code runs (issue 19)', () => {
  it('has every control disabled until React takes it over, then enabled; links stay links', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/products');

    await act(async () => {
      hydrateRoot(container, page);
    });
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    container.remove();
  });
});
