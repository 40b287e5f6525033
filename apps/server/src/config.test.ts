import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_STUN_URLS,
  INVALID_SERVER_MESSAGE,
  loadConfig,
  REPO_ROOT,
  UNSHARED_FILES_MESSAGE,
} from './config.ts';

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

  it('accepts both localhost and 127.0.0.1 for each app port in local mode', () => {
    const config = loadConfig(base);
    for (const port of [4000, 4001, 4002]) {
      expect(config.corsOrigins).toContain(`http://localhost:${port}`);
      expect(config.corsOrigins).toContain(`http://127.0.0.1:${port}`);
    }
    expect(loadConfig({ ...base, PUBLIC_LANDING_URL: 'http://127.0.0.1:5175/' }).corsOrigins).toContain(
      'http://localhost:5175',
    );
  });

  it('allows only the public origins outside local mode', () => {
    const config = loadConfig({
      APP_SERVER: 'staging',
      JWT_SECRET: 'y'.repeat(40),
      DATABASE_URL: 'postgres://db/x',
      PUBLIC_WEB_URL: 'https://app.hiwar.eg',
      PUBLIC_ADMIN_URL: 'https://admin.hiwar.eg',
      PUBLIC_LANDING_URL: 'https://hiwar.eg',
    });
    expect(config.corsOrigins).toEqual([
      'https://app.hiwar.eg',
      'https://admin.hiwar.eg',
      'https://hiwar.eg',
    ]);
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

describe('third-party settings', () => {
  it('leaves every adapter local by default', () => {
    expect(loadConfig(base)).toMatchObject({
      smtpUrl: undefined,
      googleClientId: undefined,
      whatsapp: undefined,
      telegram: undefined,
      s3: undefined,
    });
  });

  it('reads SMTP, Google, WhatsApp, Telegram and S3 settings', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Hiwar <no-reply@hiwar.eg>',
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      WHATSAPP_TOKEN: 'wa',
      WHATSAPP_PHONE_ID: '123',
      TELEGRAM_BOT_TOKEN: 'tg',
      TELEGRAM_BOT_USERNAME: 'HiwarBot',
      TELEGRAM_WEBHOOK_SECRET: 'telegram-webhook-secret-1',
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_BUCKET: 'hiwar',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      mailFrom: 'Hiwar <no-reply@hiwar.eg>',
      googleClientId: 'abc.apps.googleusercontent.com',
      whatsapp: { token: 'wa', phoneId: '123', template: undefined },
      telegram: {
        botToken: 'tg',
        botUsername: 'HiwarBot',
        webhookSecret: 'telegram-webhook-secret-1',
        apiBase: 'https://api.telegram.org',
      },
      s3: { bucket: 'hiwar', region: 'us-east-1', accessKeyId: 'key' },
    });
  });

  it('refuses half a group and a non-SMTP mail URL', () => {
    expect(problemsOf({ ...base, WHATSAPP_TOKEN: 'wa' })).toEqual([
      'Invalid WHATSAPP_PHONE_ID: required together with WHATSAPP_TOKEN, WHATSAPP_PHONE_ID',
    ]);
    expect(problemsOf({ ...base, S3_BUCKET: 'b', S3_ENDPOINT: 'https://s3.example.com' })).toHaveLength(2);
    expect(problemsOf({ ...base, TELEGRAM_BOT_TOKEN: 'tg' })).toHaveLength(2);
    expect(problemsOf({ ...base, TELEGRAM_BOT_USERNAME: '@HiwarBot' })[0]).toMatch(/TELEGRAM_BOT_USERNAME/);
    expect(problemsOf({ ...base, SMTP_URL: 'http://mail.example.com' })[0]).toMatch(/SMTP_URL/);
  });
});

