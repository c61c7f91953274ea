// issue 20: writes the OpenAPI document as the server serves it (buildApp with the test
// configuration, apps/server/src/scripts/write-openapi.ts) and lints it with Redocly
// (redocly.yaml). Prints "errors: N, warnings: M"; fails on any error.
//   npm run lint:openapi [-- <file>]      (default test-results/openapi.json)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.resolve(root, process.argv[2] ?? 'test-results/openapi.json');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const write = spawnSync(bin('tsx'), ['apps/server/src/scripts/write-openapi.ts', file], {
  cwd: root,
  stdio: 'inherit',
});
if (write.status !== 0) process.exit(write.status ?? 1);

const lint = spawnSync(
  bin('redocly'),
  ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format=json'],
  {
    cwd: root,
    encoding: 'utf8',
    // No usage telemetry or update check from a lint run.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  },
);
let report;
try {
  report = JSON.parse(lint.stdout);
} catch {
  process.stderr.write(lint.stdout + lint.stderr);
  process.exit(1);
}
const { errors, warnings } = report.totals;
// The problems themselves, readable, when there is anything to read.
if (errors + warnings > 0) {
  const byRule = new Map();
  for (const problem of report.problems) {
    const key = `${problem.severity} ${problem.ruleId}`;
    byRule.set(key, (byRule.get(key) ?? 0) + 1);
  }
  for (const [key, count] of [...byRule].sort()) console.log(`  ${key}: ${count}`);
  for (const problem of report.problems.filter((p) => p.severity === 'error').slice(0, 20)) {
    console.log(
      `  error ${problem.ruleId} at ${problem.location?.[0]?.pointer}: ${problem.message}`,
    );
  }
}
console.log(`errors: ${errors}, warnings: ${warnings}`);
process.exit(errors > 0 ? 1 : 0);
