// eslint-disable-next-line no-restricted-imports -- test-runner config, not domain code
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'domain', include: ['src/**/*.test.ts'] } });
