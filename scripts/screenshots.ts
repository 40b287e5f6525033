/**
 * `npx tsx scripts/screenshots.ts [path…]`: starts the product on throw-away data and saves PNGs
 * of pages in light and dark themes, desktop and mobile, under docs/screens/ (to look at them).
 * A path is `web:/login`, `admin:/users` or `landing:/`.
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
buildFrontEnds({ quiet: true });
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
const outDir = path.join(ROOT, 'docs/screens');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath() ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const target of targets) {
    const [app, pathname = '/'] = target.split(':') as [keyof typeof hiwar.urls, string];
    const base = hiwar.urls[app];
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
        await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
        const name = `${app}${pathname.replaceAll('/', '-').replace(/-$/, '') || '-home'}-${colorScheme}-${device}.png`;
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
