import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { registerApps } from './a11y.ts';
import { chromiumPath } from './chromium.ts';

/** True when this machine has no Chromium and e2e is not required: suites use `describe.skipIf`. */
export const skipE2E = Boolean(inject('e2eSkip'));

export const urls = {
  web: inject('webUrl'),
  admin: inject('adminUrl'),
  landing: inject('landingUrl'),
};
registerApps(urls);

let browser: Browser | undefined;

/**
 * What the apps' Content-Security-Policy blocked on any page of this file (issue 14: the journeys
 * run under the real CSP, and a violation fails the file).
 */
const cspViolations: string[] = [];

afterAll(async () => {
  await browser?.close();
  browser = undefined;
  if (cspViolations.length > 0) {
    throw new Error(`Content-Security-Policy violations:\n${[...new Set(cspViolations)].join('\n')}`);
  }
});

/** One browser per test file, closed after it; each call gives a fresh context (no shared storage). */
export async function newPage(
  options: { colorScheme?: 'light' | 'dark'; width?: number; javaScript?: boolean } = {},
): Promise<{
  page: Page;
  context: BrowserContext;
}> {
  if (!browser) {
    const executablePath = chromiumPath();
    if (!executablePath) {
      throw new Error('Chromium not found');
    }
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--allow-loopback-in-peer-connection',
      ],
    });
  }
  const context = await browser.newContext({
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 800 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      cspViolations.push(`${message.location().url}: ${message.text()}`);
    }
  });
  const page = await context.newPage();
  return { page, context };
}
