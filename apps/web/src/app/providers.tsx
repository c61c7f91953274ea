import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { StorefrontProvider } from '@/features/storefront/StorefrontProvider';
import { createQueryClient } from './queryClient';
import { UntilHydrated } from './UntilHydrated';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client (no retries). */
  queryClient?: QueryClient;
}

/** Server state, then the storefront config and its theme: everything the router renders needs both. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <StorefrontProvider>
        <UntilHydrated>{children}</UntilHydrated>
      </StorefrontProvider>
    </QueryClientProvider>
  );
}
