// The loaded storefront config, shared with every feature. The storefront feature fetches it and
// provides it here; features read it with useStoreConfig() instead of importing that feature.
import type { StorefrontConfig } from '@store/domain';
import { createContext, useContext, useEffect } from 'react';

export const StoreConfigContext = createContext<StorefrontConfig | null>(null);

/** The merged config of the current storefront. Only valid below StorefrontProvider. */
export function useStoreConfig(): StorefrontConfig {
  const config = useContext(StoreConfigContext);
  if (!config) throw new Error('useStoreConfig() needs a StorefrontProvider above it.');
  return config;
}

/** Sets `document.title` to "<page> | <store name>", or the store name alone without a page title. */
export function useDocumentTitle(pageTitle?: string): void {
  const { name } = useStoreConfig();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${name}` : name;
  }, [pageTitle, name]);
}
