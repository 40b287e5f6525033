/**
 * `npm start`: the whole product on this machine. Checks the configuration first (so a bad
 * APP_SERVER fails at once), builds the front ends that changed, then runs the server in this
 * process: API, realtime and web on PORT, admin on ADMIN_PORT, landing on LANDING_PORT.
 */
import { ConfigError, loadConfig } from '../apps/server/src/config.ts';
import { buildFrontEnds } from './lib/front-ends.ts';

process.env.APP_SERVER ??= 'local';
try {
  loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) {
      console.error(problem);
    }
    process.exit(1);
  }
  throw error;
}
const verbose = process.argv.includes('--verbose') || process.env.HIWAR_VERBOSE === '1';
console.log('\nحوار — Hiwar: starting (add --verbose for the full output)');
const started = Date.now();
try {
  buildFrontEnds({ progress: true, verbose });
} catch (error) {
  console.error(`\nHiwar could not start: ${(error as Error).message}; the build's output is above.\n`);
  process.exit(1);
}
process.stdout.write('  Starting the database, the server and the demo data… ');
process.env.HIWAR_STARTED_AT = String(started);
await import('../apps/server/src/main.ts');
