import { MESSAGES } from '@store/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, ConnectionError } from '@/lib/api';
import { makeTestConfig } from '@/test/config';
import { renderWithStore } from '@/test/render';
import { EmptyState, ErrorState, LoadingState } from './PageState';

describe('ErrorState', () => {
  it('shows the connection-error wording of SPEC §8 for a connection error', () => {
    render(<ErrorState error={new ConnectionError(null)} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.CONNECTION_ERROR);
    expect(alert).toHaveTextContent(MESSAGES.CONNECTION_ERROR_SUPPORT);
    expect(screen.getByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
  });

  it('shows the same wording for a 5xx', () => {
    render(<ErrorState error={new ConnectionError(503)} />);
    expect(screen.getByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
  });

  it("shows the problem's detail and not the connection wording for an API error", () => {
    render(
      <ErrorState
        error={new ApiError(400, { code: 'PROMO_INVALID', detail: MESSAGES.PROMO_INVALID })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.PROMO_INVALID);
    expect(screen.queryByText(MESSAGES.CONNECTION_ERROR)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.CONNECTION_ERROR_SUPPORT)).not.toBeInTheDocument();
  });

  it('offers Retry when given onRetry', async () => {
    const onRetry = vi.fn();
    render(<ErrorState error={new ConnectionError(null)} onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('has no Retry without onRetry, and a busy Retry while retrying', () => {
    const { rerender } = render(<ErrorState error={new ConnectionError(null)} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<ErrorState error={new ConnectionError(null)} onRetry={() => {}} retrying />);
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveAttribute('aria-busy', 'true');
  });

  it('links the store support contacts when the config has them', () => {
    renderWithStore(<ErrorState error={new ConnectionError(null)} />, {
      config: makeTestConfig({
        settings: { supportPhone: '(555) 010-2030', supportEmail: 'help@example.com' },
      }),
    });
    expect(screen.getByRole('link', { name: '(555) 010-2030' })).toHaveAttribute(
      'href',
      'tel:5550102030',
    );
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
  });
});

describe('LoadingState and EmptyState', () => {
  it('announces loading to screen readers', () => {
    render(<LoadingState label="Loading your cart…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…');
  });

  it('shows a title, body and action', () => {
    render(
      <EmptyState
        title="Your cart is empty"
        body="Add a product to start."
        action={<button>Shop</button>}
      />,
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'Your cart is empty' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Add a product to start.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Shop' })).toBeInTheDocument();
  });
});
