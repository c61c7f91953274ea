// Rendering helpers: a component with a storefront config, its theme, a query client and a router,
// without fetching the config.
import type { StorefrontConfig } from '@store/domain';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { LoginDrawerProvider } from '@/shared/loginDrawer';
import { StoreConfigContext } from '@/shared/storefront';
import { createStoreTheme } from '@/theme/createStoreTheme';
import { makeTestConfig } from './config';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function StoreTestProviders({
  config,
  children,
}: {
  config: StorefrontConfig;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={createStoreTheme(config)}>
      <CssBaseline />
      <StoreConfigContext.Provider value={config}>
        <LoginDrawerProvider>{children}</LoginDrawerProvider>
      </StoreConfigContext.Provider>
    </ThemeProvider>
  );
}

export interface RenderWithStoreOptions {
  config?: StorefrontConfig;
  /** Where the MemoryRouter starts. */
  path?: string;
  queryClient?: QueryClient;
}

export function renderWithStore(
  ui: ReactElement,
  {
    config = makeTestConfig(),
    path = '/',
    queryClient = createTestQueryClient(),
  }: RenderWithStoreOptions = {},
): RenderResult & { config: StorefrontConfig } {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <StoreTestProviders config={config}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </StoreTestProviders>
    </QueryClientProvider>,
  );
  return { ...result, config };
}
