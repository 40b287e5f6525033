import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDashboardMessages,
  adminInterviewsMessages,
  adminLessonsMessages,
  adminMessages,
  adminPaymentsMessages,
  adminUsersMessages,
  invoicesMessages,
  messages,
  scheduleMessages,
  supportMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { demo, signInToAdmin } from './sign-in.ts';

/**
 * Every screen of the back office under axe-core, in both themes (issue 15): each route of
 * apps/admin/src/routes/admin.routes.tsx with real ids from the demo data, the dialogs its screens
 * open, filtered lists, empty states, forms showing their errors, the login page, the forbidden
 * screens and the 404. The SuperAdmin signs in once for the whole file (the login limit per account is
 * shared with the other journeys); a RegularAdmin and a student sign in once each for the screens only
 * their role meets.
 *
 * The same screens check the figures people read: Arabic-Indic digits, as in the web app and the
 * landing site (issue 15). Latin digits are left only to data people copy, which the admin writes in
 * a left-to-right run (`dir="ltr"`: e-mail addresses, phone numbers, codes, file and host names) or as
 * the user typed it (`dir="auto"`), and to form fields.
 */

type Listed = { id: number; email?: string };

/** Each test visits several screens, on a machine that may be busy with other suites. */
const SCREENS = { timeout: 300_000 };

/** Latin digits outside the runs kept Latin on purpose, per screen, for the last test to report. */
const latinFigures = new Map<string, string[]>();

/** A screen has loaded: its heading (or the dialog over it) shows, and no spinner or skeleton is left. */
async function settled(page: Page): Promise<void> {
  await page
    .getByRole('heading', { level: 1 })
    .or(page.getByRole('dialog'))
    .first()
    .waitFor({ state: 'visible' });
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="route-spinner"], .animate-pulse, [aria-busy="true"]') === null,
  );
}

/** The text of the page in Latin digits that is not data kept Latin on purpose. */
async function findLatinFigures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? '';
      const parent = node.parentElement;
      if (/[0-9]/.test(value) && parent && !parent.closest('[dir="ltr"], [dir="auto"], script, style')) {
        found.push(value.trim());
      }
    }
    return found;
  });
}

/** Audits the screen as it stands (both themes) and notes any Latin figure on it. */
async function check(page: Page, label: string): Promise<void> {
  await audit(page, label);
  const latin = await findLatinFigures(page);
  if (latin.length > 0) {
    latinFigures.set(`${label} (${new URL(page.url()).pathname}${new URL(page.url()).search})`, latin);
  }
}

/** Opens `path` in the back office, waits until it has loaded (and `ready`, if given) and checks it. */
async function visit(page: Page, path: string, label: string, ready?: Locator): Promise<void> {
  await page.goto(`${urls.admin}${path}`);
  await settled(page);
  await ready?.first().waitFor({ state: 'visible' });
  await check(page, label);
}

/** The open dialog, once it has loaded. */
async function openedDialog(page: Page, name?: string | RegExp): Promise<Locator> {
  const dialog = name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name });
  await dialog.waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.querySelector('[role="dialog"] .animate-pulse') === null);
  return dialog;
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** The token the admin stored for the signed-in staff member, to call the API as them. */
async function storedToken(page: Page): Promise<string | null> {
  const stored = await page.evaluate(() => localStorage.getItem('auth-token'));
  return stored ? ((JSON.parse(stored) as { value?: string }).value ?? null) : null;
}

/** Lists through the API as the signed-in staff member, for demo ids. */
async function apiList<T extends Listed>(page: Page, path: string): Promise<T[]> {
  return (await api<{ list: T[] }>('GET', path, await storedToken(page))).list;
}

/**
 * Text as people write it in Arabic, with a Latin word and figures, like the hex suffixes the
 * journeys add: the screens that show it must isolate it as written (`dir="auto"`), which the Latin
 * figure check accepts, rather than let it fall among the Arabic-Indic figures.
 */
