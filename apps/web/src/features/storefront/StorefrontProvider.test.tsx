import { MESSAGES } from '@store/domain';
import { useTheme } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStoreConfig } from '@/shared/storefront';
import { makeTestConfig } from '@/test/config';
import { createTestQueryClient } from '@/test/render';
import { StorefrontProvider } from './StorefrontProvider';

function Probe() {
  const config = useStoreConfig();
  const theme = useTheme();
  return (
    <p>
      {config.name} in {theme.palette.primary.main}
    </p>
  );
}

function renderProvider() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <StorefrontProvider>
        <Probe />
      </StorefrontProvider>
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StorefrontProvider', () => {
  it('shows a loading state, then the children with the store theme and title', async () => {
    const config = makeTestConfig({
      name: 'Acme Health',
      theme: { colors: { primary: '#123456' } },
    });
    let resolve: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal('fetch', fetchMock);

    renderProvider();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the store…');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/storefront',
      expect.objectContaining({ credentials: 'include' }),
    );

    resolve(json(config));
    expect(await screen.findByText('Acme Health in #123456')).toBeInTheDocument();
    expect(document.title).toBe('Acme Health');
  });

  it('shows the connection error with Retry when the config cannot load, and recovers', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(makeTestConfig({ name: 'Acme Health' })));
    vi.stubGlobal('fetch', fetchMock);

    renderProvider();
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.CONNECTION_ERROR_SUPPORT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^Acme Health in/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('treats a 500 from the server as a connection error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ status: 500, code: 'INTERNAL', detail: 'x' }, 500)),
    );
    renderProvider();
    expect(await screen.findByText(MESSAGES.CONNECTION_ERROR)).toBeInTheDocument();
  });
});
