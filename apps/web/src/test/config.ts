// A merged storefront config for tests, built from the domain defaults like the server does.
import {
  mergeStorefrontConfig,
  type DeepPartial,
  type StorefrontConfig,
  type StorefrontConfigCore,
} from '@store/domain';

export function makeTestConfig(
  overrides: DeepPartial<StorefrontConfigCore> & { name?: string } = {},
): StorefrontConfig {
  const { name = 'Test Pharmacy', ...core } = overrides;
  return { id: 'sf_test', companyId: 'co_test', name, ...mergeStorefrontConfig(core) };
}
