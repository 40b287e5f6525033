import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { startHiwar } from '../apps/server/src/server.ts';
import { buildFrontEnds } from './lib/front-ends.ts';

if (process.env.SKIP_BUILD !== '1') buildFrontEnds({ quiet: true });
const [port, adminPort, landingPort] = [await freePort(), await freePort(), await freePort()];
const hiwar = await startHiwar(
  loadConfig({ APP_SERVER: 'local', PORT: String(port), ADMIN_PORT: String(adminPort), LANDING_PORT: String(landingPort), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hiwar-diag-')), LOG_LEVEL: 'warn' }),
  { embeddedPersistent: false },
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const login = hiwar.demoLogins.find((c) => c.role === 'Student')!;
  const res = await fetch(`${hiwar.urls.api}/auth/password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: login.email, password: login.password }) });
  const session = (await res.json()) as { token: string; user: unknown; tutor: unknown };
  const context = await browser.newContext({ locale: 'ar-EG' });
  await context.addInitScript((stored) => {
    localStorage.setItem('auth-token', JSON.stringify({ type: 'bearer', value: stored.token }));
    localStorage.setItem('user', JSON.stringify({ user: stored.user, tutor: stored.tutor }));
  }, session);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message, e.stack?.split('\n').slice(0, 4).join(' | ')));
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text().slice(0, 300)));
  page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()); });
  page.on('requestfailed', (r) => console.log('FAILED', r.url(), r.failure()?.errorText));
  await page.goto(`${hiwar.urls.web}${process.env.DIAG_PATH ?? '/chat'}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  console.log('BODY', (await page.textContent('body'))?.slice(0, 300));
  const html = await page.content();
  console.log('HTML', html.length, html.slice(html.indexOf('<body'), html.indexOf('<body') + 1500));
} finally {
  await browser.close();
  await hiwar.close();
}
