import Container from '@mui/material/Container';
import { Suspense, lazy, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState, LoadingState } from '@/components/PageState';
import { ConnectionError } from '@/lib/api';
import { isChunkLoadError, reloadOnceForStaleChunk } from './staleChunk';

const NotFoundPage = lazy(() =>
  import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * What a route shows when rendering or loading it fails. A page chunk that fails to download
 * (offline, or a new deploy removed it) is a connection error; Retry reloads the page.
 */
export function RouteError() {
  const error = useRouteError();
  // A chunk the last deploy removed: the new build's page is one reload away.
  const reloading = isChunkLoadError(error) && reloadOnceForStaleChunk();
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);
  if (reloading) return <LoadingState />;

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
