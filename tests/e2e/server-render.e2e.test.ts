import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  lessonsMessages,
  messages,
  webMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { demo, signInToWeb } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const LIST = '/api/v1/user/tutor/list/onboarded';

/** Errors the page logged (a hydration mismatch is one) and requests to the tutors list, from now on. */
function watch(page: Page) {
  const errors: string[] = [];
  const listRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === LIST) {
      listRequests.push(request.url());
    }
  });
  return { errors, listRequests };
}

/**
 * Issue 26: the public pages visitors land on come as HTML with their content, and the browser takes
 * that HTML over (hydration) without a mismatch, without asking for the same data again, and works.
 */
describe.skipIf(skipE2E)('pages the server renders', () => {
  let tutor: { id: number; name: string };

  beforeAll(async () => {
    const answer = await fetch(`${urls.web}${LIST}?page=1&size=1`);
    const body = (await answer.json()) as { list: { id: number; name: string }[] };
    const first = body.list[0];
    if (!first) {
      throw new Error('the demo data lists no tutor');
    }
    tutor = first;
  });

  it('shows the home, the directory, a profile and the staff sign-in without any script', async () => {
    const { page, context } = await newPage({ javaScript: false });
    try {
      await page.goto(urls.web);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(webMessages.home.title);

      const directory = await page.goto(`${urls.web}/tutors`);
      expect(directory?.status()).toBe(200);
      const list = page.getByRole('region', { name: lessonsMessages.tutors.listLabel });
      await expect.poll(() => list.getByRole('link', { name: tutor.name }).count()).toBeGreaterThan(0);
      expect(await list.getByRole('link', { name: tutor.name }).first().getAttribute('href')).toBe(
        `/t/${tutor.id}`,
      );
      // A link is a link: without the app, it opens the server-rendered profile.
      await list.getByRole('link', { name: tutor.name }).first().click();
      await page.waitForURL(`${urls.web}/t/${tutor.id}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(tutor.name);

      const unknown = await page.goto(`${urls.web}/t/2147483000`);
      expect(unknown?.status()).toBe(404);

      await page.goto(`${urls.admin}/login`);
      const password = page.getByLabel(adminMessages.login.password, { exact: true });
      expect(await password.count()).toBe(1);
      // Unusable until the app has taken the form over: nothing typed is lost, nothing is sent natively.
      expect(await password.isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('hydrates the directory from the data in the page, then searches', async () => {
    const { page, context } = await newPage({ width: 412 });
    try {
      const seen = watch(page);
      await page.goto(`${urls.web}/tutors`);
      const search = page.getByRole('searchbox', { name: lessonsMessages.tutors.searchLabel });
      await expect.poll(() => search.isEnabled()).toBe(true);
      await audit(page, 'tutors (server-rendered, phone)');
      expect(seen.listRequests).toEqual([]);
      await search.fill(tutor.name);
      await page.waitForURL((url) => url.searchParams.get('q') === tutor.name);
      // The search asks the API (the first page came with the document; this one did not).
      await expect
        .poll(() => seen.listRequests.some((url) => new URL(url).searchParams.get('search') === tutor.name))
        .toBe(true);
      const list = page.getByRole('region', { name: lessonsMessages.tutors.listLabel });
      await expect.poll(() => list.getByRole('link', { name: tutor.name }).count()).toBeGreaterThan(0);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('hydrates a profile in the dark theme without a mismatch', async () => {
    const { page, context } = await newPage({ colorScheme: 'dark' });
    try {
      const seen = watch(page);
      await page.goto(`${urls.web}/t/${tutor.id}`);
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
      // The theme button names the real theme once the app has taken the page over.
      await page.getByRole('button', { name: messages.theme.switchToLight }).first().waitFor();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(tutor.name);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a signed-in student their own header over the server-rendered page', async () => {
    const { page, context } = await newPage();
    try {
      // A student of its own: the demo student's sign-ins across the journeys reach the login limit.
      const student = await createVerifiedStudent('طالب الصفحات المرسومة');
      await signInToWeb(page, student.email, student.password);
      const seen = watch(page);
      await page.goto(`${urls.web}/tutors`);
      await page.getByRole('link', { name: webMessages.nav.dashboard }).first().waitFor();
      expect(await page.getByRole('link', { name: webMessages.nav.register }).count()).toBe(0);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives the staff sign-in to the keyboard once the app has it', async () => {
    const { page, context } = await newPage();
    try {
      const seen = watch(page);
      await page.goto(`${urls.admin}/login`);
      const email = page.getByLabel(adminMessages.login.email);
      await expect.poll(() => email.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type(demo.superAdmin);
      expect(await email.inputValue()).toBe(demo.superAdmin);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
