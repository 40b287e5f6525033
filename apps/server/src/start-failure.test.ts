import { describe, expect, it } from 'vitest';
import { EmbeddedPostgresError } from './db/embedded.ts';
import { startFailure } from './start-failure.ts';

describe('a failed start', () => {
  it('is one sentence of cause and remedy', () => {
    const busy = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:4000'), {
      code: 'EADDRINUSE',
      port: 4000,
    });
    expect(startFailure(busy)).toMatch(/^port 4000 is already in use: .*PORT/);
    const database = new EmbeddedPostgresError(
      'PostgreSQL could not be run (x): run `npm ci` again, or set DATABASE_URL.',
    );
    expect(startFailure(database)).toBe(database.message);
    expect(startFailure(new Error('boom\n    at somewhere'))).toBe(
      'boom (run with --verbose for the details).',
    );
  });
});
