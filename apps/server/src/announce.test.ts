import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce } from './announce.ts';
import type { AppConfig } from './config.ts';
import type { RunningHiwar } from './server.ts';

const urls = {
  web: 'https://hiwar.example',
  api: 'https://hiwar.example/api/v1',
  admin: 'https://admin.hiwar.example',
  landing: 'https://www.hiwar.example',
  docs: 'https://hiwar.example/api/docs',
};

function running(info: (...args: unknown[]) => void): RunningHiwar {
  return {
    urls,
    demoLogins: [{ role: 'Student', email: 'student@hiwar.test', password: 'hiwar-demo-1' }],
    app: { log: { info } },
  } as unknown as RunningHiwar;
}

const config = (appServer: AppConfig['appServer']) => ({ appServer }) as AppConfig;

afterEach(() => {
  vi.restoreAllMocks();
});

// Issue 28: the banner printed `API: …/api/v1` (404) and `/health`, where the README says
// `/health/ready`; under `start:prod` it was plain text inside the JSON log.
describe('the start banner', () => {
  it('on a terminal, prints addresses that answer: the API docs and readiness, never /api/v1 alone', () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    const info = vi.fn();
    announce(running(info), config('production'), true);
    const text = String(print.mock.calls[0]?.[0]);
    expect(text).toContain('API docs (OpenAPI):        https://hiwar.example/api/docs');
    expect(text).toContain('Health (readiness):        https://hiwar.example/health/ready');
    expect(text).not.toMatch(/\/api\/v1\b/);
    expect(text).not.toMatch(/\/health\s*$/m);
    expect(text).toContain('student@hiwar.test  /  hiwar-demo-1');
    expect(info).not.toHaveBeenCalled();
  });

  it('without a terminal outside local mode, is one JSON log record and nothing printed', () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    const info = vi.fn();
    announce(running(info), config('production'), false);
    expect(print).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(
      {
        urls: {
          web: urls.web,
          admin: urls.admin,
          landing: urls.landing,
          apiDocs: urls.docs,
          health: 'https://hiwar.example/health/ready',
        },
        // No passwords in logs.
        demoAccounts: [{ role: 'Student', email: 'student@hiwar.test' }],
      },
      'serving',
    );
  });

  it('for `npm start` (local mode, a warnings-only log) stays text even when piped', () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    const info = vi.fn();
    announce(running(info), config('local'), false);
    expect(String(print.mock.calls[0]?.[0])).toContain('Hiwar is running');
    expect(info).not.toHaveBeenCalled();
  });
});
