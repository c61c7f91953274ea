import { defineConfig } from 'vitest/config';

// CI asks for a JSON result file (VITEST_RESULTS_FILE) so .ci/run can print one summary line.
const resultsFile = process.env.VITEST_RESULTS_FILE;

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    // One worker count for every project (Vitest requires it); two fit the 2-core machines and
    // PGlite's ~300 MB per test file.
    maxWorkers: 2,
    reporters: resultsFile ? ['default', 'json'] : ['default'],
    ...(resultsFile ? { outputFile: { json: resultsFile } } : {}),
  },
});
