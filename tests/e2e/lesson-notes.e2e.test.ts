import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  chatAttachmentMessages,
  lessonNoteMessages,
  lessonsMessages,
  tutorDashboardMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { moveServerClock, resetServerClock } from './clock.ts';
import { expectFocusOn, tabTo } from './keyboard.ts';
import { DEMO_PASSWORD, demo, signInToAdmin, signInToWeb } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const text = lessonNoteMessages;
const DAY = 24 * 3600_000;
const MINUTE = 60_000;

type Schedule = { bookable: { short: string[]; long: string[] } };
type Lesson = { id: number; start: string; end: string };
type Trial = { minutes: 15 | 30 };
type Note = { files: { name: string; kind: string; url: string }[] };

/** A 800×500 picture of a whiteboard, as a tutor would photograph one (made with sharp). */
function whiteboardPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <rect width="800" height="500" fill="#f4f4f0"/>
    <rect x="40" y="40" width="720" height="420" fill="#ffffff" stroke="#335" stroke-width="6"/>
    <rect x="90" y="120" width="420" height="24" fill="#1f6f68"/>
    <rect x="90" y="190" width="560" height="24" fill="#1f6f68"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const SUMMARY = 'تدربنا على الحديث عن السفر: حجز فندق وسؤال عن الطريق.';
const HOMEWORK = 'اكتب خمس جمل عن رحلة قمت بها.';

/**
 * Issue 27 item 5: after a lesson the tutor writes its summary and homework and attaches a picture
 * (keyboard only) from their home's past lessons; the student reads it on the past lesson with the
 * picture inline; staff read it from the back office's lessons. Both clocks are moved past the lesson's end; every screen is audited in both themes.
 */
describe.skipIf(skipE2E)('after the lesson: summary and homework', () => {
  it('is written by the tutor, read by the student and by staff', async () => {
    const name = 'طالبة الملخص';
    const credentials = await createVerifiedStudent(name);
    const student = await login(credentials.email, credentials.password);
    const tutor = await login(demo.tutor, DEMO_PASSWORD);
    // A lesson with the demo tutor: the student's trial (no plan needed).
    const { minutes } = await api<Trial>('GET', '/lesson/trial', student.token);
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 14 * DAY).toISOString();
    const schedule = await api<Schedule>(
      'GET',
      `/availability-slot/?tutorId=${tutor.user.id}&from=${from}&to=${to}`,
      student.token,
    );
    const [start] = [...(minutes === 30 ? schedule.bookable.long : schedule.bookable.short)].sort();
    expect(start, 'the demo tutor has a bookable time').toBeDefined();
    const lesson = await api<Lesson>('POST', '/lesson/', student.token, {
      tutorId: tutor.user.id,
      start,
      duration: minutes,
      trial: true,
    });

    const after = Date.parse(lesson.end) + MINUTE;
    await moveServerClock(urls.web, after - Date.now());
    try {
      // The tutor, from their home's past lessons, with the keyboard.
      const tutorView = await newPage();
      try {
        await tutorView.page.clock.install({ time: new Date(after) });
        await signInToWeb(tutorView.page, demo.tutor);
        await tutorView.page.goto(`${urls.web}/t/dashboard`);
        const past = tutorView.page.getByRole('list', { name: tutorDashboardMessages.past });
        const row = past.getByRole('listitem').filter({ hasText: tutorDashboardMessages.withStudent(name) });
        const write = row.getByRole('button', { name: lessonsMessages.lesson.noteWrite });
        await tabTo(tutorView.page, write);
        await tutorView.page.keyboard.press('Enter');
        const dialog = tutorView.page.getByRole('dialog', {
          name: text.writeTitle(name),
        });
        const summary = dialog.getByRole('textbox', { name: new RegExp(text.summaryLabel) });
        await summary.waitFor();
        await summary.focus();
        await tutorView.page.keyboard.type(SUMMARY);
        await tutorView.page.keyboard.press('Tab');
        await tutorView.page.keyboard.type(HOMEWORK);
        // A picture of the board (decision 0049): the attach button is reached with the keyboard, the
        // file given to its picker; it goes with the save.
        await tabTo(tutorView.page, dialog.getByRole('button', { name: text.attach }));
        await dialog.locator('input[type="file"]').setInputFiles({
          name: 'السبورة.png',
          mimeType: 'image/png',
          buffer: await whiteboardPng(),
        });
        await dialog.getByRole('list', { name: text.files }).getByText('السبورة.png').waitFor();
        await audit(tutorView.page, 'lesson note: the tutor writes it, a picture attached');
        await tabTo(tutorView.page, dialog.getByRole('button', { name: text.save }));
        await tutorView.page.keyboard.press('Enter');
        await tutorView.page.getByText(text.saved).first().waitFor();
        await dialog.waitFor({ state: 'hidden' });
        await expectFocusOn(write);
      } finally {
        await tutorView.context.close();
      }

      expect(await api('GET', `/lesson/${lesson.id}/note`, student.token)).toMatchObject({
        summary: SUMMARY,
        homework: HOMEWORK,
        files: [{ name: 'السبورة.jpg', kind: 'picture' }],
      });
      // Private: the picture is no public URL (a request without the token is refused).
      const [picture] = (await api<Note>('GET', `/lesson/${lesson.id}/note`, student.token)).files;
      expect((await fetch(picture!.url)).status).toBe(401);
      const pictureAlt = chatAttachmentMessages.pictureAlt('السبورة.jpg');

      // The student reads it on the past lesson.
      const studentView = await newPage();
      try {
        await studentView.page.clock.install({ time: new Date(after) });
        await signInToWeb(studentView.page, credentials.email, credentials.password);
        await studentView.page.goto(`${urls.web}/s/dashboard`);
        const past = studentView.page.getByRole('region', { name: lessonsMessages.dashboard.past });
        await past.getByRole('button', { name: lessonsMessages.lesson.noteShow }).first().click();
        const dialog = studentView.page.getByRole('dialog', { name: text.title(tutor.user.name ?? '') });
        await dialog.getByText(SUMMARY).waitFor();
        await dialog.getByText(HOMEWORK).waitFor();
        // The picture shows inline, fetched with the token into an object URL.
        const shown = dialog.getByRole('img', { name: pictureAlt });
        await shown.waitFor();
        expect(await shown.getAttribute('src')).toMatch(/^blob:/);
        await expect
          .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBe(800);
        await audit(studentView.page, 'lesson note: the student reads it with its picture');
      } finally {
        await studentView.context.close();
      }

      // Staff read it from the back office's lessons.
      const staffView = await newPage();
      try {
        await signInToAdmin(staffView.page, demo.admin);
        await staffView.page.goto(`${urls.admin}/lessons?student=${student.user.id}`);
        await staffView.page.getByRole('button', { name: lessonsMessages.lesson.noteShow }).first().click();
        const dialog = staffView.page.getByRole('dialog');
        await dialog.getByText(SUMMARY).waitFor();
        await dialog.getByRole('img', { name: pictureAlt }).waitFor();
        await audit(staffView.page, 'lesson note: staff read it with its picture');
      } finally {
        await staffView.context.close();
      }
    } finally {
      await resetServerClock(urls.web);
      await api('DELETE', `/lesson/${lesson.id}`, student.token).catch(() => undefined);
    }
  }, 300_000);
});
