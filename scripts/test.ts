/**
 * `npm test`: every test in one vitest run (unit, HTTP, socket, component and e2e projects),
 * then one closing line `N passed, N failed` that CI reads. Extra arguments go to vitest
 * (e.g. `npm test -- --project server`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/front-ends.ts';

type JsonReport = {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
};

/** One line per failed test (file, name, first line of the failure), so the end of a CI log says what failed. */
function failedTests(report: JsonReport): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(ROOT, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      const why = (test.failureMessages?.[0] ?? '').split('\n')[0]?.slice(0, 300);
      lines.push(`${where} > ${test.fullName}: ${why}`);
    }
    if (failed.length === 0 && file.message) {
      lines.push(`${where}: ${file.message.split('\n')[0]?.slice(0, 300)}`);
    }
  }
  return lines;
}

const outDir = path.join(ROOT, '.tmp');
mkdirSync(outDir, { recursive: true });
const reportFile = path.join(outDir, 'vitest-report.json');
rmSync(reportFile, { force: true });
rmSync(path.join(outDir, 'test-summary.json'), { force: true });
const args = [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...process.argv.slice(2),
];
const result = spawnSync(path.join(ROOT, 'node_modules/.bin/vitest'), args, { cwd: ROOT, stdio: 'inherit' });

let summary = 'no report';
let failures: string[] = [];
let reportFailed = true;
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  const counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures: failedTests(report),
  };
  // Vitest fails a run with every test passed when an error escaped the tests (an unhandled rejection
  // or an exception after a test ended) or a file could not run: say so, or the log's last line would
  // read "0 failed" above a red exit.
  if (!report.success && counts.failures.length === 0) {
    counts.failures.push(
      `vitest reported the run failed with no failed test: an unhandled error or a file that did not run (see "Unhandled Errors" above)`,
    );
  }
  failures = counts.failures;
  // CI adds up several runs from these files.
  writeFileSync(path.join(outDir, 'test-summary.json'), JSON.stringify(counts));
  reportFailed = !report.success || counts.failed > 0;
  summary = `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
}
if (!reportFailed && result.status !== 0) {
  failures.push(`vitest exited with ${result.status ?? result.signal} after a report of no failure`);
}
for (const line of failures) {
  console.log(`FAILED ${line}`);
}
console.log(`\n${summary}`);
// The report decides as much as vitest's exit code: a failed test must never end in exit 0.
process.exit(reportFailed ? 1 : (result.status ?? 1));