function writtenWithLatin(arabic: string): string {
  return `${arabic} Zoom 5 ${randomBytes(3).toString('hex')}`;
}

function firstOf<T>(items: readonly T[], what: string): T {
  const item = items[0];
  if (item === undefined) {
    throw new Error(`The demo data has no ${what}`);
  }
  return item;
}

/**
 * Which way an icon points as drawn on screen (so a CSS mirror counts): the shape with a bend in its
 * middle (a chevron, an arrow's head) points to the side its middle sits on.
 */
async function pointing(icon: Locator): Promise<'left' | 'right' | 'unknown'> {
  return icon.evaluate((svg) => {
    for (const shape of svg.querySelectorAll<SVGGeometryElement>('path, polyline')) {
      const matrix = shape.getScreenCTM() ?? undefined;
      const length = shape.getTotalLength();
      const [start, middle, end] = [0, length / 2, length].map((at) => {
        const point = shape.getPointAtLength(at);
        return new DOMPoint(point.x, point.y).matrixTransform(matrix).x;
      }) as [number, number, number];
      if (middle < Math.min(start, end)) {
        return 'left';
      }
      if (middle > Math.max(start, end)) {
        return 'right';
      }
    }
    return 'unknown';
  });
}

describe.skipIf(skipE2E)('the back office for other roles, and signed out', SCREENS, () => {
  it('the login page, empty and with errors; a refused e-mail link', async () => {
    const { page, context } = await newPage();
    try {
      await visit(page, '/login', 'login');
      await page.getByRole('button', { name: adminMessages.login.submit }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await check(page, 'login, errors');
      await visit(page, '/verify-email?token=not-a-token', 'verify e-mail link, refused');
    } finally {
      await context.close();
    }
  });

  it('a RegularAdmin: plans read-only, and a section only a SuperAdmin opens', async () => {
    const { page, context } = await newPage();
    try {
      await signInToAdmin(page, demo.admin);
      await visit(page, '/plans', 'plans, read only', page.getByRole('table'));
      await visit(page, '/server-stats', 'server stats, no access');
    } finally {
      await context.close();
    }
  });

  it('a student who opens the back office sees the forbidden screen', async () => {
    const { page, context } = await newPage();
    try {
      await signInToAdmin(page, demo.student);
      await page.getByRole('heading', { name: adminUsersMessages.guard.forbiddenTitle }).waitFor();
      await check(page, 'forbidden (student)');
    } finally {
      await context.close();
    }
  });
});

describe.skipIf(skipE2E)('the back office, screen by screen (SuperAdmin)', SCREENS, () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ page, context } = await newPage());
    await signInToAdmin(page);
  }, SCREENS.timeout);

  afterAll(async () => {
    await context?.close();
  });

  it('dashboard, and the menu sheet on a phone', async () => {
    await visit(page, '/', 'dashboard');
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await page.getByRole('button', { name: messages.common.openMenu }).click();
      await openedDialog(page, adminMessages.sidebar);
      await check(page, 'dashboard, menu sheet (phone)');
      await closeDialog(page);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('users: list, filtered, no matches, page two', async () => {
    await visit(page, '/users', 'users', page.getByRole('table'));
    await visit(page, '/users?role=4&verified=true', 'users, filtered', page.getByRole('table'));
    await visit(page, '/users?search=zzzz-nobody', 'users, no matches');
    await visit(page, '/users?page=2', 'users, page 2', page.getByRole('table'));
  });

  it('users: the create-staff dialog with its errors', async () => {
    const text = adminUsersMessages.createStaff;
    await visit(page, '/users', 'users', page.getByRole('table'));
    await page.getByRole('button', { name: adminUsersMessages.users.newStaff }).click();
    const dialog = await openedDialog(page, text.title);
    await dialog.getByRole('button', { name: text.submit }).click();
    await dialog.locator('[aria-invalid="true"]').first().waitFor();
    await check(page, 'users, create staff dialog with errors');
    await closeDialog(page);
  });

  it('a student: profile, subscriptions and payments, the grant dialog', async () => {
    const users = await apiList(page, '/user/list?size=100');
    const student = users.find((user) => user.email === demo.student);
    await visit(page, `/user/${student?.id}`, 'user: student', page.getByRole('table'));
    await page.getByRole('button', { name: adminPaymentsMessages.billing.grant }).click();
    await openedDialog(page, adminPaymentsMessages.grant.title);
    await check(page, 'user: grant subscription dialog');
    await closeDialog(page);
    const refund = page.getByRole('button', { name: adminPaymentsMessages.billing.refund });
    if ((await refund.count()) > 0) {
      await refund.first().click();
      await openedDialog(page);
      await check(page, 'user: refund dialog');
      await closeDialog(page);
    }
  });

  it('a tutor and a staff member: user pages, the activation confirmation, an unknown user', async () => {
    const users = await apiList(page, '/user/list?size=100');
    const tutor = users.find((user) => user.email === demo.tutor);
    const manager = users.find((user) => user.email === demo.manager);
    await visit(page, `/user/${tutor?.id}`, 'user: tutor');
    await page.getByRole('switch', { name: adminUsersMessages.user.manage.activation }).click();
    await openedDialog(page);
    await check(page, 'user: deactivation confirmation');
    await closeDialog(page);
    await visit(page, `/user/${manager?.id}`, 'user: staff member');
    await visit(page, '/user/999999', 'user: not found');
  });

  it('tutor pages: listed with lessons and ratings, being onboarded, unknown', async () => {
    const res = await fetch(`${urls.web}/api/v1/user/tutor/list/onboarded?size=50`);
    const { list: cards } = (await res.json()) as {
      list: { id: number; ratingCount: number; lessonCount: number }[];
    };
    const rated = cards.find((card) => card.ratingCount > 0 && card.lessonCount > 0);
    await visit(
      page,
      `/tutor/${rated?.id}`,
      'tutor: listed, with lessons and ratings',
      page.getByRole('list', { name: adminLessonsMessages.tutor.ratings.list }),
    );
    const tutors = await apiList(page, '/user/list?size=100&role=3');
    const onboarding = tutors.find((tutor) => !cards.some((card) => card.id === tutor.id));
    await visit(page, `/tutor/${onboarding?.id}`, 'tutor: being onboarded');
    await visit(page, '/tutor/999999', 'tutor: not found');
  });

  it('withdrawal requests: list, filtered, empty, one request open, the methods', async () => {
    const invoices = await apiList(page, '/invoice/list?size=20');
    await visit(page, '/invoices', 'invoices', page.getByRole('table'));
    await visit(page, '/invoices?status=pending&method=instapay', 'invoices, filtered');
    await visit(page, '/invoices?from=2000-01-01&to=2000-01-02', 'invoices, none in range');
    await visit(page, `/invoices?invoice=${firstOf(invoices, 'withdrawal request').id}`, 'invoices, detail');
    await openedDialog(page);
    await check(page, 'invoices, request dialog');
    await closeDialog(page);
    await visit(page, '/invoices?tab=methods', 'invoices, withdraw methods');
  });

  it('plans, coupons and invites, with their forms', async () => {
    const text = adminPaymentsMessages;
    await visit(page, '/plans', 'plans', page.getByRole('table'));
    await page.getByRole('button', { name: text.plans.newPlan }).click();
    await openedDialog(page, text.planForm.createTitle);
    await check(page, 'plans, new plan dialog');
    await closeDialog(page);
    await visit(page, '/plans?tab=coupons', 'coupons', page.getByRole('table'));
    await page.getByRole('button', { name: text.coupons.newCoupon }).click();
    await openedDialog(page, text.couponForm.createTitle);
    await check(page, 'coupons, new coupon dialog');
    await closeDialog(page);
    await visit(page, '/plans?tab=invites', 'invites, none yet');
    await page.getByRole('button', { name: text.invites.newInvite }).click();
    await openedDialog(page, text.inviteForm.title);
    await check(page, 'invites, new invite dialog');
    await closeDialog(page);
  });

  it('interviews: list, filtered, no matches', async () => {
    await visit(page, '/interviews', 'interviews', page.getByRole('table'));
    await visit(page, '/interviews?signed=false', 'interviews, filtered');
    await visit(page, '/interviews?search=zzzz-nobody', 'interviews, no matches');
  });

  it('interviews: one interview open', async () => {
    const interviews = await apiList(page, '/interview/list/?size=20');
    await visit(page, `/interviews?interview=${firstOf(interviews, 'interview').id}`, 'interviews, detail');
    await openedDialog(page);
    await check(page, 'interviews, interview dialog');
    await closeDialog(page);
  });

  it('lessons: list, filtered, no matches, the cancel confirmation', async () => {
    await visit(page, '/lessons', 'lessons', page.getByRole('table'));
    await visit(page, '/lessons?status=1', 'lessons, filtered');
    await visit(page, '/lessons?search=zzzz-nobody', 'lessons, no matches');
    await visit(page, '/lessons', 'lessons', page.getByRole('table'));
    const cancel = page.getByRole('button', { name: scheduleMessages.adminLessons.cancel });
    if ((await cancel.count()) > 0) {
      await cancel.first().click();
      await openedDialog(page);
      await check(page, 'lessons, cancel confirmation');
      await closeDialog(page);
    }
  });

  it('topics with the add form and its errors', async () => {
    const text = scheduleMessages.adminTopics;
    await visit(page, '/topics', 'topics', page.getByRole('table'));
    await page.getByRole('button', { name: text.add }).click();
    const dialog = await openedDialog(page, text.addTitle);
    await dialog.getByRole('button', { name: messages.common.save }).click();
    await dialog.locator('[aria-invalid="true"]').first().waitFor();
    await check(page, 'topics, add dialog with errors');
    await closeDialog(page);
  });

  it('reports: open ones, all, no matches, one report open', async () => {
    // Any signed-in user may report; the SuperAdmin's own report spares another sign-in.
    const token = await storedToken(page);
    const written = await api<{ id: number }>('POST', '/report/', token, {
      title: writtenWithLatin('الكاميرا لا تعمل في الدرس'),
      description: writtenWithLatin('تظهر شاشة سوداء بعد دقيقة 2 من بداية الدرس'),
    });
    await api('POST', '/report/reply', token, {
      reportId: written.id,
      text: writtenWithLatin('جرّب إعادة تشغيل المتصفح'),
    });
    const reports = await apiList(page, '/report/list?size=20');
    await visit(page, '/reports', 'reports', page.getByRole('table'));
    await visit(page, '/reports?status=all', 'reports, all', page.getByRole('table'));
    await visit(page, '/reports?search=zzzz-nobody', 'reports, no matches');
    await visit(page, `/reports?status=all&report=${firstOf(reports, 'report').id}`, 'reports, detail');
    await openedDialog(page);
    await check(page, 'reports, report dialog');
    await closeDialog(page);
    await visit(page, `/reports?report=${written.id}`, 'reports, detail written with Latin');
    await (await openedDialog(page)).getByRole('listitem').first().waitFor();
    await check(page, 'reports, report dialog written with Latin, with a reply');
    await closeDialog(page);
  });

  it('contact requests: waiting, all, no matches', async () => {
    await api('POST', '/contact-request/', null, {
      name: writtenWithLatin('سارة'),
      phone: '01123456780',
      title: writtenWithLatin('سؤال عن باقات الشركات'),
      message: writtenWithLatin('نريد دروسًا لعشرة موظفين عبر'),
    });
    const list = page.getByRole('list', { name: supportMessages.adminContactRequests.list });
    await visit(page, '/contact-requests', 'contact requests', list);
    await visit(page, '/contact-requests?status=all', 'contact requests, all', list);
    await visit(page, '/contact-requests?search=zzzz-nobody', 'contact requests, no matches');
  });

  it('platform settings and the staff member’s own settings', async () => {
    await visit(page, '/platform-settings', 'platform settings');
    await visit(page, '/user-settings', 'user settings');
  });

  it('stored files with a preview, orphans only; the server figures', async () => {
    const text = adminDashboardMessages.media;
    await visit(page, '/media', 'media', page.getByRole('table'));
    await page.getByRole('table').getByRole('button').first().click();
    await openedDialog(page, text.previewTitle);
    await check(page, 'media, preview dialog');
    await closeDialog(page);
    await visit(page, '/media?orphaned=true', 'media, orphans only');
    await visit(
      page,
      '/server-stats',
      'server stats',
      page.getByRole('article').or(page.getByRole('region')),
    );
  });

  it('photo sessions: list, the assign dialog, missing only, a tutor, unknown', async () => {
    const text = adminInterviewsMessages.studioList;
    const tutors = await apiList(page, '/user/list?size=100&role=3');
    await visit(page, '/photo-sessions', 'photo sessions', page.getByRole('table'));
    await page
      .getByRole('button', { name: new RegExp(`^${text.assign}`) })
      .first()
      .click();
    await openedDialog(page);
    await check(page, 'photo sessions, assign dialog');
    await closeDialog(page);
    await visit(page, '/photo-sessions?missing=true', 'photo sessions, missing only');
    await visit(page, `/photo-session/${firstOf(tutors, 'tutor').id}`, 'photo session');
    await visit(page, '/photo-session/999999', 'photo session: not found');
  });

  it('the 404 page inside the shell', async () => {
    await visit(page, '/no/such/page', '404');
  });

  it('lists write their figures (ids, amounts, dates, counts, pages) with Arabic-Indic digits', async () => {
    const lessons = scheduleMessages.adminLessons.table;
    const invoices = invoicesMessages.admin.table;
    for (const [path, name] of [
      ['/lessons', lessons],
      ['/invoices', invoices],
    ] as const) {
      await visit(page, path, name, page.getByRole('table', { name }));
      const cells = (await page.getByRole('table', { name }).locator('tbody td').allInnerTexts()).join(' ');
      expect(cells).toMatch(/[٠-٩]/);
      expect(cells).not.toMatch(/[0-9]/);
      expect(await page.getByRole('navigation', { name }).innerText()).not.toMatch(/[0-9]/);
    }
  });

  it('pager and back-link arrows follow the reading direction: “next” points left in Arabic', async () => {
    const text = adminUsersMessages.users;
    await visit(page, '/users', 'users', page.getByRole('table'));
    const pager = page.getByRole('navigation', { name: text.pagination });
    const next = pager.getByRole('button', { name: text.nextPage }).locator('svg');
    const previous = pager.getByRole('button', { name: text.previousPage }).locator('svg');
    expect([await pointing(next), await pointing(previous)]).toEqual(['left', 'right']);
    const nextBox = await next.boundingBox();
    const previousBox = await previous.boundingBox();
    expect(nextBox && previousBox && nextBox.x < previousBox.x).toBe(true);

    const tutors = await apiList(page, '/user/list?size=5&role=3');
    await visit(page, `/tutor/${firstOf(tutors, 'tutor').id}`, 'tutor');
    const back = page.getByRole('link', { name: adminLessonsMessages.tutor.back }).locator('svg');
    expect(await pointing(back)).toBe('right');

    // They follow the direction itself, not a side chosen for Arabic: a left-to-right page turns them.
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'ltr'));
    try {
      expect(await pointing(back)).toBe('left');
      await page.getByRole('link', { name: adminMessages.nav.users }).first().click();
      await next.waitFor();
      expect([await pointing(next), await pointing(previous)]).toEqual(['right', 'left']);
    } finally {
      await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    }
  });

  it('no screen shows a Latin figure outside the data kept Latin on purpose', () => {
    expect(Object.fromEntries(latinFigures)).toEqual({});
  });
});
