// Loads the storefront config before anything else renders: a full-page loading state while it
// loads, the connection-error message with Retry if it fails, then the store's MUI theme.
import CssBaseline from '@mui/material/CssBaseline';
import Container from '@mui/material/Container';
import { ThemeProvider } from '@mui/material/styles';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { ErrorState, FullPageLoading } from '@/components/PageState';
import { StoreConfigContext } from '@/shared/storefront';
import { createFallbackTheme, createStoreTheme } from '@/theme/createStoreTheme';
import { useStorefront } from './api/storefront.api';

const fallbackTheme = createFallbackTheme();

export interface StorefrontProviderProps {
  children: ReactNode;
}

export function StorefrontProvider({ children }: StorefrontProviderProps) {
  const { data: config, error, refetch, isFetching } = useStorefront();
  const theme = useMemo(() => (config ? createStoreTheme(config) : null), [config]);

  // A layout effect runs before the pages' passive effects, so a page's own title (useDocumentTitle)
  // still wins when both mount in the same commit.
  useLayoutEffect(() => {
    if (config) document.title = config.name;
  }, [config?.name]);

  if (config && theme) {
    return (
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <StoreConfigContext.Provider value={config}>{children}</StoreConfigContext.Provider>
      </ThemeProvider>
    );
  }

  return (
    <ThemeProvider theme={fallbackTheme}>
      <CssBaseline />
      {error ? (
        <Container component="main" sx={{ py: 6 }}>
          <ErrorState
            error={error}
            title="We could not load the store"
            headingComponent="h1"
            retrying={isFetching}
            onRetry={() => void refetch()}
          />
        </Container>
      ) : (
        <FullPageLoading />
      )}
    </ThemeProvider>
  );
}
