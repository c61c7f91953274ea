#!/usr/bin/env node
// Prints each runner's passed/failed counts from the result files .ci/run asked for, the name and
// first lines of every failed test (CI keeps only the tail of the log, so a failure must be named
// here to be found), then one closing "N passed, N failed" line for the whole run.
import fs from 'node:fs';

const rows = [];
const failures = [];

/** Playwright nests suites; a spec's test failed when its last result is not expected. */
function collectPlaywrightFailures(suite, label) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const last = test.results?.at(-1);
      failures.push({ label, name: `${spec.file}:${spec.line} › ${spec.title}`, message: last?.error?.message ?? '' });
    }
  }
  for (const child of suite.suites ?? []) collectPlaywrightFailures(child, label);
}

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
    for (const suite of data.suites ?? []) collectPlaywrightFailures(suite, label);
  } else {
    // Vitest JSON reporter (Jest-compatible)
    rows.push({
      label,
      passed: data.numPassedTests ?? 0,
      failed: data.numFailedTests ?? 0,
      skipped: (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0),
    });
    for (const file of data.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) failures.push({ label, name: `${file.name} › ${t.fullName}`, message: t.failureMessages?.[0] ?? '' });
      // A file that failed to load has no failed test of its own but fails the run.
      if (failed.length === 0 && file.status === 'failed') failures.push({ label, name: file.name, message: file.message ?? '' });
    }
  }
}
if (failures.length > 0) {
  console.log('\n==== failed tests ====');
  for (const f of failures) {
    console.log(`✗ [${f.label}] ${f.name}`);
    // eslint-disable-next-line no-control-regex -- strip the runners' colour codes
    const lines = String(f.message).replace(/\u001b\[[0-9;]*m/g, '').split('\n').filter((l) => l.trim() !== '');
    for (const line of lines.slice(0, 6)) console.log(`    ${line.slice(0, 200)}`);
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
