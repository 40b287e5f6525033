/** `npm run typecheck`: `tsc --noEmit` in every workspace; fails if any fails. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/front-ends.ts';

const WORKSPACES = [
  'packages/domain',
  'packages/client',
  'packages/ui',
  'packages/fawry',
  'apps/server',
  'apps/web',
  'apps/admin',
  'apps/landing',
  'tests/e2e',
  'bench',
];
let failed = 0;
for (const workspace of WORKSPACES) {
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['--noEmit', '-p', workspace], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  console.log(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${workspace}`);
  failed += result.status === 0 ? 0 : 1;
}
process.exit(failed === 0 ? 0 : 1);
