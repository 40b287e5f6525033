import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWizardMessages as wizardText } from '../../packages/ui/src/messages/booking-wizard.messages.ts';
import {
  accountMessages,
  chatMessages,
  lessonsMessages,
  messages,
  scheduleMessages,
  siteMessages,
  supportMessages,
  webMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { DEMO_PASSWORD, demo, signInToWeb } from './sign-in.ts';

/**
 * Issue 15's sweep of the web app and the landing site: every route of apps/web (as a guest, the demo
 * student, tutor, TutorManager and Studio member) and every page of apps/landing, with the states a
 * person reaches on them (open dialogs and menus, switched tabs, a form's errors, empty and not-found
 * states, each step of the booking wizard), each audited by axe in both themes (a11y.ts). A critical,
 * serious or moderate violation anywhere fails this file. Each role signs in once for the whole file
 * (the login limit is shared with the other journeys).
 */

/** The machine may be busy: a sweep test visits many screens, each audited twice. */
const SWEEP_TIMEOUT = 900_000;

/** A fresh page with room for a slow machine (navigation and waits). */
async function openPage(options: { width?: number } = {}) {
  const opened = await newPage(options);
  opened.page.setDefaultTimeout(90_000);
  return opened;
}

/** Waits until the screen has drawn its content: a heading, no route spinner or skeleton left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await expect
    .poll(() => page.locator('[data-testid="route-spinner"], .animate-pulse:visible').count(), {
      timeout: 60_000,
    })
    .toBe(0);
}

/** Opens `path` of `base` and audits it. */
async function visit(page: Page, base: string, path: string, label = path): Promise<void> {
  await page.goto(`${base}${path}`);
  await settle(page);
  await audit(page, label);
}

/** Switches to each tab of the screen's first tab list in turn and audits each panel. */
async function auditTabs(page: Page, label: string): Promise<void> {
  const list = page.getByRole('tablist').first();
  await list.waitFor();
  const tabs = list.getByRole('tab');
  const count = await tabs.count();
  expect(count, `${label} has tabs`).toBeGreaterThan(1);
  for (let index = 0; index < count; index++) {
    const tab = tabs.nth(index);
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 60_000 }).toBe('true');
    await settle(page);
    await audit(page, `${label}: tab ${(await tab.textContent())?.trim()}`);
  }
}

/** Clicks `trigger`, audits the dialog (or menu) it opens, then closes it with Escape. */
async function auditOpened(page: Page, trigger: Locator, label: string, role: 'dialog' | 'menu' = 'dialog') {
  await trigger.click();
  const opened = page.getByRole(role).last();
  await opened.waitFor({ state: 'visible' });
  await settle(page);
  await audit(page, label);
  await page.keyboard.press('Escape');
  await opened.waitFor({ state: 'hidden' });
}

/** The header's account menu, opened and audited. */
async function auditAccountMenu(page: Page, label: string) {
  const trigger = page.getByRole('button', { name: new RegExp(`^${webMessages.account.menu}`) });
  await auditOpened(page, trigger, label, 'menu');
}

/** The signed-in user's bearer token, as the web app keeps it. */
function tokenOf(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('auth-token') ?? '{}') as { value: string }).value,
  );
}

/** The demo tutor's profile path, found through the tutors list's search. */
async function openDemoTutor(page: Page): Promise<void> {
  await visit(page, urls.web, `/tutors?q=${encodeURIComponent('منى عادل')}`, '/tutors: searched');
  await page.getByRole('main').getByRole('link', { name: 'منى عادل' }).click();
  await page.waitForURL(/\/t\/\d+$/);
  // The list's heading stays up while the profile's route loads: wait for the profile's own.
  await page.getByRole('heading', { level: 1, name: 'منى عادل' }).waitFor();
  await settle(page);
}

/** A page signed in as one demo account, shared by the tests of its block. */
function signedIn(email: string, signIn: (page: Page, email: string) => Promise<void> = signInToWeb) {
  const state = {} as { page: Page; context: BrowserContext };
  beforeAll(async () => {
    Object.assign(state, await openPage());
    await signIn(state.page, email);
  }, SWEEP_TIMEOUT);
  afterAll(async () => {
    await state.context?.close();
  });
  return state;
}

