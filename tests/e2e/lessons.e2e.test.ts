import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { toLocalDate } from '../../packages/domain/src/index.ts';
import { formatDate, formatTime } from '../../packages/ui/src/format.ts';
import { bookingWizardMessages as wizardText } from '../../packages/ui/src/messages/booking-wizard.messages.ts';
import { lessonsMessages, scheduleMessages } from '../../packages/ui/src/messages/messages.ts';
import { nouns, plural } from '../../packages/ui/src/messages/plural.ts';
import { audit } from './a11y.ts';
import { type ApiSession, api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { moveServerClock, resetServerClock } from './clock.ts';
import { bookableStarts } from './lessons.ts';
import { demo, signInToWeb } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const text = lessonsMessages;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Lesson = { id: number; start: string; end: string; status: string };

/**
 * The 30-minute starts between 13 hours from now (a cancellation then returns the minutes) and
 * 6 days (inside the subscription's first quota week), a two-hour window opened when fewer than
 * `count` are free.
 */
const startsThisWeek = (tutor: ApiSession, student: ApiSession, count: number) =>
  bookableStarts(tutor, student, { count, from: 13 * HOUR, to: 6 * DAY, windowMs: 2 * HOUR, days: 5 });

/** The wizard's name for a local day (as the day buttons are labelled). */
const dayName = (start: string) =>
  formatDate(`${toLocalDate(new Date(start))}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** In an open wizard: the day of `start` (moving on week by week), then that time. */
async function pickDayAndTime(page: Page, start: string, options: { duration?: boolean } = {}) {
  const dialog = page.getByRole('dialog');
  // The wizard loads the tutor (from a lesson) and their times before it shows the week.
  await dialog.getByText(wizardText.chooseDate).waitFor();
  const day = dialog.getByRole('button', { name: dayName(start), exact: true });
  for (let week = 0; week < 3 && !(await day.isVisible()); week++) {
    await dialog.getByRole('button', { name: wizardText.next }).click();
  }
  await day.click();
  if (options.duration) {
    // Choosing a length moves on to the times at once.
    await dialog.getByRole('radio', { name: wizardText.duration(30) }).click();
  }
  await dialog
    .getByRole('list', { name: wizardText.timesLabel })
    .getByRole('button', { name: formatTime(start), exact: true })
    .click();
}

const minutesLeft = (left: number, weekly: number) =>
  text.dashboard.remainingOf(plural(left, nouns.minutes), plural(weekly, nouns.minutes));

/**
 * A subscribed student finds a tutor, books, reschedules, cancels and rebooks a lesson; the tutor sees
 * it; once it is over (the server's and the browser's clocks moved past its end) the student rates the
 * tutor and the review shows on the tutor's profile.
 */
describe.skipIf(skipE2E)('lessons', () => {
  afterAll(async () => {
    await resetServerClock(urls.web);
  });

  it('book, reschedule, cancel, rebook, then rate the tutor after the lesson', async () => {
    // Names take letters only: a random Arabic surname keeps this student apart from earlier runs.
    const letters = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
    const surname = Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * letters.length)]).join(
      '',
    );
    const studentName = `طالبة ${surname}`;
    const credentials = await createVerifiedStudent(studentName);
    const student = await login(credentials.email, credentials.password);
    const tutor = await login(demo.tutor);
    const superAdmin = await login(demo.superAdmin);
    const tutorName = (await api<{ name: string }>('GET', `/user/tutor/info/${tutor.user.id}`, null)).name;

    // A plan granted by the SuperAdmin: its weekly minutes start now.
    const plans = await api<{ list: { id: number; weeklyMinutes: number; active: boolean }[] }>(
      'GET',
      '/plan/list?size=100',
      superAdmin.token,
    );
    const plan = plans.list.find((candidate) => candidate.active && candidate.weeklyMinutes >= 60);
    if (!plan) {
      throw new Error('No active plan of an hour a week or more');
    }
    await api('POST', '/sub/', superAdmin.token, { userId: student.user.id, planId: plan.id, period: 0 });
    const weekly = plan.weeklyMinutes;

    const { page, context } = await newPage();
    try {
      await signInToWeb(page, credentials.email, credentials.password);

      // Find the tutor on /tutors and open their profile.
      await page.goto(`${urls.web}/tutors`);
      await page.getByRole('searchbox', { name: text.tutors.searchLabel }).fill(tutorName);
      await page.waitForURL((url) => url.searchParams.get('q') === tutorName);
      await page.getByRole('link', { name: tutorName, exact: true }).first().click();
      await page.waitForURL(`${urls.web}/t/${tutor.user.id}`);

      // Book 30 minutes through the wizard.
      const [first] = await startsThisWeek(tutor, student, 2);
      await page.getByRole('button', { name: text.profile.book }).click();
      await pickDayAndTime(page, first as string, { duration: true });
      await page.getByRole('dialog').getByRole('button', { name: wizardText.confirm }).click();
      await page.waitForURL(`${urls.web}/upcoming-lessons`);
      await page
        .getByRole('heading', { name: text.lesson.with(tutorName) })
        .first()
        .waitFor();
      await audit(page, 'upcoming lessons: one booked');
      const booked = await api<{ list: Lesson[] }>('GET', '/lesson/list/?status=pending', student.token);
      expect(booked.list.map((lesson) => lesson.start)).toEqual([first]);

      // The dashboard shows the lesson and the minutes it spent.
      await page.goto(`${urls.web}/s/dashboard`);
      await page.getByText(minutesLeft(weekly - 30, weekly)).waitFor();
      const next = page.getByRole('region', { name: text.dashboard.nextLesson });
      await next.getByText(text.lesson.with(tutorName)).waitFor();
      await audit(page, 'student dashboard: the next lesson');

      // Reschedule to another free time of the tutor.
      const moveTo = (await startsThisWeek(tutor, student, 1)).find((start) => start !== first) as string;
      await next.getByRole('button', { name: text.lesson.reschedule }).click();
      await page.getByRole('dialog', { name: wizardText.rescheduleTitle(tutorName) }).waitFor();
      await pickDayAndTime(page, moveTo);
      await page.getByRole('dialog').getByRole('button', { name: wizardText.confirmReschedule }).click();
      await page.getByText(wizardText.rescheduled).first().waitFor();
      const moved = await api<{ list: Lesson[] }>('GET', '/lesson/list/?status=pending', student.token);
      expect(moved.list.map((lesson) => lesson.start)).toEqual([moveTo]);
      const lessonId = moved.list[0]?.id as number;

      // Cancel it, early enough for the minutes to come back.
      await next.getByRole('button', { name: text.lesson.cancel }).click();
      await page.getByRole('dialog').getByRole('button', { name: text.lesson.confirmCancel }).waitFor();
      await audit(page, 'cancel a lesson: confirmation');
      await page.getByRole('dialog').getByRole('button', { name: text.lesson.confirmCancel }).click();
      await page.getByText(text.lesson.canceled).first().waitFor();
      await page.getByText(minutesLeft(weekly, weekly)).waitFor();

      // Rebook it from the week of the cancelled lesson on /lessons-schedule.
      await page.goto(`${urls.web}/lessons-schedule?week=${toLocalDate(new Date(moveTo))}&view=list`);
      const canceledCard = page.getByRole('listitem').filter({ hasText: text.lesson.status.canceled });
      await canceledCard.first().waitFor();
      await audit(page, 'lessons schedule: list with a cancelled lesson');
      await canceledCard.getByRole('button', { name: text.lesson.rebook }).click();
      await page.getByRole('dialog', { name: wizardText.title(tutorName) }).waitFor();
      const [again] = await startsThisWeek(tutor, student, 1);
      // The earlier length (30 minutes) is chosen: day, then time.
      await pickDayAndTime(page, again as string);
      await page.getByRole('dialog').getByRole('button', { name: wizardText.confirm }).click();
      await page.waitForURL(`${urls.web}/upcoming-lessons`);
      const rebooked = await api<{ list: Lesson[] }>('GET', '/lesson/list/?status=pending', student.token);
      expect(rebooked.list).toHaveLength(1);
      const lesson = rebooked.list[0] as Lesson;
      expect(lesson.id).not.toBe(lessonId);
      expect(lesson.start).toBe(again);
      await page.goto(`${urls.web}/s/dashboard`);
      await page.getByText(minutesLeft(weekly - 30, weekly)).waitFor();
    } finally {
      await context.close();
    }

    // The tutor sees the lesson on their dashboard.
    const tutorView = await newPage();
    try {
      await signInToWeb(tutorView.page, demo.tutor);
      await tutorView.page.goto(`${urls.web}/t/dashboard`);
      await tutorView.page
        .getByRole('list', { name: scheduleMessages.dashboard.upcoming })
        .getByText(scheduleMessages.dashboard.withStudent(studentName))
        .waitFor();
      await audit(tutorView.page, 'tutor dashboard: an upcoming lesson');
    } finally {
      await tutorView.context.close();
    }

    // After the lesson: both clocks a minute past its end.
    const pending = await api<{ list: Lesson[] }>('GET', '/lesson/list/?status=pending', student.token);
    const lessonEnd = Date.parse((pending.list[0] as Lesson).end);
    const after = lessonEnd + MINUTE;
    await moveServerClock(urls.web, after - Date.now());
    const later = await newPage();
    try {
      await later.page.clock.install({ time: new Date(after) });
      await signInToWeb(later.page, credentials.email, credentials.password);
      await later.page.goto(`${urls.web}/s/dashboard`);
      const past = later.page.getByRole('region', { name: text.dashboard.past });
      await past.getByText(text.lesson.status.fulfilled).first().waitFor();
      await past.getByRole('button', { name: text.rate.action }).first().click();
      const dialog = later.page.getByRole('dialog', { name: text.rate.title(tutorName) });
      await dialog.getByRole('radio', { name: `${text.rate.star(5)}: ${text.rate.scale.excellent}` }).check();
      const review = `درس ممتاز ${studentName}`;
      await dialog.getByRole('textbox', { name: new RegExp(text.rate.textLabel) }).fill(review);
      await audit(later.page, 'rate a tutor: filled');
      await dialog.getByRole('button', { name: text.rate.submit }).click();
      await later.page.getByText(text.rate.rated).first().waitFor();

      // The review is on the tutor's profile.
      await later.page.goto(`${urls.web}/t/${tutor.user.id}`);
      await later.page.getByRole('tab', { name: new RegExp(text.profile.reviews) }).click();
      await later.page.getByText(review).waitFor();
      expect(await later.page.getByRole('button', { name: text.rate.editAction }).isVisible()).toBe(true);
    } finally {
      await later.context.close();
      await resetServerClock(urls.web);
    }
    // Room for the accessibility audits (a11y.ts) of the screens on the way.
  }, 420_000);
});
