import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { freePort } from './db/embedded.ts';
import { AVATAR, THUMBNAIL } from './modules/assets/media.ts';
import { TEST_JWT_SECRET } from './testing/app.ts';
import { createTestDatabase } from './testing/database.ts';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** A site file's configuration, its header comment left out. */
const body = (text: string) => text.slice(text.indexOf('# The API, realtime and the web app.'));

const NGINX = '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

// Issue 28: the only nginx file needed certificates before anything could be tried.
describe('deploy/nginx/hiwar-http.conf', () => {
  it('is hiwar.conf without its TLS lines', () => {
    const tls = /^\s*(listen 443 ssl http2;|ssl_\w+ .*;|# Once TLS works.*|# if \(\$scheme = http\).*)\n/gm;
    const plain = read('deploy/nginx/hiwar-http.conf');
    expect(body(plain)).toBe(body(read('deploy/nginx/hiwar.conf')).replace(tls, ''));
    expect(plain).not.toMatch(/\bssl\b|443/);
    expect(plain.match(/^\s*listen 80;$/gm)).toHaveLength(3);
  });

  it('passes nginx -t', (context) => {
    context.skip(!existsSync(NGINX), `nginx is not installed (${NGINX}; Debian: apt-get install nginx)`);
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'hiwar-nginx-http-'));
    try {
      const brotli = existsSync(BROTLI_MODULE);
      const site = read('deploy/nginx/hiwar-http.conf');
      writeFileSync(
        path.join(prefix, 'hiwar.conf'),
        brotli ? site : site.replace(/\n\s*brotli_static on;/, ''),
      );
      mkdirSync(path.join(prefix, 'temp'));
      writeFileSync(
        path.join(prefix, 'nginx.conf'),
        [
          `pid ${path.join(prefix, 'nginx.pid')};`,
          `error_log ${path.join(prefix, 'error.log')} warn;`,
          brotli ? `load_module ${BROTLI_MODULE};` : '',
          'events { worker_connections 64; }',
          'http {',
          '  include /etc/nginx/mime.types;',
          `  access_log ${path.join(prefix, 'access.log')};`,
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (name) => `  ${name}_temp_path ${path.join(prefix, 'temp', name)};`,
          ),
          `  include ${path.join(prefix, 'hiwar.conf')};`,
          '}',
        ].join('\n'),
      );
      const args = [
        '-t',
        '-q',
        '-p',
        prefix,
        '-c',
        path.join(prefix, 'nginx.conf'),
        '-e',
        path.join(prefix, 'error.log'),
      ];
      expect(() => execFileSync(NGINX, args, { stdio: 'pipe' })).not.toThrow();
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});

// Issue 28: under `npm run start:prod` a supervisor's main PID is npm's, not the server's.
describe('deploy/systemd/hiwar.service', () => {
  const unit = read('deploy/systemd/hiwar.service');
  const setting = (name: string) => unit.match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1];

  it('runs node itself on the server, signals it alone, and waits longer than the server does', () => {
    expect(setting('ExecStart')).toBe('/srv/hiwar/node_modules/.bin/node scripts/server-command.mjs start');
    expect(setting('WorkingDirectory')).toBe('/srv/hiwar');
    expect(setting('KillMode')).toBe('mixed');
    // The server gives itself SHUTDOWN_DRAIN_MS (5 s by default) plus 15 s.
    expect(Number(setting('TimeoutStopSec'))).toBeGreaterThan(20);
  });

  it('starts a server whose PID is the one systemd started, and which exits 0 on SIGTERM', async (context) => {
    context.skip(
      !existsSync(path.join(REPO_ROOT, 'apps/server/dist/main.js')),
      'no compiled server (apps/server/dist/main.js): run `npm run build`',
    );
    const [command, ...args] = setting('ExecStart')!
      .split(' ')
      .map((word) => word.replace(/^\/srv\/hiwar\//, `${REPO_ROOT}/`));
    const database = await createTestDatabase();
    try {
      const child = spawn(command!, args, {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          APP_SERVER: 'staging',
          DATABASE_URL: database.url,
          JWT_SECRET: TEST_JWT_SECRET,
          PORT: String(await freePort()),
          SERVE_STATIC: 'false',
          SHUTDOWN_DRAIN_MS: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += String(chunk);
      });
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        await expect.poll(() => stdout, { timeout: 45_000, interval: 200 }).toContain('"msg":"started"');
        const started = stdout
          .split('\n')
          .filter((line) => line.includes('"msg":"started"'))
          .map((line) => JSON.parse(line) as { pid: number })[0];
        expect(started?.pid, stderr).toBe(child.pid);
        child.kill('SIGTERM');
        expect(await exited, stderr).toBe(0);
      } finally {
        child.kill('SIGKILL');
      }
    } finally {
      await database.drop();
    }
  }, 60_000);
});

// Issue 28: a picture below the minimum is refused (`image-too-small`); the README says how small.
describe('the README', () => {
  it('states the minimum sizes of uploaded pictures as the server checks them', () => {
    const readme = read('README.md');
    expect(readme).toContain(`at least ${AVATAR.minWidth}×${AVATAR.minHeight} pixels`);
    expect(readme).toContain(`at least ${THUMBNAIL.minWidth}×${THUMBNAIL.minHeight} pixels`);
  });
});
