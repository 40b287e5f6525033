import { afterAll, describe, expect, it } from 'vitest';
import { toLocalDate } from '../../packages/domain/src/index.ts';
import { formatDate } from '../../packages/ui/src/format.ts';
import { bookingWizardMessages as wizardText } from '../../packages/ui/src/messages/booking-wizard.messages.ts';
import {
  accountMessages,
  lessonsMessages,
  myTutorsMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { type ApiSession, api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { expectFocusInMain, expectFocusOn, press, tabTo } from './keyboard.ts';
import { bookableStarts } from './lessons.ts';
import { demo } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const text = lessonsMessages;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Lesson = { id: number; tutor: { id: number } };

/** The wizard's name for the local day of `start` (as its day buttons are labelled). */
const dayName = (start: string) =>
  formatDate(`${toLocalDate(new Date(start))}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/**
 * Issue 27: favourite tutors, with the keyboard alone. A visitor presses a tutor's heart in the
 * directory, signs in and comes back; the student saves the tutor there, sees them saved on the
 * profile and in "my tutors" on their home, books again from there, then unsaves them. Each screen is
 * audited with axe in both themes.
 */
describe.skipIf(skipE2E)('favourite tutors', () => {
  let student: ApiSession | null = null;
  let tutorId = 0;
  afterAll(async () => {
    if (!student) {
      return;
    }
    const token = student.token;
    const pending = await api<{ list: Lesson[] }>('GET', '/lesson/list/?status=pending', token);
    for (const lesson of pending.list) {
      await api('DELETE', `/lesson/${lesson.id}`, token).catch(() => undefined);
    }
    await api('DELETE', `/favorite/tutor/${tutorId}`, token).catch(() => undefined);
  });

  it('saves a tutor from the directory, finds them on the profile and at home, books again, unsaves', async () => {
    const credentials = await createVerifiedStudent('طالبة المفضلة');
    student = await login(credentials.email, credentials.password);
    const tutor = await login(demo.tutor);
    tutorId = tutor.user.id;
    const superAdmin = await login(demo.superAdmin);
    const tutorName = (await api<{ name: string }>('GET', `/user/tutor/info/${tutorId}`, null)).name;
    const savedIds = async () =>
      (await api<{ ids: number[] }>('GET', '/favorite/tutor/ids', (student as ApiSession).token)).ids;

    // A plan, so that "book again" can book; and a free time of the tutor within the first week.
    const plans = await api<{ list: { id: number; weeklyMinutes: number; active: boolean }[] }>(
      'GET',
      '/plan/list?size=100',
      superAdmin.token,
    );
    const plan = plans.list.find((candidate) => candidate.active && candidate.weeklyMinutes >= 30);
    if (!plan) {
      throw new Error('No active plan of half an hour a week or more');
    }
    await api('POST', '/sub/', superAdmin.token, { userId: student.user.id, planId: plan.id, period: 0 });
    await bookableStarts(tutor, student, {
      count: 1,
      from: 2 * HOUR,
      to: 6 * DAY,
      windowMs: 2 * HOUR,
      days: 5,
    });
    // The wizard opens on the day of the first start the tutor offers, 15 or 30 minutes long.
    const schedule = await api<{ bookable: { short: string[]; long: string[] } }>(
      'GET',
      `/availability-slot/?tutorId=${tutorId}&from=${new Date().toISOString()}&to=${new Date(Date.now() + 15 * DAY).toISOString()}`,
      student.token,
    );
    const first = [...schedule.bookable.short, ...schedule.bookable.long].sort()[0] as string;

    const { page, context } = await newPage();
    try {
      // A visitor: the heart is not pressed, and pressing it asks to sign in first.
      const directory = `${urls.web}/tutors?q=${encodeURIComponent(tutorName)}`;
      await page.goto(directory);
      const heart = page.getByRole('button', { name: text.favorites.save(tutorName), exact: true }).first();
      await tabTo(page, heart, { max: 60 });
      expect(await heart.getAttribute('aria-pressed')).toBe('false');
      await audit(page, 'favourites: the directory, signed out');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/login');

      // Signing in brings the student back to the same search.
      const email = page.getByLabel(accountMessages.fields.email);
      await expectFocusOn(email);
      await page.keyboard.type(credentials.email);
      await press(page, 'Tab');
      await page.keyboard.type(credentials.password);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/tutors' && url.searchParams.get('q') === tutorName);

      // Saved with Enter: pressed at once, and stored. The student's heart replaces the waiting one when
      // its code has loaded (a new button: the focus is taken to it after).
      await expect.poll(() => heart.getAttribute('aria-disabled')).toBeNull();
      await tabTo(page, heart, { max: 60 });
      expect(await heart.getAttribute('aria-pressed')).toBe('false');
      await page.keyboard.press('Enter');
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(savedIds).toEqual([tutorId]);
      await audit(page, 'favourites: the directory, a tutor saved');

      // The profile shows them saved.
      const name = page.getByRole('link', { name: tutorName, exact: true }).first();
      await tabTo(page, name, { backwards: true });
      await page.keyboard.press('Enter');
      await page.waitForURL(`${urls.web}/t/${tutorId}`);
      const profileHeart = page.getByRole('button', { name: text.favorites.saveHere, exact: true });
      await tabTo(page, profileHeart, { max: 60 });
      await expect.poll(() => profileHeart.getAttribute('aria-pressed')).toBe('true');
      await audit(page, 'favourites: the profile of a saved tutor');

      // "My tutors" on the home: book again with the keyboard, as from a lesson.
      await page.goto(`${urls.web}/s/dashboard`);
      const mine = page.getByRole('region', { name: text.dashboard.myTutors });
      const bookAgain = mine.getByRole('button', { name: myTutorsMessages.bookAgainWith(tutorName) });
      await bookAgain.waitFor();
      await expect
        .poll(() =>
          mine.getByRole('button', { name: text.favorites.save(tutorName) }).getAttribute('aria-pressed'),
        )
        .toBe('true');
      await audit(page, 'favourites: my tutors on the home');
      await tabTo(page, bookAgain, { max: 80 });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: wizardText.title(tutorName) });
      // The wizard opens on the first bookable day; Enter chooses it, Space the first length, Enter the
      // first time, Enter confirms.
      await expectFocusOn(dialog.getByRole('button', { name: dayName(first), exact: true }));
      await audit(page, 'favourites: book again, the wizard');
      await page.keyboard.press('Enter');
      await expectFocusOn(dialog.locator('input[type="radio"]:enabled').first());
      await page.keyboard.press('Space');
      await expectFocusOn(
        dialog.getByRole('list', { name: wizardText.timesLabel }).getByRole('button').first(),
      );
      await page.keyboard.press('Enter');
      await expectFocusOn(dialog.getByRole('button', { name: wizardText.confirm }));
      await page.keyboard.press('Enter');
      await page.waitForURL(`${urls.web}/upcoming-lessons`);
      await expectFocusInMain(page);
      const booked = await api<{ list: Lesson[] }>('GET', '/lesson/list/?status=pending', student.token);
      expect(booked.list.map((lesson) => lesson.tutor.id)).toEqual([tutorId]);

      // Back home: the tutor has a lesson to come; unsaving leaves them listed, the heart empty.
      await page.goto(`${urls.web}/s/dashboard`);
      const homeHeart = mine.getByRole('button', { name: text.favorites.save(tutorName) });
      await mine.getByText(new RegExp(myTutorsMessages.nextLesson('').trim())).waitFor();
      await expect.poll(() => homeHeart.getAttribute('aria-disabled')).toBeNull();
      await tabTo(page, homeHeart, { max: 80 });
      await expect.poll(() => homeHeart.getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('Enter');
      await expect.poll(() => homeHeart.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(savedIds).toEqual([]);
      await expectFocusOn(homeHeart);
      await audit(page, 'favourites: my tutors, the tutor unsaved');
    } finally {
      await context.close();
    }
  }, 300_000);
});
