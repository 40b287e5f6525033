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
  const me = (session.user as { id: number }).id;
  const rooms = (await (await fetch(`${hiwar.urls.api}/chat/list/rooms/${me}/?size=100`, { headers: { authorization: `Bearer ${session.token}` } })).json()) as { list: { id: number; lastMessage: unknown }[] };
  const withMessages = rooms.list.find((r) => r.lastMessage) ?? rooms.list[0];
  for (const [name, target] of [['list', '/chat'], ['room', `/chat?room=${withMessages?.id}`], ['dash', '/s/dashboard']] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const [device, width] of [['desktop', 1280], ['mobile', 390]] as const) {
        const context = await browser.newContext({ locale: 'ar-EG', colorScheme: scheme, viewport: { width, height: 860 } });
        await context.addInitScript((stored) => {
          localStorage.setItem('auth-token', JSON.stringify({ type: 'bearer', value: stored.token }));
          localStorage.setItem('user', JSON.stringify({ user: stored.user, tutor: stored.tutor }));
        }, session);
        const page = await context.newPage();
        page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
        await page.goto(`${hiwar.urls.web}${target}`);
        await page.waitForTimeout(2500);
        await page.screenshot({ path: `/tmp/diag/${name}-${scheme}-${device}.png` });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await hiwar.close();
}
