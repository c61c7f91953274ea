import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait up to 5 s instead of 1 s: a lazily loaded page is transformed on first
// import, which takes longer than a second when CI's two cores are busy (a wait that succeeds
// returns as soon as it can, so passing tests are no slower).
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom has no layout; ScrollRestoration calls this on every navigation. (The server-render test
// runs without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};