const LANDING_PATHS = [
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

describe.skipIf(skipE2E)('accessibility of the landing site', () => {
  it(
    'every page on a desktop, the busiest on a phone',
    async () => {
      for (const width of [1280, 390]) {
        const { page, context } = await openPage({ width });
        try {
          // A phone gets the pages whose layout changes most on a narrow screen.
          const paths = width === 1280 ? [...LANDING_PATHS, '/no/such/page'] : ['/', '/pricing', '/contact'];
          for (const path of paths) {
            await visit(page, urls.landing, path, `${path} (${width}px)`);
          }
        } finally {
          await context.close();
        }
      }
    },
    SWEEP_TIMEOUT,
  );

  it(
    'the phone menu, the pricing periods, an open FAQ answer and the contact form with errors',
    async () => {
      const { page, context } = await openPage({ width: 390 });
      try {
        await page.goto(urls.landing);
        await settle(page);
        await page.getByRole('button', { name: messages.common.openMenu }).click();
        await page.getByRole('dialog', { name: messages.common.menu }).waitFor();
        await audit(page, 'phone menu');
        await page.keyboard.press('Escape');

        await visit(page, urls.landing, '/pricing');
        await auditTabs(page, '/pricing');

        await visit(page, urls.landing, '/faq');
        const search = page.getByRole('searchbox', { name: siteMessages.faq.searchLabel });
        await search.fill('الاستوديو');
        await page.locator('details[data-faq-item]:visible summary').first().click();
        await audit(page, '/faq: searched, one answer open');
        await search.fill('كلمة لا توجد أبدًا');
        await expect.poll(() => page.locator('details[data-faq-item]:visible').count()).toBe(0);
        await audit(page, '/faq: nothing found');

        await visit(page, urls.landing, '/contact');
        await page.getByRole('button', { name: siteMessages.contact.submit }).click();
        await page.getByRole('alert').filter({ hasText: siteMessages.contact.fixErrors }).waitFor();
        await audit(page, '/contact: errors shown');
      } finally {
        await context.close();
      }
    },
    SWEEP_TIMEOUT,
  );
});

describe.skipIf(skipE2E)('accessibility of the web app for a guest', () => {
  it(
    'every public route, and a tutor profile with its tabs',
    async () => {
      const { page, context } = await openPage();
      try {
        for (const path of [
          '/',
          '/login',
          '/register/student',
          '/register/tutor',
          '/verify-email',
          '/forget-password',
          '/reset-password',
          '/tutors',
          '/t/999999',
          '/no/such/page',
          // A private route signed out: the login page, told where to return.
          '/s/dashboard',
        ]) {
          await visit(page, urls.web, path);
        }
        await openDemoTutor(page);
        await audit(page, '/t/:id');
        await auditTabs(page, '/t/:id');
      } finally {
        await context.close();
      }
    },
    SWEEP_TIMEOUT,
  );

  it(
    'forms with their errors, an empty search, the phone menu',
    async () => {
      const { page, context } = await openPage({ width: 390 });
      try {
        await visit(page, urls.web, '/login');
        await page.getByRole('button', { name: accountMessages.login.submit }).click();
        await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
        await audit(page, '/login: errors shown');

        await visit(page, urls.web, '/register/student');
        await page.getByRole('button', { name: accountMessages.register.submit }).click();
        await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
        await audit(page, '/register/student: errors shown');

        await visit(
          page,
          urls.web,
          `/tutors?q=${encodeURIComponent('لا يوجد معلم بهذا الاسم')}`,
          '/tutors: nothing found',
        );

        await visit(page, urls.web, '/');
        await auditOpened(page, page.getByRole('button', { name: messages.common.openMenu }), 'phone menu');
      } finally {
        await context.close();
      }
    },
    SWEEP_TIMEOUT,
  );
});

describe.skipIf(skipE2E)('accessibility of the web app for the demo student', () => {
  const student = signedIn(demo.student);

  it(
    'the dashboard, lessons, the schedule and its views, a lesson opened, the room, the account menu',
    async () => {
      const { page } = student;
      await visit(page, urls.web, '/s/dashboard');
      await auditAccountMenu(page, '/s/dashboard: account menu');
      await visit(page, urls.web, '/upcoming-lessons');
      await visit(page, urls.web, '/lessons-schedule');
      await auditTabs(page, '/lessons-schedule');
      const chip = page.getByRole('main').locator('ol li button').first();
      if ((await chip.count()) > 0) {
        await auditOpened(page, chip, '/lessons-schedule: a lesson opened');
      }
      const { list } = await api<{ list: { id: number }[] }>(
        'GET',
        '/lesson/list/?size=1',
        await tokenOf(page),
      );
      const [lesson] = list;
      expect(lesson, 'the demo student has a lesson').toBeDefined();
      await visit(page, urls.web, `/lesson/${lesson?.id}`, '/lesson/:id');
      await visit(page, urls.web, '/session');
    },
    SWEEP_TIMEOUT,
  );

  it(
    'a tutor profile and each step of the booking wizard',
    async () => {
      const { page } = student;
      await openDemoTutor(page);
      await audit(page, '/t/:id (student)');
      await page.getByRole('button', { name: lessonsMessages.profile.book }).click();
      const wizard = page.getByRole('dialog');
      const text = wizardText;
      const steps = ['date', 'duration', 'time', 'confirm'] as const;
      for (const [index, step] of steps.entries()) {
        await wizard.getByText(`${text.step(index + 1, steps.length)}: ${text.steps[step]}`).waitFor();
        await settle(page);
        await audit(page, `booking wizard: ${step}`);
        if (step !== 'confirm') {
          // Each step opens with the focus on its first choice (issue 15, keyboard): Space takes it.
          await page.keyboard.press('Space');
        }
      }
      await page.keyboard.press('Escape');
      await wizard.waitFor({ state: 'hidden' });
    },
    SWEEP_TIMEOUT,
  );

  it(
    'chat: the rooms, a conversation and its menus',
    async () => {
      const { page } = student;
      await visit(page, urls.web, '/chat');
      await page
        .getByRole('main')
        .getByRole('link', { name: /منى عادل/ })
        .first()
        .click();
      await page.getByRole('textbox').first().waitFor();
      await settle(page);
      await audit(page, '/chat: a room open');
      const options = page
        .getByRole('main')
        .getByRole('button', { name: chatMessages.rooms.options('منى عادل') });
      await auditOpened(page, options.first(), '/chat: room options menu', 'menu');
    },
    SWEEP_TIMEOUT,
  );

  it(
    'subscription and its periods, checkout, payments',
    async () => {
      const { page } = student;
      await visit(page, urls.web, '/subscription');
      await auditTabs(page, '/subscription');
      await page.locator('main a[href^="/checkout/"]').first().click();
      await page.waitForURL(/\/checkout\//);
      await settle(page);
      await audit(page, '/checkout/:planId/:period');
      await visit(page, urls.web, '/checkout/result');
      await visit(page, urls.web, '/card-added');
      await visit(page, urls.web, '/payments');
    },
    SWEEP_TIMEOUT,
  );

  it(
    'settings and each tab, profile, reports and a new report',
    async () => {
      const { page } = student;
      await visit(page, urls.web, '/s/settings');
      await auditTabs(page, '/s/settings');
      await visit(page, urls.web, '/profile');
      await visit(page, urls.web, '/complete-profile');
      await visit(page, urls.web, '/reports');
      await auditOpened(
        page,
        page.getByRole('button', { name: supportMessages.myReports.newReport }),
        '/reports: new report',
      );
    },
    SWEEP_TIMEOUT,
  );
});

describe.skipIf(skipE2E)('accessibility of the web app for the demo tutor', () => {
  const tutor = signedIn(demo.tutor);

  it(
    'dashboard, onboarding, schedules and the window dialog, lessons, interviews, invoices',
    async () => {
      const { page } = tutor;
      await visit(page, urls.web, '/t/dashboard');
      await auditAccountMenu(page, '/t/dashboard: account menu');
      await visit(page, urls.web, '/tutor/onboarding');
      await visit(page, urls.web, '/schedule-management');
      await auditOpened(
        page,
        page.getByRole('main').getByRole('button', { name: scheduleMessages.management.addWindow }).first(),
        '/schedule-management: add a window',
      );
      await visit(page, urls.web, '/lessons-schedule');
      await auditTabs(page, '/lessons-schedule (tutor)');
      await visit(page, urls.web, '/interviews');
      await visit(page, urls.web, '/invoices');
      await auditTabs(page, '/invoices');
    },
    SWEEP_TIMEOUT,
  );

  it(
    'settings and each tab, profile, chat and reports',
    async () => {
      const { page } = tutor;
      await visit(page, urls.web, '/t/settings');
      await auditTabs(page, '/t/settings');
      await visit(page, urls.web, '/t/complete-profile');
      await visit(page, urls.web, '/profile');
      await visit(page, urls.web, '/chat');
      await visit(page, urls.web, '/reports');
    },
    SWEEP_TIMEOUT,
  );
});

describe.skipIf(skipE2E)('accessibility of the web app for the demo TutorManager', () => {
  const manager = signedIn(demo.manager);

  it(
    'dashboard, interviews and each tab, onboarding, schedules and invoices',
    async () => {
      const { page } = manager;
      await visit(page, urls.web, '/t/dashboard');
      await visit(page, urls.web, '/interviews');
      await auditTabs(page, '/interviews (manager)');
      await visit(page, urls.web, '/tutor/onboarding');
      await visit(page, urls.web, '/schedule-management');
      await visit(page, urls.web, '/lessons-schedule');
      await visit(page, urls.web, '/invoices');
    },
    SWEEP_TIMEOUT,
  );
});

/** Staff sign in on the web app's form and stay on it: it sends them to the back office. */
async function signInAsStaff(page: Page, email: string): Promise<void> {
  await page.goto(`${urls.web}/login`);
  await page.getByLabel(accountMessages.fields.email).fill(email);
  await page.getByLabel(accountMessages.fields.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: accountMessages.login.submit }).click();
  await page.getByRole('heading', { name: accountMessages.login.staffTitle }).waitFor();
}

describe.skipIf(skipE2E)('accessibility of the web app for the demo Studio member', () => {
  const studio = signedIn(demo.studio, signInAsStaff);

  it(
    'the back-office notice, home, profile, chat and reports',
    async () => {
      const { page } = studio;
      await settle(page);
      await audit(page, '/login: staff notice');
      await visit(page, urls.web, '/');
      await auditAccountMenu(page, '/: account menu (studio)');
      await visit(page, urls.web, '/profile');
      await visit(page, urls.web, '/chat');
      await visit(page, urls.web, '/reports');
    },
    SWEEP_TIMEOUT,
  );
});