describe('shared files when several instances run', () => {
  const production = {
    APP_SERVER: 'production',
    JWT_SECRET: 'y'.repeat(40),
    DATABASE_URL: 'postgres://db/x',
    REDIS_URL: 'redis://cache:6379',
  };
  const s3 = {
    S3_ENDPOINT: 'https://s3.example.com',
    S3_BUCKET: 'hiwar',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('refuses REDIS_URL (several instances) with files on this disk, in one sentence', () => {
    expect(problemsOf(production)).toEqual([UNSHARED_FILES_MESSAGE]);
    expect(problemsOf({ ...production, APP_SERVER: 'staging' })).toEqual([UNSHARED_FILES_MESSAGE]);
    expect(UNSHARED_FILES_MESSAGE.split(/[.:;] (?=[A-Z])/)).toHaveLength(1);
    expect(UNSHARED_FILES_MESSAGE).toMatch(/S3_ENDPOINT.*FILES_SHARED_DISK=true/);
  });

  it('starts them with S3, or with a disk every instance mounts (FILES_SHARED_DISK=true)', () => {
    expect(loadConfig({ ...production, ...s3 }).s3).toMatchObject({ bucket: 'hiwar' });
    expect(loadConfig({ ...production, FILES_SHARED_DISK: 'true' }).s3).toBeUndefined();
    expect(problemsOf({ ...production, FILES_SHARED_DISK: 'maybe' })[0]).toMatch(/FILES_SHARED_DISK/);
  });

  it('leaves one instance (no REDIS_URL) and local mode on the local disk', () => {
    const { REDIS_URL: _, ...single } = production;
    expect(loadConfig(single).s3).toBeUndefined();
    expect(loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' }).s3).toBeUndefined();
  });
});

describe('ICE servers', () => {
  it('uses public STUN servers outside local mode unless STUN_URLS is set; none locally', () => {
    expect(loadConfig(base).ice.stunUrls).toEqual([]);
    const staging = { ...base, APP_SERVER: 'staging', DATABASE_URL: 'postgres://db/x' };
    expect(loadConfig(staging).ice.stunUrls).toEqual(DEFAULT_STUN_URLS);
    expect(loadConfig({ ...staging, STUN_URLS: 'stun:own:3478' }).ice.stunUrls).toEqual(['stun:own:3478']);
  });
});

describe('Fawry settings', () => {
  it('mounts the sandbox outside production when FAWRY_BASE_URL is unset, with a key made up at boot', () => {
    const first = loadConfig(base).fawry;
    expect(first).toMatchObject({ baseUrl: null, merchantCode: expect.any(String) });
    expect(first?.secureKey).toMatch(/^[0-9a-f]{48}$/);
    expect(loadConfig(base).fawry?.secureKey).not.toBe(first?.secureKey);
    const staging = loadConfig({ ...base, APP_SERVER: 'staging', DATABASE_URL: 'postgres://db/x' }).fawry;
    expect(staging?.baseUrl).toBeNull();
    // Staging is public: the sandbox's control API is locked unless a token is configured.
    expect(staging?.sandboxControlToken).toMatch(/^[0-9a-f]{48}$/);
    expect(first?.sandboxControlToken).toBeNull();
  });

  it('talks to real Fawry when FAWRY_BASE_URL is set, with its credentials', () => {
    expect(
      loadConfig({
        ...base,
        FAWRY_BASE_URL: 'https://atfawry.fawrystaging.com/',
        FAWRY_MERCHANT_CODE: '770000012345',
        FAWRY_SECURE_KEY: '11111111-2222-3333-4444-555555555555',
      }).fawry,
    ).toEqual({
      baseUrl: 'https://atfawry.fawrystaging.com',
      merchantCode: '770000012345',
      secureKey: '11111111-2222-3333-4444-555555555555',
      sandboxControlToken: null,
    });
    expect(problemsOf({ ...base, FAWRY_BASE_URL: 'https://www.atfawry.com' })).toHaveLength(2);
  });

  it('has no payment gateway in production without FAWRY_*', () => {
    const config = loadConfig({
      APP_SERVER: 'production',
      JWT_SECRET: 'y'.repeat(40),
      DATABASE_URL: 'postgres://db/x',
    });
    expect(config.fawry).toBeUndefined();
  });
});

describe('the dev clock setting', () => {
  it('is off by default and on with DEV_CLOCK=1 in local mode', () => {
    expect(loadConfig(base).devClock).toBe(false);
    expect(loadConfig({ ...base, DEV_CLOCK: '1' }).devClock).toBe(true);
    expect(loadConfig({ ...base, DEV_CLOCK: '0' }).devClock).toBe(false);
  });

  it('is refused outside local mode and for a value that is not a flag', () => {
    const deployed = { JWT_SECRET: 'y'.repeat(40), DATABASE_URL: 'postgres://db/x', DEV_CLOCK: '1' };
    expect(problemsOf({ ...deployed, APP_SERVER: 'staging' })).toEqual([
      'Invalid DEV_CLOCK: only allowed with APP_SERVER=local',
    ]);
    expect(problemsOf({ ...deployed, APP_SERVER: 'production' })[0]).toMatch(/DEV_CLOCK/);
    expect(problemsOf({ ...base, DEV_CLOCK: 'maybe' })[0]).toMatch(/DEV_CLOCK/);
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
