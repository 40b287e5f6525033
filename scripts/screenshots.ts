/**
 * `npx tsx scripts/screenshots.ts [path…]`: starts the product on throw-away data and saves PNGs
 * of pages in light and dark themes, desktop and mobile, under docs/screens/ (to look at them).
 * A path is `web:/login`, `admin:/users` or `landing:/`; `app@account:/path` first signs in as a demo
 * account (`super`, `admin`, `manager`, `studio`, `tutor`, `student`), e.g. `admin@super:/users`.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { startHiwar } from '../apps/server/src/server.ts';
import { chromiumPath } from '../tests/e2e/chromium.ts';
import { buildFrontEnds, ROOT } from './lib/front-ends.ts';

const targets = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['web:/', 'admin:/', 'landing:/'];
// Only the apps asked for: a broken build elsewhere does not stop a look at these.
const wanted = [...new Set(targets.map((target) => target.split(/[@:]/)[0]))] as Array<
  'web' | 'admin' | 'landing'
>;
buildFrontEnds({ quiet: true, apps: wanted });
const [port, adminPort, landingPort] = [await freePort(), await freePort(), await freePort()];
const hiwar = await startHiwar(
  loadConfig({
    APP_SERVER: 'local',
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    LANDING_PORT: String(landingPort),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hiwar-shots-')),
  }),
  { embeddedPersistent: false },
);
/** Demo account keywords → the role names the seed prints. */
const ACCOUNTS: Record<string, string> = {
  super: 'SuperAdmin',
  admin: 'RegularAdmin',
  manager: 'TutorManager',
  studio: 'Studio',
  tutor: 'Tutor',
  student: 'Student',
  applicant: 'Tutor (onboarding)',
};

/** Signs a demo account in through the API: what the SPA would store after its login form. */
async function demoSession(account: string): Promise<{ token: string; user: unknown; tutor: unknown }> {
  const login = hiwar.demoLogins.find((candidate) => candidate.role === ACCOUNTS[account]);
  if (!login) {
    throw new Error(`Unknown demo account "${account}" (use ${Object.keys(ACCOUNTS).join(', ')})`);
  }
  const response = await fetch(`${hiwar.urls.api}/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: login.email, password: login.password }),
  });
  if (!response.ok) {
    throw new Error(`Demo login as ${account} failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as { token: string; user: unknown; tutor: unknown };
}

const outDir = path.join(ROOT, 'docs/screens');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath() ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const target of targets) {
    const [appAndAccount = '', pathname = '/'] = target.split(/:(.*)/s) as [string, string];
    const [app, account] = appAndAccount.split('@') as [keyof typeof hiwar.urls, string | undefined];
    const base = hiwar.urls[app];
    const session = account ? await demoSession(account) : null;
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [device, width] of [
        ['desktop', 1280],
        ['mobile', 390],
      ] as const) {
        const context = await browser.newContext({
          colorScheme,
          viewport: { width, height: 860 },
          locale: 'ar-EG',
        });
        const page = await context.newPage();
        if (session) {
          // Same storage keys and shapes as the session code (token store) writes after a login.
          await context.addInitScript((stored) => {
            localStorage.setItem('auth-token', JSON.stringify({ type: 'bearer', value: stored.token }));
            localStorage.setItem('user', JSON.stringify({ user: stored.user, tutor: stored.tutor }));
          }, session);
        }
        await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
        const slug = pathname.replaceAll(/[/?=&]/g, '-').replace(/-+$/, '') || '-home';
        const name = `${app}${account ? `@${account}` : ''}${slug}-${colorScheme}-${device}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: device === 'desktop' });
        await context.close();
        console.log(`docs/screens/${name}`);
      }
    }
  }
} finally {
  await browser.close();
  await hiwar.close();
}
