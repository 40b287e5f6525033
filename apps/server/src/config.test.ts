import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, INVALID_SERVER_MESSAGE, loadConfig, REPO_ROOT } from './config.ts';

const base = { APP_SERVER: 'local', JWT_SECRET: 'x'.repeat(32) };

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      return error.problems;
    }
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('uses the documented defaults in local mode', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      appServer: 'local',
      port: 4000,
      adminPort: 4001,
      landingPort: 4002,
      roles: ['api', 'realtime', 'worker'],
      databaseUrl: undefined,
      redisUrl: undefined,
      serveStatic: true,
      seedDemo: true,
    });
    expect(config.publicUrls.admin).toBe('http://localhost:4001');
    expect(config.corsOrigins).toContain('http://localhost:4001');
  });

  it.each([undefined, '', 'nonsense', 'LOCAL'])('rejects APP_SERVER=%s with the spec message', (value) => {
    expect(problemsOf({ ...base, APP_SERVER: value })).toContain(INVALID_SERVER_MESSAGE);
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      ...base,
      APP_SERVER: 'nope',
      PORT: 'abc',
      REDIS_URL: 'not a url',
      ROLES: 'api,cook',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/REDIS_URL/);
    expect(problems.join('\n')).toMatch(/ROLES/);
  });

  it('requires a strong JWT secret and a database outside local mode', () => {
    expect(problemsOf({ APP_SERVER: 'production', DATABASE_URL: 'postgres://db/x' })[0]).toMatch(
      /JWT_SECRET/,
    );
    expect(problemsOf({ APP_SERVER: 'staging', JWT_SECRET: 'short' })[0]).toMatch(/JWT_SECRET/);
    expect(problemsOf({ APP_SERVER: 'production', JWT_SECRET: 'y'.repeat(40) })[0]).toMatch(/DATABASE_URL/);
  });

  it('parses roles, flags and origins', () => {
    const config = loadConfig({
      ...base,
      ROLES: 'api, realtime',
      SEED_DEMO: 'no',
      CORS_ORIGINS: 'https://a.eg,https://b.eg',
    });
    expect(config.roles).toEqual(['api', 'realtime']);
    expect(config.seedDemo).toBe(false);
    expect(config.corsOrigins).toEqual(['https://a.eg', 'https://b.eg']);
  });
});

describe('the server process', () => {
  it('exits non-zero printing "Missing or invalid server" for a bad APP_SERVER', () => {
    const result = spawnSync(
      path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [path.join(REPO_ROOT, 'apps/server/src/main.ts')],
      { env: { ...process.env, APP_SERVER: 'nonsense' }, encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Missing or invalid server');
  });
});
