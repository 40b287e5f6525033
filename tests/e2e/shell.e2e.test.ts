import { describe, expect, it } from 'vitest';
import { adminMessages, messages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { signInToAdmin } from './sign-in.ts';

/** The three front ends as a person meets them: Arabic, right-to-left, Cairo, themes, 404s. */
describe.skipIf(skipE2E)('the shells of the three apps', () => {
  it.each([
    ['web', () => urls.web],
    ['admin', () => urls.admin],
    ['landing', () => urls.landing],
  ])('%s is Arabic, right-to-left and set in Cairo', async (_name, url) => {
    const { page, context } = await newPage();
    try {
      await page.goto(url());
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ar-EG');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(font.split(',')[0]?.replaceAll(/["']/g, '').trim()).toBe('Cairo');
      expect(await page.evaluate(() => document.fonts.check('16px Cairo', 'حوار'))).toBe(true);
      // The admin's first screen (its login page) loads lazily after the shell: audit it once shown.
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await audit(page, 'home');
    } finally {
      await context.close();
    }
  });

  it('admin asks for its Arabic font as it boots, not once its first screen has text', async () => {
    const { page, context } = await newPage();
    try {
      // At the load event a signed-out visitor's first screen may still be empty (a redirect to /login,
      // whose code is a chunk of its own): Cairo's Arabic face is already on its way, or arrived.
      await page.goto(urls.admin);
      const cairo = await page.evaluate(() =>
        [...document.fonts]
          .filter(
            (face) => face.family.replaceAll('"', '') === 'Cairo' && face.unicodeRange.includes('U+600'),
          )
          .map((face) => `${face.weight} ${face.status}`),
      );
      expect(cairo).toEqual(expect.arrayContaining([expect.stringMatching(/^400 (loading|loaded)$/)]));
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      expect(await page.evaluate(() => document.fonts.check('16px Cairo', 'حوار'))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('switches the web theme with the toggle and keeps it after a reload', async () => {
    const { page, context } = await newPage({ colorScheme: 'light' });
    try {
      await page.goto(urls.web);
      const html = page.locator('html');
      await expect.poll(() => html.getAttribute('data-theme')).toBe('light');
      await page.getByRole('button', { name: messages.theme.switchToDark }).first().click();
      await expect.poll(() => html.getAttribute('data-theme')).toBe('dark');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await page.reload();
      await expect.poll(() => html.getAttribute('data-theme')).toBe('dark');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
      await page.getByRole('button', { name: messages.theme.switchToLight }).first().click();
      await expect.poll(() => html.getAttribute('data-theme')).toBe('light');
    } finally {
      await context.close();
    }
  });

  it('follows the OS preference before any choice is made', async () => {
    const { page, context } = await newPage({ colorScheme: 'dark' });
    try {
      await page.goto(urls.admin);
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    } finally {
      await context.close();
    }
  });

  it.each([
    ['web', () => `${urls.web}/no/such/page`],
    ['admin', () => `${urls.admin}/no/such/page`],
    ['landing', () => `${urls.landing}/no/such/page`],
  ])('%s shows the 404 page on an unknown route', async (name, url) => {
    const { page, context } = await newPage();
    try {
      if (name === 'admin') {
        await signInToAdmin(page);
      }
      await page.goto(url());
      // The admin's screens, its 404 among them, load lazily after the shell: wait for the heading.
      await page.getByRole('heading', { level: 1, name: messages.notFound.title }).waitFor();
      await audit(page, '404');
      await page
        .getByRole('link', { name: messages.notFound.action })
        .or(page.getByRole('button', { name: messages.notFound.action }))
        .first()
        .click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    } finally {
      await context.close();
    }
  });

  it('admin shows a spinner while a lazy route loads, then the screen', async () => {
    const { page, context } = await newPage();
    try {
      await signInToAdmin(page);
      await page.waitForLoadState('networkidle');
      // Hold back the next route chunk so the loading state is observable.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('link', { name: adminMessages.nav.users }).first().click();
      await page.getByTestId('route-spinner').waitFor({ state: 'visible' });
      release();
      await page.getByRole('heading', { name: adminMessages.nav.users }).waitFor({ state: 'visible' });
      expect(await page.getByTestId('route-spinner').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('landing pages are prerendered HTML that reads without JavaScript', async () => {
    const response = await fetch(urls.landing);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(/<html[^>]*lang="ar-EG"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar-EG"/);
    expect(html).toMatch(/<h1[^>]*>[^<]*[\u0600-\u06FF]/);
    expect(html).toContain('og:title');
  });
});
