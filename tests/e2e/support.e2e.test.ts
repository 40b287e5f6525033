import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toLocalDate } from '../../packages/domain/src/index.ts';
import { formatDate, formatDateTime, formatTime } from '../../packages/ui/src/format.ts';
import { bookingWizardMessages as wizardText } from '../../packages/ui/src/messages/booking-wizard.messages.ts';
import {
  adminMessages,
  lessonsMessages,
  siteMessages,
  supportMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { type ApiSession, api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { bookableStarts } from './lessons.ts';
import { mailFromOutbox } from './outbox.ts';
import { demo, signInToAdmin, signInToWeb } from './sign-in.ts';

const support = supportMessages;
const lessonsText = lessonsMessages;
const HOUR = 3_600_000;

type ReportList = { list: { id: number; title: string }[]; total: number; unresolved: number };
type ContactRequestList = { list: { id: number; title: string }[]; total: number; unhandled: number };
type PublicSettings = { freeCancelHours: number; bookingLeadMinutes: number };

/**
 * Staff here is the RegularAdmin (who runs reports, contact requests and settings like a SuperAdmin),
 * signed in through the API once for the whole file: sign-ins are limited per address and account
 * (10 in 15 minutes) and the other journeys already spend most of the SuperAdmin's.
 */
let staffSession: Promise<ApiSession> | undefined;
const staffApi = () => {
  staffSession ??= login(demo.admin);
  return staffSession;
};

/** A 640×400 PNG "screenshot" (a window with a red error bar), made with sharp as a person's capture. */
async function screenshotPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
  <rect width="640" height="400" fill="#f3f4f6"/>
  <rect width="640" height="36" fill="#d1d5db"/>
  <rect x="80" y="80" width="480" height="240" rx="16" fill="#ffffff"/>
  <rect x="110" y="120" width="300" height="22" rx="6" fill="#0f766e"/>
  <rect x="110" y="200" width="420" height="60" rx="10" fill="#fee2e2" stroke="#dc2626" stroke-width="3"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** After a failure: a full-page screenshot of each page still open, named after the journey. */
async function shoot(journey: string, pages: Page[]): Promise<void> {
  for (const [index, page] of pages.entries()) {
    const file = path.join(os.tmpdir(), `e2e-support-${journey}-${index}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`[support] ${journey} failed; screenshot ${file} (${page.url()})`);
  }
}

/** Waits until the image has decoded pixels (an object URL fetched with the bearer token). */
async function expectImageLoaded(image: Locator): Promise<void> {
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
}

/** The back-office sidebar's entry for a section, whose text carries its badge (`(… مفتوحة)`). */
function sidebarLink(page: Page, label: string): Locator {
  return page
    .getByRole('navigation', { name: adminMessages.sidebar })
    .getByRole('link', { name: new RegExp(`^${label}`) })
    .first();
}

/** The wizard's name for a local day (as the day buttons are labelled). */
const dayName = (start: string) =>
  formatDate(`${toLocalDate(new Date(start))}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** In an open booking wizard: the day of `start` (moving on week by week), 30 minutes, then that time. */
async function pickDayAndTime(page: Page, start: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(wizardText.chooseDate).waitFor();
  const day = dialog.getByRole('button', { name: dayName(start), exact: true });
  for (let week = 0; week < 3 && !(await day.isVisible()); week++) {
    await dialog.getByRole('button', { name: wizardText.next }).click();
  }
  await day.click();
  await dialog.getByRole('radio', { name: wizardText.duration(30) }).click();
  await dialog
    .getByRole('list', { name: wizardText.timesLabel })
    .getByRole('button', { name: formatTime(start), exact: true })
    .click();
}

/**
 * Support and platform settings (issue 13, "Done when"): a student reports a problem from a lesson and
 * sees the staff reply arrive live and by e-mail; a visitor's contact form reaches staff, who mark it
 * handled; staff change `freeCancelHours` and the booking wizard and the cancel dialog follow it
 * without a restart.
 */
describe.skipIf(skipE2E)('support', () => {
  it('a student reports a problem from a lesson card; staff reply; the reply arrives live and by e-mail', async () => {
    const suffix = randomBytes(3).toString('hex');
    const title = `الكاميرا لا تعمل في الدرس ${suffix}`;
    const description = 'عند دخول الدرس ظهرت شاشة سوداء بدل الكاميرا، وجرّبت إعادة تحميل الصفحة دون فائدة.';
    const replyText = `شكرًا لإبلاغك، راجعنا إعدادات الكاميرا في حسابك وأصلحناها. جرّب الآن من فضلك (${suffix}).`;
    const staffToken = (await staffApi()).token;
    const openBefore = (await api<ReportList>('GET', '/report/list?resolved=false&size=1', staffToken))
      .unresolved;

    const student = await newPage();
    const staff = await newPage();
    try {
      // The demo student reports a problem from a past lesson on the dashboard, with a screenshot.
      await signInToWeb(student.page, demo.student);
      await student.page.goto(`${urls.web}/s/dashboard`);
      const card = student.page
        .getByRole('region', { name: lessonsText.dashboard.past })
        .getByRole('listitem')
        .first();
      await card.waitFor();
      const lessonStart = (await card.locator('time').first().getAttribute('datetime')) as string;
      expect(Date.parse(lessonStart)).toBeLessThan(Date.now());
      await card.getByRole('button', { name: support.report.action }).click();
      const dialog = student.page.getByRole('dialog', { name: support.report.lessonAction });
      await dialog.getByText(support.report.lessonNote(formatDateTime(lessonStart))).waitFor();
      await dialog.getByLabel(support.report.titleLabel).fill(title);
      await dialog.getByLabel(support.report.descriptionLabel).fill(description);
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'camera.png',
        mimeType: 'image/png',
        buffer: await screenshotPng(),
      });
      await dialog.getByText(support.report.screenshotChosen('camera.png')).waitFor();
      await audit(student.page, 'report a problem: filled, a screenshot chosen');
      await dialog.getByRole('button', { name: support.report.submit }).click();

      // The toast leads to "my reports", where the report is open with its screenshot.
      await student.page.getByText(support.report.sent).waitFor();
      await student.page.getByRole('button', { name: new RegExp(`^${support.report.viewReports}`) }).click();
      await student.page.waitForURL(/\/reports\?id=\d+/);
      const reportId = Number(new URL(student.page.url()).searchParams.get('id'));
      await student.page.getByRole('heading', { name: title, level: 2 }).waitFor();
      await student.page.getByText(support.myReports.aboutLesson(formatDateTime(lessonStart))).waitFor();
      await expectImageLoaded(
        student.page.getByRole('img', { name: support.conversation.screenshotAlt(title) }),
      );
      await student.page.getByText(support.conversation.empty).waitFor();
      await audit(student.page, 'my reports: a report open');
      const listed = student.page
        .getByRole('navigation', { name: support.myReports.list })
        .getByRole('link', { name: new RegExp(title) });
      expect(await listed.textContent()).toContain(support.status.open);

      // Staff: the sidebar badge counts it; the inbox lists it with its lesson and screenshot.
      await signInToAdmin(staff.page, demo.admin);
      const reportsLink = sidebarLink(staff.page, adminMessages.nav.reports);
      await expect
        .poll(() => reportsLink.textContent(), { timeout: 10_000 })
        .toContain(adminMessages.badges.reports(openBefore + 1));
      await reportsLink.click();
      await staff.page.waitForURL(`${urls.admin}/reports`);
      const row = staff.page.getByRole('row').filter({ hasText: title });
      await row.waitFor();
      expect(await row.textContent()).toContain('يوسف طارق');
      await row.getByRole('button', { name: support.adminReports.viewReport(title) }).click();
      const detail = staff.page.getByRole('dialog', { name: support.adminReports.detailTitle });
      await detail.getByText(description).waitFor();
      await detail.getByText(support.adminReports.lesson(formatDateTime(lessonStart))).waitFor();
      await expectImageLoaded(detail.getByRole('img', { name: support.conversation.screenshotAlt(title) }));
      await audit(staff.page, 'admin reports: a report open');

      // Staff reply; the student's open /reports shows it at once, with a toast.
      const repliedAt = new Date(Date.now() - 1000);
      await detail.getByLabel(support.conversation.replyLabel).fill(replyText);
      await detail.getByRole('button', { name: support.conversation.send }).click();
      await staff.page.getByText(support.conversation.sent).first().waitFor();
      await detail.getByText(replyText).waitFor();

      await student.page.getByText(support.events.replied(title)).waitFor();
      const conversation = student.page.getByRole('region', { name: support.conversation.title });
      const reply = conversation.getByRole('listitem').filter({ hasText: replyText });
      await reply.waitFor();
      expect(await reply.textContent()).toContain(support.conversation.support);
      // Answered: the reporter can no longer edit or delete it.
      await student.page.getByText(support.myReports.locked).waitFor();
      await audit(student.page, 'my reports: answered');

      // …and by e-mail, with a link to the conversation.
      const mail = await mailFromOutbox(demo.student, repliedAt, (message) =>
        message.text.includes(replyText),
      );
      expect(mail.text).toContain(title);
      expect(mail.text).toContain(`/reports?id=${reportId}`);

      // Staff mark it resolved: the student sees it live, and the badge no longer counts it.
      await detail.getByRole('button', { name: support.adminReports.resolve }).click();
      await staff.page.getByText(support.adminReports.resolvedToast).first().waitFor();
      await student.page.getByText(support.myReports.resolvedNote).waitFor();
      await audit(student.page, 'my reports: resolved');
      // (The open dialog hides the rest of the screen from assistive technology: close it first.)
      await staff.page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      await expect
        .poll(() => reportsLink.textContent(), { timeout: 10_000 })
        .not.toContain(adminMessages.badges.reports(openBefore + 1));
      const after = await api<ReportList>('GET', '/report/list?resolved=false&size=1', staffToken);
      expect(after.unresolved).toBe(openBefore);
    } catch (error) {
      await shoot('report', [student.page, staff.page]);
      throw error;
    } finally {
      await student.context.close();
      await staff.context.close();
    }
    // Room for the accessibility audits (a11y.ts) of the screens on the way.
  }, 300_000);

  it('a visitor sends the contact form; staff see it in the inbox and mark it handled', async () => {
    const suffix = randomBytes(3).toString('hex');
    const title = `سؤال عن باقات الشركات ${suffix}`;
    const message = 'نحن شركة صغيرة ونريد دروس محادثة لعشرة موظفين، هل توجد باقة مناسبة وفاتورة باسم الشركة؟';
    const name = 'رانيا فؤاد';
    const phone = '01123456789';

    const visitor = await newPage();
    try {
      const text = siteMessages.contact;
      await visitor.page.goto(`${urls.landing}/contact`);
      await visitor.page.getByLabel(text.nameLabel, { exact: true }).fill(name);
      await visitor.page.getByLabel(new RegExp(`^${text.phone}`)).fill(phone);
      await visitor.page.getByLabel(text.titleLabel, { exact: true }).fill(title);
      await visitor.page.getByLabel(text.messageLabel, { exact: true }).fill(message);
      await audit(visitor.page, 'contact: filled');
      const sentAt = new Date(Date.now() - 1000);
      await visitor.page.getByRole('button', { name: text.submit }).click();
      await visitor.page.getByRole('heading', { name: text.sentTitle }).waitFor();
      await audit(visitor.page, 'contact: sent');
      expect(await visitor.page.locator('form[data-island="contact"]').isHidden()).toBe(true);

      // Every SuperAdmin is e-mailed.
      const mail = await mailFromOutbox(demo.superAdmin, sentAt, (sent) => sent.text.includes(title));
      expect(mail.text).toContain(phone);
    } catch (error) {
      await shoot('contact-form', [visitor.page]);
      throw error;
    } finally {
      await visitor.context.close();
    }

    const staffUser = await staffApi();
    const waiting = await api<ContactRequestList>(
      'GET',
      `/contact-request/list?search=${encodeURIComponent(suffix)}`,
      staffUser.token,
    );
    expect(waiting.list.map((request) => request.title)).toEqual([title]);

    const staff = await newPage();
    try {
      await signInToAdmin(staff.page, demo.admin);
      const link = sidebarLink(staff.page, adminMessages.nav.contactRequests);
      await expect
        .poll(() => link.textContent(), { timeout: 10_000 })
        .toContain(adminMessages.badges.requests(waiting.unhandled));
      await link.click();
      await staff.page.waitForURL(`${urls.admin}/contact-requests`);
      const request = staff.page.getByRole('article', { name: title });
      await request.waitFor();
      const shown = await request.textContent();
      expect(shown).toContain(name);
      expect(shown).toContain(message);
      expect(shown).toContain(phone);
      expect(shown).toContain(support.adminContactRequests.open);
      await audit(staff.page, 'admin contact requests: waiting');
      await request.getByRole('button', { name: support.adminContactRequests.markHandled }).click();
      await staff.page.getByText(support.adminContactRequests.markedHandled).first().waitFor();
      // The waiting list no longer has it; the handled one says who handled it.
      await request.waitFor({ state: 'detached' });
      await staff.page.goto(`${urls.admin}/contact-requests?status=handled`);
      const handled = staff.page.getByRole('article', { name: title });
      await handled.waitFor();
      expect(await handled.textContent()).toContain(`عالجه ${staffUser.user.name}`);
      await audit(staff.page, 'admin contact requests: handled');
    } catch (error) {
      await shoot('contact-inbox', [staff.page]);
      throw error;
    } finally {
      await staff.context.close();
    }
    const after = await api<ContactRequestList>(
      'GET',
      '/contact-request/list?handled=false&size=1',
      staffUser.token,
    );
    expect(after.unhandled).toBe(waiting.unhandled - 1);
    // Room for the accessibility audits (a11y.ts) of the screens on the way.
  }, 240_000);

  it('staff change freeCancelHours; the booking wizard and the cancel dialog follow it live', async () => {
    const staffToken = (await staffApi()).token;
    const original = await api<PublicSettings>('GET', '/platform-settings/public', null);
    // The journey needs the rules.md default: a lesson 13 to 47 hours ahead is early under it, late under 48.
    expect(original.freeCancelHours).toBe(12);

    // The demo student (subscribed, their one booking kept free for the journeys: cancelled after).
    const student = await login(demo.student);
    const tutor = await login(demo.tutor);
    const pending = await api<{ total: number }>('GET', '/lesson/list/?status=pending', student.token);
    expect(pending.total, 'the demo student has no upcoming lesson').toBe(0);

    // Two starts between 13 and 47 hours from now, half an hour apart or more when the tutor has them.
    const starts = await bookableStarts(tutor, student, {
      count: 2,
      from: 13 * HOUR,
      to: 47 * HOUR,
      windowMs: 2 * HOUR,
      days: 1,
    });
    const inWizard = starts[0] as string;
    const toBook =
      starts.find((start) => Math.abs(Date.parse(start) - Date.parse(inWizard)) >= HOUR / 2) ??
      (starts.at(-1) as string);
    const tutorName = (await api<{ name: string }>('GET', `/user/tutor/info/${tutor.user.id}`, null)).name;

    const web = await newPage();
    const staff = await newPage();
    let lessonId: number | null = null;
    try {
      await signInToWeb(web.page, demo.student);

      // Tab one: the booking wizard at its last step, for a start inside 48 hours but after 12.
      const wizardPage = web.page;
      await wizardPage.goto(`${urls.web}/t/${tutor.user.id}`);
      await wizardPage.getByRole('button', { name: lessonsText.profile.book }).click();
      await wizardPage.getByRole('dialog', { name: wizardText.title(tutorName) }).waitFor();
      await pickDayAndTime(wizardPage, inWizard);
      const wizard = wizardPage.getByRole('dialog');
      await wizard.getByRole('button', { name: wizardText.confirm }).waitFor();
      await wizard.getByText(wizardText.cancelRule(12)).waitFor();
      expect(await wizard.getByText(wizardText.lateStart(12)).count()).toBe(0);
      await audit(wizardPage, 'booking wizard: confirm, with the cancellation rule');

      // Tab two: a booked lesson in that span, its cancel dialog open: no warning yet.
      const booked = await api<{ id: number }>('POST', '/lesson/', student.token, {
        tutorId: tutor.user.id,
        start: toBook,
        duration: 30,
      });
      lessonId = booked.id;
      const cancelPage = await web.context.newPage();
      await cancelPage.goto(`${urls.web}/upcoming-lessons`);
      const lessonCard = cancelPage
        .getByRole('listitem')
        .filter({ hasText: lessonsText.lesson.with(tutorName) });
      await lessonCard.getByRole('button', { name: lessonsText.lesson.cancel }).click();
      const cancelDialog = cancelPage.getByRole('dialog', { name: lessonsText.lesson.cancelTitle });
      await cancelDialog.getByText(lessonsText.lesson.cancelText).waitFor();
      expect(await cancelDialog.getByText(lessonsText.lesson.cancelLate(12)).count()).toBe(0);
      await audit(cancelPage, 'cancel a lesson: confirmation, minutes returned');

      // Staff change the free-cancellation time from 12 to 48 hours on /platform-settings.
      await signInToAdmin(staff.page, demo.admin);
      await staff.page.goto(`${urls.admin}/platform-settings`);
      const field = staff.page.getByLabel(support.platformSettings.labels.freeCancelHours);
      await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe('12');
      await field.fill('48');
      await staff.page.getByRole('button', { name: support.platformSettings.save }).click();
      await staff.page.getByText(support.platformSettings.saved(1)).first().waitFor();
      const changes = staff.page.getByRole('table', { name: support.platformSettings.audit.table });
      await changes
        .getByRole('row')
        .filter({ hasText: support.platformSettings.labels.freeCancelHours })
        .first()
        .waitFor();
      await audit(staff.page, 'admin platform settings: saved, the change in the audit');

      // Both tabs follow at once, without a reload or a restart.
      await wizard.getByText(wizardText.lateStart(48)).waitFor();
      await cancelDialog.getByText(lessonsText.lesson.cancelLate(48)).waitFor();
      expect(await cancelDialog.getByText(lessonsText.lesson.cancelText).count()).toBe(0);
      expect((await api<PublicSettings>('GET', '/platform-settings/public', null)).freeCancelHours).toBe(48);

      // Back to 12 on the same screen: the warnings go again.
      await field.fill('12');
      await staff.page.getByRole('button', { name: support.platformSettings.save }).click();
      await wizard.getByText(wizardText.cancelRule(12)).waitFor();
      await cancelDialog.getByText(lessonsText.lesson.cancelText).waitFor();
      expect(await wizard.getByText(wizardText.lateStart(48)).count()).toBe(0);
      await cancelDialog.getByRole('button', { name: lessonsText.lesson.keep }).click();
    } catch (error) {
      await shoot('settings', [...web.context.pages(), staff.page]);
      throw error;
    } finally {
      await web.context.close();
      await staff.context.close();
      const now = await api<PublicSettings>('GET', '/platform-settings/public', null);
      if (now.freeCancelHours !== original.freeCancelHours) {
        await api('PUT', '/platform-settings/', staffToken, {
          freeCancelHours: original.freeCancelHours,
        });
      }
      if (lessonId !== null) {
        await api('DELETE', `/lesson/${lessonId}`, student.token).catch(() => undefined);
      }
    }
    // Room for the accessibility audits (a11y.ts) of the screens on the way.
  }, 300_000);
});
