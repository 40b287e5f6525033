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
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
};

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
let reportFailed = true;
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  const counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
  // CI adds up several runs from these files.
  writeFileSync(path.join(outDir, 'test-summary.json'), JSON.stringify(counts));
  reportFailed = !report.success || counts.failed > 0;
  summary = `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
}
console.log(`\n${summary}`);
// The report decides as much as vitest's exit code: a failed test must never end in exit 0.
process.exit(reportFailed ? 1 : (result.status ?? 1));
