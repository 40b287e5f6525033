import { describe, expect, it } from 'vitest';
import { Role, toLocalDate } from '../../packages/domain/src/index.ts';
import { formatDate } from '../../packages/ui/src/format.ts';
import { bookingWizardMessages as wizardText } from '../../packages/ui/src/messages/booking-wizard.messages.ts';
import { lessonsMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { expectFocusInMain, expectFocusOn, pageToken, signInByKeyboard, tabTo } from './keyboard.ts';
import { createVerifiedStudent } from './students.ts';

const text = lessonsMessages;
const DAY = 24 * 3600_000;

type TutorCard = { id: number; name: string; role: number; notice: number };
type Schedule = { bookable: { short: string[]; long: string[] } };
type Lesson = { id: number; start: string; trial: boolean; tutor: { id: number } };
type Trial = { available: boolean; reason: string | null; minutes: 15 | 30; lessonId: number | null };

const dayName = (start: string) =>
  formatDate(`${toLocalDate(new Date(start))}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** A listed regular tutor with a bookable time of `minutes`, and the first such start. */
async function tutorWithTime(token: string, minutes: 15 | 30): Promise<{ tutor: TutorCard; first: string }> {
  const { list } = await api<{ list: TutorCard[] }>('GET', '/user/tutor/list/onboarded', token);
  for (const tutor of list.filter((candidate) => candidate.role === Role.Tutor)) {
    const from = new Date().toISOString();
    const to = new Date(Date.now() + (tutor.notice + 1) * DAY).toISOString();
    const schedule = await api<Schedule>(
      'GET',
      `/availability-slot/?tutorId=${tutor.id}&from=${from}&to=${to}`,
      token,
    );
    const [first] = [...(minutes === 30 ? schedule.bookable.long : schedule.bookable.short)].sort();
    if (first) {
      return { tutor, first };
    }
  }
  throw new Error(`No listed tutor has a bookable ${minutes}-minute time`);
}

/**
 * Issue 27 item 1: a new student without a plan sees their free trial on the dashboard, books it from a
 * tutor's profile with the keyboard alone (no length to choose: the trial's own), sees it marked as a
 * trial among their lessons, and is offered no second one. Audited with axe in both themes.
 */
describe.skipIf(skipE2E)('the trial lesson', () => {
  it('is offered to a new student, booked once from a profile by keyboard, and not offered again', async () => {
    const student = await createVerifiedStudent('طالب يجرب');
    const { page, context } = await newPage();
    try {
      await signInByKeyboard(page, student.email, student.password);
      const token = await pageToken(page);
      const trial = await api<Trial>('GET', '/lesson/trial', token);
      expect(trial).toMatchObject({ available: true, lessonId: null });

      await page.goto(`${urls.web}/s/dashboard`);
      await page.getByText(text.dashboard.trialTitle).waitFor();
      await audit(page, 'trial: student dashboard offers the trial');

      const { tutor, first } = await tutorWithTime(token, trial.minutes);
      await page.goto(`${urls.web}/t/${tutor.id}`);
      const offer = page.getByRole('button', { name: text.profile.bookTrial(trial.minutes) });
      await tabTo(page, offer);
      await audit(page, 'trial: tutor profile with the trial');
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: wizardText.trialTitle(tutor.name) });
      await expectFocusOn(dialog.getByRole('button', { name: dayName(first), exact: true }));
      await page.keyboard.press('Enter');
      // No length step: the times of the trial's length follow the day.
      const times = dialog.getByRole('list', { name: wizardText.timesLabel }).getByRole('button');
      await expectFocusOn(times.first());
      await page.keyboard.press('Enter');
      await expectFocusOn(dialog.getByRole('button', { name: wizardText.confirm }));
      await dialog.getByText(wizardText.trialNote).waitFor();
      await audit(page, 'trial: wizard, confirm');
      await page.keyboard.press('Enter');

      await page.waitForURL(`${urls.web}/upcoming-lessons`);
      await page.getByText(wizardText.trialBooked).first().waitFor();
      await expectFocusInMain(page);
      const card = page.getByRole('listitem').filter({ hasText: text.lesson.with(tutor.name) });
      await card.getByText(text.lesson.trial).waitFor();
      await audit(page, 'trial: the trial among the upcoming lessons');

      const { list } = await api<{ list: Lesson[] }>('GET', '/lesson/list/?status=pending', token);
      expect(list.map((lesson) => [lesson.tutor.id, lesson.trial])).toEqual([[tutor.id, true]]);
      expect(await api<Trial>('GET', '/lesson/trial', token)).toMatchObject({
        available: false,
        reason: 'trial-already-used',
        lessonId: list[0]?.id,
      });

      // Not offered again, on the profile or on the dashboard.
      await page.goto(`${urls.web}/t/${tutor.id}`);
      await page.getByRole('button', { name: text.profile.book }).waitFor();
      expect(await page.getByRole('button', { name: text.profile.bookTrial(trial.minutes) }).count()).toBe(0);
      await page.goto(`${urls.web}/s/dashboard`);
      await page.getByRole('heading', { name: text.dashboard.nextLesson }).waitFor();
      expect(await page.getByText(text.dashboard.trialTitle).count()).toBe(0);

      // Cancelled a day or more ahead, the trial is the student's again.
      await api('DELETE', `/lesson/${list[0]?.id}`, token);
      if (Date.parse(first) - Date.now() >= 12 * 3600_000) {
        expect((await api<Trial>('GET', '/lesson/trial', token)).available).toBe(true);
      }
    } finally {
      await context.close();
    }
  }, 300_000);
});
