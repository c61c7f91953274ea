// /disqualified (issue 8 "Disqualification"): a kind explanation with the operator's reason, that
// nothing was charged, and what to do instead (support contacts, products that need no consult).
import { MESSAGES } from '@store/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestConfig } from '@/test/config';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { DisqualifiedPage } from './DisqualifiedPage';

afterEach(() => vi.unstubAllGlobals());

const config = makeTestConfig({
  name: 'Acme Health',
  settings: { supportPhone: '(555) 010-2030', supportEmail: 'care@acme.example' },
});
const product = (slug: string, title: string, consultRequired: boolean) => ({
  id: slug,
  slug,
  title,
  consultRequired,
});

function api(consultsReply: () => { status?: number; body?: unknown }) {
  return fakeApi([
    ['GET', '/api/orders/o1/consults', consultsReply],
    [
      'GET',
      '/api/products',
      () => ({
        body: [
          product('semaglutide', 'Semaglutide', true),
          product('sunscreen', 'Mineral Sunscreen SPF 50', false),
          product('vitamin-d', 'Vitamin D3', false),
        ],
      }),
    ],
  ]);
}

const disqualifiedConsults = () => ({
  body: {
    orderId: 'o1',
    items: [
      {
        itemId: 'i1',
        productId: 'p1',
        title: 'Semaglutide',
        questionnaireId: 'w',
        completed: false,
        consult: {
          id: 'c1',
          status: 'disqualified',
          disqualified: { questionId: 'pregnancy', reason: 'Not safe during pregnancy.' },
        },
      },
    ],
  },
});

describe('DisqualifiedPage', () => {
  it('reads the operator’s reason from the order and says what to do instead', async () => {
    api(disqualifiedConsults);
    renderWithStore(<DisqualifiedPage />, { path: '/disqualified?order=o1', config });
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'This treatment is not right for you right now',
      }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('disqualified-reason')).toHaveTextContent(
      'Not safe during pregnancy.',
    );
    expect(screen.getByText('Nothing has been charged.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(555) 010-2030' })).toHaveAttribute(
      'href',
      'tel:5550102030',
    );
    expect(screen.getByRole('link', { name: 'care@acme.example' })).toHaveAttribute(
      'href',
      'mailto:care@acme.example',
    );
    // Only products that need no consult.
    expect(await screen.findByRole('link', { name: 'Mineral Sunscreen SPF 50' })).toHaveAttribute(
      'href',
      '/products/sunscreen',
    );
    expect(screen.getByRole('link', { name: 'Vitamin D3' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Semaglutide' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(document.title).toBe('This treatment is not right for you right now | Acme Health');
    await expectNoAxeViolations(document.body);
  });

  it('gives a general explanation without an order to read it from', async () => {
    api(disqualifiedConsults);
    renderWithStore(<DisqualifiedPage />, { path: '/disqualified', config });
    expect(screen.getByTestId('disqualified-reason')).toHaveTextContent('Based on your answers');
  });

  it('shows the loading state, then an error with Retry when the reason cannot be read', async () => {
    api(() => ({ status: 503, body: {} }));
    renderWithStore(<DisqualifiedPage />, { path: '/disqualified?order=o1', config });
    expect(screen.getByText('Loading the explanation…')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
