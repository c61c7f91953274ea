import type { ComponentType } from 'react';

/** A lazy route: the page's module downloads when the route first matches. */
export function page(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}
