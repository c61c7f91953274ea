#!/usr/bin/env node
// Prints each runner's passed/failed counts from the result files .ci/run asked for, then one
// closing "N passed, N failed" line for the whole run.
import fs from 'node:fs';

const rows = [];
for (const arg of process.argv.slice(2)) {
  const [label, file] = arg.split('=');
  if (!fs.existsSync(file)) {
    rows.push({ label, passed: 0, failed: 1, skipped: 0, note: 'no result file (runner did not finish)' });
    continue;
  }
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (data.stats && 'expected' in data.stats) {
    // Playwright JSON reporter
    rows.push({
      label,
      passed: data.stats.expected + (data.stats.flaky ?? 0),
      failed: data.stats.unexpected,
      skipped: data.stats.skipped ?? 0,
    });
  } else {
    // Vitest JSON reporter (Jest-compatible)
    rows.push({
      label,
      passed: data.numPassedTests ?? 0,
      failed: data.numFailedTests ?? 0,
      skipped: (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0),
    });
  }
}
console.log('\n==== test summary ====');
for (const r of rows) {
  console.log(
    `${r.label.padEnd(28)} ${String(r.passed).padStart(5)} passed  ${String(r.failed).padStart(3)} failed  ${String(r.skipped).padStart(3)} skipped${r.note ? `  (${r.note})` : ''}`,
  );
}
const passed = rows.reduce((n, r) => n + r.passed, 0);
const failed = rows.reduce((n, r) => n + r.failed, 0);
const skipped = rows.reduce((n, r) => n + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
