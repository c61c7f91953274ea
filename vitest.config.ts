import { defineConfig } from 'vitest/config';

// CI asks for a JSON result file (VITEST_RESULTS_FILE) so .ci/run can print one summary line.
const resultsFile = process.env.VITEST_RESULTS_FILE;

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    reporters: resultsFile ? ['default', 'json'] : ['default'],
    ...(resultsFile ? { outputFile: { json: resultsFile } } : {}),
  },
});
