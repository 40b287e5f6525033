import { EmbeddedPostgresError } from './db/embedded.ts';

/**
 * Why the start failed, as one sentence of cause and remedy (issue 15): a newcomer reads that, not a
 * stack trace. `--verbose` (or HIWAR_VERBOSE=1) prints the whole error too.
 */
export function startFailure(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'EADDRINUSE') {
    const port = (error as { port?: unknown }).port;
    return `port ${String(port ?? '')} is already in use: stop the program using it (perhaps another \`npm start\`), or choose other ports with PORT, ADMIN_PORT and LANDING_PORT.`;
  }
  if (code === 'EACCES' && (error as { syscall?: unknown }).syscall === 'listen') {
    return 'this user may not listen on the configured port: use a port above 1024 (PORT=4000).';
  }
  if (error instanceof EmbeddedPostgresError) {
    return error.message;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `${message.split('\n')[0]} (run with --verbose for the details).`;
}
