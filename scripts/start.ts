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
buildFrontEnds();
await import('../apps/server/src/main.ts');
