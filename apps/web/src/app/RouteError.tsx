import Container from '@mui/material/Container';
import { Suspense, lazy, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState, LoadingState } from '@/components/PageState';
import { ConnectionError } from '@/lib/api';

const NotFoundPage = lazy(() =>
  import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * What a route shows when rendering or loading it fails. A page chunk that fails to download
 * (offline, or a new deploy removed it) is a connection error; Retry reloads the page.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  // A loader that finds nothing (an unknown product, say) throws a 404 response.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<LoadingState />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  const shown = error instanceof TypeError ? new ConnectionError(null, { cause: error }) : error;
  return (
    <Container sx={{ py: 6 }}>
      <ErrorState
        error={shown}
        title="This page could not be shown"
        headingComponent="h1"
        onRetry={() => window.location.reload()}
      />
    </Container>
  );
}
