import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addLocalDays,
  localDateTimeToInstant,
  toLocalDate,
  weekDates,
} from '../../packages/domain/src/index.ts';
import { formatDate, formatNumber, formatTime } from '../../packages/ui/src/format.ts';
import { messages } from '../../packages/ui/src/messages/messages.ts';
import { api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { moveServerClock, resetServerClock } from './clock.ts';
import { codeFromOutbox } from './outbox.ts';
import { joinFromPreJoin, loopbackOnly, videoWidth } from './room.ts';
import { demo, signInToAdmin, signInToWeb } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const account = messages.account;
const interviews = messages.interviews;
const onboarding = interviews.onboarding;
const admin = messages.adminInterviews;
const lessons = messages.lessons;
const MINUTE = 60_000;

type Interview = { id: number; start: string; end: string; interviewer: { id: number; name: string | null } };

/** A name of letters only, unlikely to match anyone else's (names take no digits). */
function uniqueName(first: string): string {
  const letters = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
  const surname = Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join(
    '',
  );
  return `${first} ${surname}`;
}

/** A solid-colour PNG of the given size. */
function png(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * An MP4 the server's content sniffing accepts: the demo's `ftyp` header (apps/server/src/seed/demo-tutors.ts
 * `demoVideo`) followed by a `free` box, so the upload is big enough to watch its progress.
 */
function mp4(bytes: number): Buffer {
  const ftyp = Buffer.from([
    ...[0, 0, 0, 24],
    ...Buffer.from('ftypisom'),
    ...[0, 0, 2, 0],
    ...Buffer.from('isommp41'),
  ]);
  const free = Buffer.alloc(bytes - ftyp.length);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([ftyp, free]);
}

/** The booking wizard's name for a local day (as its day buttons are labelled; lessons.e2e). */
const wizardDayName = (start: string) =>
  formatDate(`${toLocalDate(new Date(start))}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** In the open booking wizard: the day of `start` (moving on week by week), 30 minutes, that time. */
async function pickDayAndTime(page: Page, start: string): Promise<void> {
  const text = lessons.wizard;
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text.chooseDate).waitFor();
  const day = dialog.getByRole('button', { name: wizardDayName(start), exact: true });
  for (let week = 0; week < 3 && !(await day.isVisible()); week++) {
    await dialog.getByRole('button', { name: text.next }).click();
  }
  await day.click();
  await dialog.getByRole('radio', { name: text.duration(30) }).click();
  await dialog
    .getByRole('list', { name: text.timesLabel })
    .getByRole('button', { name: formatTime(start), exact: true })
    .click();
}

/** Pages open right now, photographed when a step fails. */
const openPages = new Set<Page>();

async function opened(options?: Parameters<typeof newPage>[0]) {
  const made = await newPage(options);
  openPages.add(made.page);
  return {
    ...made,
    close: async () => {
      openPages.delete(made.page);
      await made.context.close();
    },
  };
}

/**
 * Tutor supply (issue 11): a brand-new tutor registered through the web UI becomes listed and booked —
 * the interview booked on onboarding, held in the room and passed by the TutorManager, signed by the
 * SuperAdmin, media uploaded by the Studio member, activation by an admin, the profile completed, then a
 * student finds the tutor on /tutors and books a lesson.
 */
describe.skipIf(skipE2E)('tutor supply', () => {
  afterAll(async () => {
    await resetServerClock(urls.web);
  });

  it('from sign-up to a booked lesson: interview, signature, studio, activation, profile, booking', async () => {
    const started = Date.now();
    const tutorName = uniqueName('سلمى');
    const email = `tutor.${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Tutor-pass-1';
    const phone = `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    let step = 'start';
    const timings: string[] = [];
    const mark = (name: string) => {
      timings.push(`${step}: ${((Date.now() - started) / 1000).toFixed(1)}s`);
      step = name;
    };

    try {
      // 1. Register through the web UI, verify the e-mail, land on the onboarding, book the interview.
      mark('register and book the interview');
      {
        const { page, close } = await opened();
        const registeredAt = new Date(Date.now() - 1000);
        await page.goto(`${urls.web}/register/tutor`);
        await page.getByLabel(account.fields.name).fill(tutorName);
        await page.getByLabel(account.fields.email).fill(email);
        await page.getByLabel(account.fields.password, { exact: true }).fill(password);
        await page.getByLabel(account.fields.confirmPassword, { exact: true }).fill(password);
        await page.getByRole('button', { name: account.register.submit }).click();
        await page.waitForURL(/\/verify-email/);
        await page
          .getByLabel(account.verifyEmail.codeLabel)
          .fill(await codeFromOutbox(email, 4, registeredAt));
        // A new tutor is asked for the profile first; "later" goes to the dashboard, which sends an
        // unlisted tutor on to the onboarding.
        await page.waitForURL(/\/t\/complete-profile/);
        await page.getByRole('link', { name: account.completeProfile.skip }).click();
        await page.waitForURL(/\/tutor\/onboarding/);
        await page.getByRole('heading', { name: onboarding.title, level: 1 }).waitFor();

        const interviewStep = page.getByRole('region', { name: new RegExp(onboarding.steps.interview) });
        // The best TutorManager's soonest day is open: its first free time, then confirm.
        await interviewStep
          .getByRole('list', { name: interviews.booking.chooseTime })
          .getByRole('button')
          .first()
          .click();
        await interviewStep.getByRole('button', { name: interviews.booking.confirm }).click();
        await interviewStep.getByText(onboarding.interview.pending).waitFor();
        await close();
      }
      // Reading ids (API): the tutor's id and the interview booked above.
      const tutorSession = await login(email, password);
      const tutorId = tutorSession.user.id;
      const booked = await api<{ list: Interview[] }>('GET', '/interview/list/', tutorSession.token);
      expect(booked.list).toHaveLength(1);
      const interview = booked.list[0] as Interview;
      const managerName = interview.interviewer.name ?? '';
      expect(interview.interviewer.id).toBe((await login(demo.manager)).user.id);
      const start = Date.parse(interview.start);

      // 2. A few minutes before the interview (server and browsers): both join the room and see each
      // other; after the start the TutorManager records the outcome.
      mark('the interview in the room');
      const before = start - 5 * MINUTE;
      await moveServerClock(urls.web, before - Date.now());
      const manager = await opened();
      const tutorInRoom = await opened();
      for (const side of [manager, tutorInRoom]) {
        await side.page.clock.install({ time: new Date(before) });
        await loopbackOnly(side.context);
      }
      await signInToWeb(manager.page, demo.manager);
      await manager.page.goto(`${urls.web}/interviews`);
      const upcoming = manager.page
        .getByRole('list', { name: interviews.page.tabs.upcoming })
        .getByRole('listitem')
        .filter({ hasText: interviews.card.with(tutorName) });
      await upcoming.getByRole('link', { name: interviews.join.enter }).click();
      await manager.page.waitForURL(/\/session\?kind=interview&id=\d+/);
      expect(new URL(manager.page.url()).searchParams.get('id')).toBe(String(interview.id));
      await joinFromPreJoin(manager.page);

      await signInToWeb(tutorInRoom.page, email, password);
      await tutorInRoom.page.waitForURL(/\/tutor\/onboarding/);
      await tutorInRoom.page
        .getByRole('region', { name: new RegExp(onboarding.steps.interview) })
        .getByRole('link', { name: interviews.join.enter })
        .click();
      await tutorInRoom.page.waitForURL(/\/session\?kind=interview&id=\d+/);
      await joinFromPreJoin(tutorInRoom.page);

      // Each sees the other's camera (Chromium's fake device).
      const seenByManager = messages.session.room.remoteVideo(tutorName);
      const seenByTutor = messages.session.room.remoteVideo(managerName);
      await expect
        .poll(() => videoWidth(manager.page, seenByManager), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(() => videoWidth(tutorInRoom.page, seenByTutor), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await tutorInRoom.close();

      {
        // A minute after the start: the outcome, from the "awaiting the outcome" tab.
        const after = start + MINUTE;
        await moveServerClock(urls.web, after - Date.now());
        await manager.page.clock.setSystemTime(new Date(after));
        await manager.page.goto(`${urls.web}/interviews?tab=awaiting`);
        const awaiting = manager.page
          .getByRole('list', { name: interviews.page.tabs.awaiting })
          .getByRole('listitem')
          .filter({ hasText: interviews.card.with(tutorName) });
        await awaiting.getByRole('button', { name: interviews.result.action }).click();
        const result = manager.page.getByRole('dialog', { name: interviews.result.title(tutorName) });
        await result.getByRole('radio', { name: new RegExp(`^${interviews.result.passed}`) }).check();
        // The level's radio is visually hidden: its card (the label) is what one clicks.
        const level = interviews.result.levelNames[3] as string;
        await result.getByText(level, { exact: true }).click();
        expect(await result.getByRole('radio', { name: new RegExp(level) }).isChecked()).toBe(true);
        await result
          .getByLabel(interviews.result.feedback, { exact: true })
          .fill('نطق واضح ومحادثة طبيعية، ننتظرك في جلسة التصوير.');
        await result.getByLabel(interviews.result.note, { exact: true }).fill('مناسبة للمستويات المتوسطة.');
        await result.getByRole('button', { name: interviews.result.submit }).click();
        await manager.page.getByText(interviews.result.saved).first().waitFor();
        await manager.close();
        await resetServerClock(urls.web);
      }

      // 3. The SuperAdmin signs the interview in the admin app.
      mark('the SuperAdmin signs');
      const staff = await opened();
      {
        await signInToAdmin(staff.page);
        await staff.page.goto(`${urls.admin}/interviews`);
        await staff.page
          .getByRole('search', { name: admin.list.filters })
          .getByRole('searchbox', { name: admin.list.search })
          .fill(tutorName);
        const row = staff.page
          .getByRole('table', { name: admin.list.table })
          .getByRole('row')
          .filter({ hasText: tutorName });
        await expect.poll(() => row.count()).toBe(1);
        await row.getByRole('button', { name: admin.list.signOf(tutorName) }).click();
        await staff.page
          .getByRole('dialog', { name: admin.sign.title })
          .getByRole('button', { name: admin.sign.confirm })
          .click();
        await staff.page.getByText(admin.sign.done).first().waitFor();
        await row.getByText(admin.signed, { exact: true }).waitFor();

        // 4. An admin assigns the tutor to the demo Studio member on /photo-sessions.
        mark('assign the studio');
        await staff.page.goto(`${urls.admin}/photo-sessions`);
        await staff.page
          .getByRole('search', { name: admin.studioList.filters })
          .getByRole('searchbox', { name: admin.studioList.search })
          .fill(tutorName);
        const tutorRow = staff.page
          .getByRole('table', { name: admin.studioList.table })
          .getByRole('row')
          .filter({ hasText: tutorName });
        await expect.poll(() => tutorRow.count()).toBe(1);
        await tutorRow.getByRole('button', { name: admin.studioList.assignOf(tutorName) }).click();
        const assign = staff.page.getByRole('dialog', { name: admin.assign.title(tutorName) });
        await assign.getByLabel(admin.assign.studio).selectOption({ label: 'استوديو حوار' });
        await assign.getByRole('button', { name: admin.assign.save }).click();
        await staff.page.getByText(admin.assign.saved).first().waitFor();
        await tutorRow.getByText('استوديو حوار').waitFor();

        // The Studio member uploads the avatar, the intro video and its thumbnail.
        mark('the studio uploads');
        const studio = await opened();
        {
          await signInToAdmin(studio.page, demo.studio);
          await studio.page.goto(`${urls.admin}/photo-sessions`);
          await studio.page.getByRole('link', { name: admin.studioList.openOf(tutorName) }).click();
          await studio.page.waitForURL(`${urls.admin}/photo-session/${tutorId}`);
          // Each upload is held a moment on its way, so its progress bar is there to be seen.
          await studio.page.route('**/api/v1/user/asset/tutor**', async (route) => {
            await new Promise((resolve) => setTimeout(resolve, 1500));
            await route.continue();
          });
          const uploads = [
            {
              name: admin.media.image,
              file: { name: 'avatar.png', mimeType: 'image/png', buffer: await png(600, 600, '#3b6ea5') },
            },
            {
              name: admin.media.video,
              file: { name: 'intro.mp4', mimeType: 'video/mp4', buffer: mp4(2 * 1024 * 1024) },
            },
            {
              name: admin.media.thumbnail,
              file: { name: 'poster.png', mimeType: 'image/png', buffer: await png(1280, 720, '#d9822b') },
            },
          ];
          for (const upload of uploads) {
            const card = studio.page.getByRole('region', { name: upload.name, exact: true });
            await card.getByLabel(admin.session.chooseOf(upload.name)).setInputFiles(upload.file);
            await card.getByText(admin.session.preview, { exact: true }).waitFor();
            await card.getByRole('button', { name: admin.session.saveOf(upload.name) }).click();
            await card.getByRole('progressbar', { name: admin.session.uploading(upload.name) }).waitFor();
            await studio.page.getByText(admin.session.saved(upload.name)).first().waitFor();
            await card.getByRole('progressbar').waitFor({ state: 'detached' });
          }
          await studio.page.getByText(admin.session.complete).waitFor();
          await studio.close();
        }

        // 5. An admin activates the tutor on /user/{id}.
        mark('activate');
        await staff.page.goto(`${urls.admin}/user/${tutorId}`);
        const manage = messages.adminUsers.user.manage;
        await staff.page.getByRole('switch', { name: manage.activation }).click();
        await staff.page
          .getByRole('dialog', { name: manage.activateTitle(tutorName) })
          .getByRole('button', { name: manage.activate })
          .click();
        await staff.page.getByText(manage.activated).first().waitFor();
        await expect
          .poll(() =>
            staff.page.getByRole('switch', { name: manage.activation }).getAttribute('aria-checked'),
          )
          .toBe('true');
        await staff.close();
      }

      // 6. The tutor completes the profile, chooses topics, verifies the phone and opens a window.
      mark('the tutor completes the profile');
      const { page: tutorPage, close: closeTutor } = await opened();
      const lessonDay = addLocalDays(toLocalDate(new Date()), 2);
      {
        await signInToWeb(tutorPage, email, password);
        await tutorPage.waitForURL(/\/tutor\/onboarding/);
        const profileStep = tutorPage.getByRole('region', { name: new RegExp(onboarding.steps.profile) });
        await profileStep.getByRole('link', { name: onboarding.profile.completeProfile }).click();
        await tutorPage.waitForURL(/\/t\/complete-profile/);
        await tutorPage.getByRole('combobox', { name: account.fields.city }).click();
        await tutorPage.getByRole('option', { name: account.governorates[1] }).click();
        await tutorPage.getByLabel(account.fields.phone).fill(phone);
        await tutorPage.getByRole('combobox', { name: account.fields.gender }).click();
        await tutorPage.getByRole('option', { name: account.genders.female }).click();
        await tutorPage.getByRole('combobox', { name: account.fields.birthYear }).click();
        await tutorPage.getByRole('option', { name: formatNumber(1990, { useGrouping: false }) }).click();
        await tutorPage.getByRole('button', { name: account.completeProfile.submit }).click();
        await tutorPage.getByLabel(account.fields.bio).fill('مدرسة محادثة إنجليزية بخبرة ست سنوات');
        await tutorPage
          .getByLabel(account.fields.about)
          .fill(
            'أهلًا! أدرّس الإنجليزية منذ ست سنوات للطلاب والكبار، وأحب أن يكون الدرس حوارًا عن حياتك اليومية وأهدافك.',
          );
        await tutorPage.getByRole('button', { name: account.completeProfile.submit }).click();
        await tutorPage.waitForURL(/\/tutor\/onboarding/);

        // Topics: from the profile step's link.
        await profileStep.getByRole('link', { name: onboarding.profile.chooseTopics }).click();
        await tutorPage.waitForURL(/\/t\/settings/);
        await tutorPage
          .getByRole('group', { name: lessons.favouriteTopics.legend })
          .getByRole('button')
          .first()
          .click();
        await tutorPage.getByRole('button', { name: lessons.favouriteTopics.save }).click();
        await tutorPage.getByText(lessons.favouriteTopics.saved).first().waitFor();

        // The phone, with the code sent on WhatsApp (read from the local outbox).
        const verification = account.settings.verification;
        await tutorPage.getByRole('tab', { name: account.settings.tabs.account }).click();
        const askedAt = new Date(Date.now() - 1000);
        await tutorPage.getByRole('button', { name: verification.sendCode }).click();
        await tutorPage.getByLabel(verification.codeLabel).fill(await codeFromOutbox(phone, 5, askedAt));
        await tutorPage.getByText(verification.verified).first().waitFor();

        // A two-hour window the day after tomorrow, on /schedule-management.
        const schedule = messages.schedule;
        await tutorPage.goto(`${urls.web}/schedule-management`);
        await tutorPage.getByRole('list', { name: schedule.management.week }).waitFor();
        if (!weekDates(new Date()).includes(lessonDay)) {
          await tutorPage.getByRole('button', { name: schedule.management.nextWeek }).click();
        }
        const dayName = formatDate(`${lessonDay}T12:00:00Z`, { weekday: 'long' });
        await tutorPage
          .getByRole('list', { name: schedule.management.week })
          .getByRole('listitem', { name: dayName })
          .getByRole('button', { name: schedule.management.addWindow })
          .click();
        const windowDialog = tutorPage.getByRole('dialog', { name: schedule.windowDialog.addTitle });
        await windowDialog.getByLabel(schedule.windowDialog.day).selectOption(lessonDay);
        await windowDialog.getByLabel(schedule.windowDialog.start, { exact: true }).selectOption('09:00');
        await windowDialog.getByLabel(schedule.windowDialog.end, { exact: true }).selectOption('11:00');
        await windowDialog.getByRole('button', { name: schedule.windowDialog.submit }).click();
        await tutorPage.getByText(schedule.windowDialog.added).first().waitFor();

        // Listed.
        await tutorPage.goto(`${urls.web}/tutor/onboarding`);
        await tutorPage.getByRole('status').getByText(onboarding.listed.title).waitFor();
        await closeTutor();
      }

      // 7. A subscribed student finds the tutor on /tutors and books a lesson through the wizard.
      mark('a student books');
      const studentName = uniqueName('طالب');
      const credentials = await createVerifiedStudent(studentName);
      const student = await login(credentials.email, credentials.password);
      // A plan granted by the SuperAdmin (API, as lessons.e2e does): its weekly minutes start now.
      const superAdmin = await login(demo.superAdmin);
      const plans = await api<{ list: { id: number; weeklyMinutes: number; active: boolean }[] }>(
        'GET',
        '/plan/list?size=100',
        superAdmin.token,
      );
      const plan = plans.list.find((candidate) => candidate.active && candidate.weeklyMinutes >= 30);
      if (!plan) {
        throw new Error('No active plan of 30 minutes a week or more');
      }
      await api('POST', '/sub/', superAdmin.token, { userId: student.user.id, planId: plan.id, period: 0 });

      const lessonStart = localDateTimeToInstant(lessonDay, '09:00').toISOString();
      const { page, close } = await opened();
      {
        await signInToWeb(page, credentials.email, credentials.password);
        await page.goto(`${urls.web}/tutors`);
        await page.getByRole('searchbox', { name: lessons.tutors.searchLabel }).fill(tutorName);
        await page.waitForURL((url) => url.searchParams.get('q') === tutorName);
        await page.getByRole('link', { name: tutorName, exact: true }).first().click();
        await page.waitForURL(`${urls.web}/t/${tutorId}`);
        await page.getByRole('button', { name: lessons.profile.book }).click();
        await pickDayAndTime(page, lessonStart);
        await page.getByRole('dialog').getByRole('button', { name: lessons.wizard.confirm }).click();
        await page.waitForURL(`${urls.web}/upcoming-lessons`);
        await page
          .getByRole('region', { name: lessons.upcoming.listLabel })
          .getByText(lessons.lesson.with(tutorName))
          .waitFor();
        await close();
      }
      const mine = await api<{ list: { start: string; tutorId?: number }[] }>(
        'GET',
        '/lesson/list/?status=pending',
        student.token,
      );
      expect(mine.list.map((lesson) => lesson.start)).toEqual([lessonStart]);
      mark('done');
      console.info(`[tutor-supply] ${timings.join(' · ')}`);
    } catch (error) {
      let index = 0;
      for (const page of openPages) {
        const path = `/tmp/e2e-tutor-supply-${step.replace(/\W+/g, '-')}-${index++}.png`;
        await page.screenshot({ path }).catch(() => undefined);
        console.error(`[tutor-supply] failed at "${step}"; screenshot ${path} (${page.url()})`);
      }
      throw error;
    } finally {
      for (const page of openPages) {
        await page
          .context()
          .close()
          .catch(() => undefined);
      }
      openPages.clear();
    }
  }, 300_000);
});
