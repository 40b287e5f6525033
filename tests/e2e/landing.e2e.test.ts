import { randomBytes } from 'node:crypto';
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../packages/ui/src/messages/error-messages.ts';
import {
  accountMessages,
  adminUsersMessages,
  landingMessages,
  messages,
  siteMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { signInToAdmin } from './sign-in.ts';

/** Spec §1's public marketing pages (`/url/{name}` is the journey below). */
const PUBLIC_PATHS = [
  '/',
  '/tutor',
  '/pricing',
  '/method',
  '/faq',
  '/faq/student',
  '/faq/tutor',
  '/contact',
  '/terms',
  '/privacy',
];

/** Every console error or warning and every uncaught error of a page, as text. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The marketing site as a visitor meets it in Chromium: static pages, small scripts, no errors. */
describe.skipIf(skipE2E)('the landing site', () => {
  it('opens every public page, with and without a trailing slash, without a console error or warning', async () => {
    const { page, context } = await newPage({ width: 390 });
    try {
      const problems = watchConsole(page);
      const titles = new Set<string>();
      for (const path of PUBLIC_PATHS) {
        for (const url of path === '/' ? ['/'] : [path, `${path}/`]) {
          const response = await page.goto(`${urls.landing}${url}`, { waitUntil: 'networkidle' });
          expect(response?.status(), url).toBe(200);
          expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
          expect(await page.locator('html').getAttribute('lang')).toBe('ar-EG');
          await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
          titles.add(await page.title());
        }
      }
      expect(titles.size).toBe(PUBLIC_PATHS.length);
      expect(problems).toEqual([]);
      const missing = await page.goto(`${urls.landing}/no/such/page`, { waitUntil: 'networkidle' });
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: messages.notFound.title }).waitFor();
      // Chromium reports the page's own 404 status; nothing else may go wrong on it.
      expect(problems).toEqual([
        'error: Failed to load resource: the server responded with a status of 404 (Not Found)',
      ]);
    } finally {
      await context.close();
    }
  });

  it('opens the menu on a phone and follows its links; switches the theme', async () => {
    const { page, context } = await newPage({ width: 390 });
    try {
      const problems = watchConsole(page);
      await page.goto(urls.landing);
      await page.getByRole('button', { name: messages.common.openMenu }).click();
      const menu = page.getByRole('dialog', { name: messages.common.menu });
      await menu.waitFor();
      await menu.getByRole('link', { name: landingMessages.nav.faq }).click();
      await page.waitForURL(/\/faq$/);
      await page.getByRole('button', { name: messages.theme.switchToDark }).click();
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
      await page.goto(`${urls.landing}/tutor`);
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('searches the FAQ and switches the pricing period', async () => {
    const { page, context } = await newPage();
    try {
      await page.goto(`${urls.landing}/faq`);
      await page.getByRole('searchbox', { name: siteMessages.faq.searchLabel }).fill('الاستوديو');
      await expect.poll(() => page.locator('details[data-faq-item]:visible').count()).toBeGreaterThan(0);
      expect(await page.locator('details[data-faq-item]:visible').count()).toBeLessThan(5);
      await page.locator('details[data-faq-item]:visible summary').first().click();
      await expect.poll(() => page.locator('details[open]').count()).toBe(1);

      await page.goto(`${urls.landing}/pricing`);
      await page.getByRole('tab', { name: /سنوي/ }).click();
      const card = page.getByRole('article').first();
      await expect
        .poll(() => card.getByRole('link', { name: /اشترك الآن/ }).getAttribute('href'))
        .toBe(`${urls.web}/subscription?period=year`);
      expect(await card.textContent()).toContain('وفّر ٢٥٪');
      await audit(page, 'pricing: yearly');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('checks the contact form in Arabic and sends it to the API', async () => {
    const { page, context } = await newPage();
    try {
      const problems = watchConsole(page);
      const text = siteMessages.contact;
      await page.goto(`${urls.landing}/contact`);
      await page.getByRole('button', { name: text.submit }).click();
      await page.getByRole('alert').filter({ hasText: text.fixErrors }).waitFor();
      await page.getByText(text.replyMissing).waitFor();
      await page.getByLabel(text.nameLabel, { exact: true }).fill('منى أحمد');
      await page.getByLabel(/^البريد الإلكتروني/).fill('mona@');
      await page.getByLabel(text.titleLabel, { exact: true }).fill('سؤال عن الباقات');
      await page
        .getByLabel(text.messageLabel, { exact: true })
        .fill('هل يمكنني تغيير الباقة في منتصف الشهر؟');
      await page.getByRole('button', { name: text.submit }).click();
      await page.getByText(errorMessages['invalid-email']).waitFor();
      await audit(page, 'contact: an invalid e-mail');
      // One real request (the API allows a few per address and hour).
      await page.getByLabel(/^البريد الإلكتروني/).fill(`mona.${randomBytes(3).toString('hex')}@example.com`);
      await page.getByRole('button', { name: text.submit }).click();
      await page.getByRole('heading', { name: text.sentTitle }).waitFor();
      await audit(page, 'contact: sent');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('keeps the source of a /url link through sign-up: staff see it on the user', async () => {
    const email = `lead.${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Start-pass-1';
    const { page, context } = await newPage();
    try {
      // A visitor follows the Facebook link and lands on the sign-up…
      await page.goto(`${urls.landing}/url/sfb`);
      await page.waitForURL(`${urls.web}/register/student?source=sfb`);
      await page.getByRole('button', { name: accountMessages.register.submit }).waitFor();
      // …looks at the prices first…
      await page.goto(`${urls.landing}/pricing`);
      await page.getByRole('article').first().waitFor();
      expect(await page.getByRole('article').count()).toBeGreaterThan(0);
      // …then signs up from the header, without the source in the address any more.
      await page.getByRole('banner').getByRole('link', { name: landingMessages.nav.register }).click();
      await page.waitForURL(`${urls.web}/register/student`);
      const account = accountMessages;
      await page.getByLabel(account.fields.email).fill(email);
      await page.getByLabel(account.fields.password, { exact: true }).fill(password);
      await page.getByLabel(account.fields.confirmPassword, { exact: true }).fill(password);
      await page.getByRole('button', { name: account.register.submit }).click();
      await page.waitForURL(/\/verify-email/);
      const userId = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { user?: { id?: number } }).user?.id,
      );
      expect(userId).toEqual(expect.any(Number));

      // Staff open the user in the back office.
      const staff = await newPage();
      try {
        await signInToAdmin(staff.page);
        await staff.page.goto(`${urls.admin}/user/${userId}`);
        const source = staff.page.locator('dt', { hasText: adminUsersMessages.user.fields.leadSource });
        await source.waitFor();
        expect(await source.locator('xpath=following-sibling::dd').textContent()).toContain(
          adminUsersMessages.user.leadSources.sfb,
        );
      } finally {
        await staff.context.close();
      }
    } finally {
      await context.close();
    }
  });
});
