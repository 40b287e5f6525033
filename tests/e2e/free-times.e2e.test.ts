import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BOUNDS, Role, restOfToday } from '../../packages/domain/src/index.ts';
import { formatDate, formatTime } from '../../packages/ui/src/format.ts';
import { bookingWizardMessages as wizardText } from '../../packages/ui/src/messages/booking-wizard.messages.ts';
import {
  accountMessages,
  freeTimesMessages,
  lessonsMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { expectFocusOn, expectVisibleFocus, press, tabTo } from './keyboard.ts';
import { demo } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const text = lessonsMessages;
const MINUTE = 60_000;

type TutorCard = { id: number; name: string; role: number };
type FreeTimes = { days: Array<{ date: string; starts: string[] }> };
type Listing = { list: TutorCard[]; total: number };

/** A time's accessible name on the profile: its day and its Cairo time. */
const timeName = (start: string) =>
  freeTimesMessages.time(
    formatDate(start, { weekday: 'long', day: 'numeric', month: 'long' }),
    formatTime(start),
  );

/**
 * A listed tutor (not a TutorManager) with a free time, and their first time that also starts half an
 * hour free (the next quarter is free too): a new student's trial lesson lasts 30 minutes.
 */
async function tutorWithFreeTime(): Promise<{ tutor: TutorCard; start: string }> {
  const { list } = await api<{ list: TutorCard[] }>('GET', '/user/tutor/list/onboarded?size=50', null);
  for (const tutor of list.filter((candidate) => candidate.role === Role.Tutor)) {
    const free = await api<FreeTimes>('GET', `/user/tutor/free-times/${tutor.id}`, null);
    const starts = free.days.flatMap((day) => day.starts);
    const start = starts.find((candidate) =>
      starts.includes(new Date(Date.parse(candidate) + 15 * 60_000).toISOString()),
    );
    if (start) {
      return { tutor, start };
    }
  }
  throw new Error('No listed tutor has a free time in the next seven days');
}

/** The tutor ids the directory's list shows (each card links to its profile). */
async function shownTutorIds(list: Locator): Promise<number[]> {
  const hrefs = await list
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [
    ...new Set(hrefs.filter((href) => /^\/t\/\d+$/.test(href)).map((href) => Number(href.slice(3)))),
  ].sort((a, b) => a - b);
}

/** Signs in on the login page the app sent the visitor to, with the keyboard alone. */
async function signInHere(page: Page, email: string, password: string) {
  const fields = accountMessages.fields;
  await expectFocusOn(page.getByLabel(fields.email));
  await page.keyboard.type(email);
  await press(page, 'Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/**
 * Issue 27: a tutor's next free times are on their public profile, in the page the server sends; a
 * visitor picks one with the keyboard, signs in, and comes back to the booking wizard set to that
 * time. The directory's "available today" filter keeps the tutors with a time left today.
 */
describe.skipIf(skipE2E)('free times on the profile and the directory', () => {
  it('a visitor picks a free time, signs in, and the wizard opens at it', async () => {
    const { tutor, start } = await tutorWithFreeTime();
    const back = `/t/${tutor.id}?at=${encodeURIComponent(start)}`;

    // In the HTML the server sends, before any script: the time as a link to sign in and come back.
    const html = await (await fetch(`${urls.web}/t/${tutor.id}`)).text();
    expect(html).toContain(freeTimesMessages.title);
    expect(html).toContain(`href="/login?redirect=${encodeURIComponent(back)}"`);

    const { page, context } = await newPage();
    try {
      const student = await createVerifiedStudent('طالب المواعيد المتاحة');
      await page.goto(`${urls.web}/t/${tutor.id}`);
      const times = page.getByRole('region', { name: freeTimesMessages.title });
      const time = times.getByRole('link', { name: timeName(start), exact: true });
      await time.waitFor();
      await audit(page, 'free times: profile, visitor');

      // The keyboard reaches the time and follows it to the sign-in.
      await tabTo(page, time, { max: 80 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(back);
      await signInHere(page, student.email, student.password);

      // Back on the profile with the time chosen: the wizard is open at it, for the trial lesson (a new
      // student has no plan; booking a paid lesson would only be refused).
      await page.waitForURL((url) => url.pathname === `/t/${tutor.id}`);
      expect(new URL(page.url()).searchParams.get('at')).toBe(start);
      const dialog = page.getByRole('dialog', { name: wizardText.trialTitle(tutor.name) });
      await dialog.waitFor();
      const day = formatDate(start, { weekday: 'long', day: 'numeric', month: 'long' });
      await expect.poll(() => dialog.textContent()).toContain(formatTime(start));
      expect(await dialog.textContent()).toContain(day);
      // The focus is on the step's choice: a length for that start, or the confirm button.
      await expectVisibleFocus(page);
      const focusedInside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(focusedInside).toBe(true);
      await audit(page, 'free times: wizard at the picked time');

      // Escape closes it, and the profile forgets the time.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForURL((url) => !url.searchParams.has('at'));
    } finally {
      await context.close();
    }
  }, 180_000);

  it('the directory’s “available today” filter narrows the list to tutors with a time left today', async () => {
    // The demo's windows start tomorrow: the demo tutor opens one later today, unless the day is over.
    const tutor = await login(demo.tutor);
    const start = Math.ceil((Date.now() + 75 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE;
    const window = { start: new Date(start).toISOString(), end: new Date(start + 45 * MINUTE).toISOString() };
    const fits = start + 45 * MINUTE <= restOfToday(new Date()).end.getTime();
    const saved = fits
      ? await api<{ list: Array<{ id: number }> }>('POST', '/availability-slot/', tutor.token, {
          create: [window],
        })
      : null;
    try {
      await checkTheFilter(saved !== null ? tutor.user.id : null);
    } finally {
      if (saved) {
        await api('POST', '/availability-slot/', tutor.token, { delete: saved.list.map((slot) => slot.id) });
      }
    }
  }, 180_000);
});

/** The directory with and without "available today", `openedToday` being a tutor sure to be kept. */
async function checkTheFilter(openedToday: number | null) {
  const LIST = '/user/tutor/list/onboarded?size=100';
  const all = await api<Listing>('GET', LIST, null);
  const today = await api<Listing>('GET', `${LIST}&available=today`, null);
  expect(today.total).toBeLessThan(all.total);
  if (openedToday !== null) {
    expect(today.list.map((tutor) => tutor.id)).toContain(openedToday);
  }
  // Each kept tutor has a free time today, by the profile's list, and each left out has none.
  const todayDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
  for (const tutor of all.list) {
    const free = await api<FreeTimes>('GET', `/user/tutor/free-times/${tutor.id}`, null);
    const hasToday = free.days.some((day) => day.date === todayDate && day.starts.length > 0);
    expect(
      today.list.some((kept) => kept.id === tutor.id),
      `${tutor.name} (${tutor.id})`,
    ).toBe(hasToday);
  }
  // The screen's first page (the default size), in the list's order.
  const firstPage = (answer: Listing) =>
    answer.list
      .slice(0, BOUNDS.pageSize.default)
      .map((tutor) => tutor.id)
      .sort((a, b) => a - b);

  const { page, context } = await newPage();
  try {
    await page.goto(`${urls.web}/tutors`);
    const list = page.getByRole('region', { name: text.tutors.listLabel });
    await list.getByRole('link').first().waitFor();
    const checkbox = page.getByRole('checkbox', { name: text.tutors.filters.availableToday });
    await expect.poll(async () => (await shownTutorIds(list)).length).toBeGreaterThan(0);
    const before = await shownTutorIds(list);
    expect(before).toEqual(firstPage(all));

    await tabTo(page, checkbox, { max: 40 });
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.get('available') === 'today');
    await expect.poll(() => shownTutorIds(list)).toEqual(firstPage(today));
    await page
      .getByText(
        today.total === 0
          ? text.tutors.empty
          : text.tutors.shown(Math.min(today.total, BOUNDS.pageSize.default), today.total),
      )
      .first()
      .waitFor();
    expect(await checkbox.isChecked()).toBe(true);
    await audit(page, 'free times: directory, available today');

    // Space again: every tutor is back.
    await page.keyboard.press('Space');
    await page.waitForURL((url) => !url.searchParams.has('available'));
    await expect.poll(() => shownTutorIds(list)).toEqual(before);
  } finally {
    await context.close();
  }
}
