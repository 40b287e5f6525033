import { announce } from './announce.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startHiwar } from './server.ts';
import { startFailure } from './start-failure.ts';

/** Process entry: parse config, start everything, print where to go, stop cleanly on signals. */
async function main(): Promise<void> {
  const loadedMs = Math.round(process.uptime() * 1000);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) {
        console.error(problem);
      }
      process.exit(1);
    }
    throw error;
  }

  const hiwar = await startHiwar(config);
  // Milliseconds: loading the code, then each boot step (database, migrations, app, seed, jobs, listen…).
  hiwar.app.log.info(
    { loadedMs, timings: hiwar.timings, uptimeMs: Math.round(process.uptime() * 1000) },
    'started',
  );
  announce(hiwar, config, process.stdout.isTTY === true);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    // Readiness turns 503 first; the server closes after the drain (a load balancer stops sending).
    hiwar.app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), config.shutdownDrainMs + 15_000);
    timer.unref();
    await hiwar.shutdown(config.shutdownDrainMs);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`\nHiwar could not start: ${startFailure(error)}\n`);
  if (process.argv.includes('--verbose') || process.env.HIWAR_VERBOSE === '1') {
    console.error(error);
  }
  process.exit(1);
});
