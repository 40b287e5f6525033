/**
 * `npm run bundle:report`: what the first screens of the web app and the back office download (issues 16
 * and 26), from the built output: per screen its JavaScript and CSS requests, their gzip and brotli
 * sizes and the bytes transferred against the budgets, each file (flagged when the build has no `.br`
 * twin, so the server sends it uncompressed), then what those files are made of by package (from the
 * source maps). Builds the two apps first if their sources changed. `--all` adds each app's whole bundle
 * by package; `--top N` lists N packages (default 15). Reads local files only.
 */

import { readdirSync } from 'node:fs';
import { bundleComposition, type Weight } from '../packages/ui/src/build/bundle-composition.ts';
import {
  distOf,
  FIRST_SCREENS,
  formatKb,
  ISSUE_BUDGET,
  measureScreen,
  REQUEST_BUDGET,
  TRANSFER_BUDGET,
} from './lib/bundle-budget.ts';
import { buildFrontEnds } from './lib/front-ends.ts';

const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const top = topIndex === -1 ? 15 : Number(args[topIndex + 1]);
const showAll = args.includes('--all');

buildFrontEnds({ apps: ['web', 'admin'], progress: true });

function printComposition(title: string, composition: Map<string, Weight>): void {
  const rows = [...composition].sort(([, a], [, b]) => b.gzip - a.gzip);
  const total = rows.reduce((sum, [, weight]) => sum + weight.gzip, 0);
  console.log(`  ${title}`);
  for (const [name, weight] of rows.slice(0, top)) {
    const share = total === 0 ? 0 : (100 * weight.gzip) / total;
    console.log(
      `    ${formatKb(weight.gzip).padStart(9)} gzip ${formatKb(weight.bytes).padStart(9)} min  ${share.toFixed(0).padStart(3)}%  ${name}`,
    );
  }
  const rest = rows.slice(top);
  if (rest.length > 0) {
    const restGzip = rest.reduce((sum, [, weight]) => sum + weight.gzip, 0);
    console.log(`    ${formatKb(restGzip).padStart(9)} gzip in ${rest.length} more`);
  }
}

let overIssueBudget = 0;
let overCeiling = 0;
for (const screen of FIRST_SCREENS) {
  const load = measureScreen(screen);
  overIssueBudget += load.gzip <= ISSUE_BUDGET ? 0 : 1;
  overCeiling +=
    load.gzip <= screen.budget &&
    load.requests <= screen.requests &&
    load.transfer <= (screen.transfer ?? Infinity)
      ? 0
      : 1;
  const ceiling = screen.budget > ISSUE_BUDGET ? `; its ceiling is ${formatKb(screen.budget)}` : '';
  console.log(
    `\n${screen.app} ${screen.name} (${screen.path}): ${formatKb(load.gzip)} gzip (${formatKb(load.bytes)} minified) in ${load.files.length} files, ${load.gzip <= ISSUE_BUDGET ? 'within' : 'OVER'} the ${formatKb(ISSUE_BUDGET)} budget${ceiling}`,
  );
  const transferBudget =
    screen.transfer === null
      ? ''
      : ` (budget ${formatKb(TRANSFER_BUDGET)}${screen.transfer > TRANSFER_BUDGET ? `, ceiling ${formatKb(screen.transfer)}` : ''})`;
  console.log(
    `  ${load.requests} requests (budget ${REQUEST_BUDGET}${screen.requests < REQUEST_BUDGET ? `, ceiling ${screen.requests}` : ''}), ${formatKb(load.brotli)} brotli, ${formatKb(load.transfer)} transferred with headers${transferBudget}`,
  );
  for (const file of [...load.files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `    ${formatKb(file.gzip).padStart(9)} gzip ${formatKb(file.brotli).padStart(9)} br ${formatKb(file.bytes).padStart(9)} min  ${file.file}${file.precompressed ? '' : '  (no .br twin: sent uncompressed)'}`,
    );
  }
  for (const file of load.serverWritten) {
    console.log(
      `    ${''.padStart(9)}      ${''.padStart(9)}    ${''.padStart(9)}      ${file} (written by the server)`,
    );
  }
  printComposition(
    'by package:',
    bundleComposition(
      distOf(screen.app),
      load.files.map((file) => file.file),
    ),
  );
}

if (showAll) {
  for (const app of ['web', 'admin'] as const) {
    const assets = readdirSync(`${distOf(app)}/assets`)
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => `assets/${file}`);
    console.log(`\n${app}: every chunk (${assets.length} files)`);
    printComposition('by package:', bundleComposition(distOf(app), assets));
  }
}

console.log(
  overIssueBudget === 0
    ? `\nEvery first screen is within the ${formatKb(ISSUE_BUDGET)} budget.`
    : `\n${overIssueBudget} first screen(s) over the ${formatKb(ISSUE_BUDGET)} budget, ${overCeiling} over a recorded ceiling.`,
);
