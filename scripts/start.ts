/**
 * `npm start`: the whole product on this machine. Checks the configuration first (so a bad
 * APP_SERVER fails at once), builds the front ends whose inputs changed (all at once, while the
 * server's code loads), then runs the server in this process: API, realtime and web on PORT, admin on
 * ADMIN_PORT, landing on LANDING_PORT.
 */
import { ConfigError, loadConfig } from '../apps/server/src/config.ts';
import { buildFrontEndsConcurrently } from './lib/front-ends.ts';

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
// The builds start (the call spawns them before returning), then the server's code loads while they
// run: seconds through tsx, which main.ts then finds loaded. Not the other way round: the import
// holds this thread for a while before it returns. A failure to load is main.ts's to report, when it
// imports the same module.
const building = buildFrontEndsConcurrently({ progress: true, verbose });
const preloaded = import('../apps/server/src/server.ts').catch(() => {});
try {
  await building;
} catch (error) {
  console.error(`\nHiwar could not start: ${(error as Error).message}; the build's output is above.\n`);
  process.exit(1);
}
await preloaded;
process.stdout.write('  Starting the database, the server and the demo data… ');
process.env.HIWAR_STARTED_AT = String(started);
await import('../apps/server/src/main.ts');
