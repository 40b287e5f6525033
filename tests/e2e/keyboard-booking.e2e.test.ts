import { afterAll, describe, expect, it } from 'vitest';
import { Role, toLocalDate } from '../../packages/domain/src/index.ts';
import { formatDate } from '../../packages/ui/src/format.ts';
import { bookingWizardMessages as wizardText } from '../../packages/ui/src/messages/booking-wizard.messages.ts';
import { lessonsMessages, messages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import {
  expectFocusInMain,
  expectFocusOn,
  openThenEscape,
  pageToken,
  press,
  signInByKeyboard,
  tabTo,
} from './keyboard.ts';
import { DEMO_PASSWORD, demo } from './sign-in.ts';

const text = lessonsMessages;
const DAY = 24 * 3600_000;

type TutorCard = { id: number; name: string; role: number; notice: number };
type Schedule = { bookable: { short: string[]; long: string[] } };
type Lesson = { id: number; start: string; tutor: { id: number } };

/** The wizard's name for the local day of `start` (as its day buttons are labelled). */
const dayName = (start: string) =>
  formatDate(`${toLocalDate(new Date(start))}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/**
 * A listed tutor (not a TutorManager: the demo student pays with their plan's minutes) with a time
 * the student may book, and the first bookable start as the wizard will list it.
 */
async function bookableTutor(token: string): Promise<{ tutor: TutorCard; first: string }> {
  const { list } = await api<{ list: TutorCard[] }>('GET', '/user/tutor/list/onboarded', token);
  for (const tutor of list.filter((candidate) => candidate.role === Role.Tutor)) {
    const from = new Date().toISOString();
    const to = new Date(Date.now() + (tutor.notice + 1) * DAY).toISOString();
    const schedule = await api<Schedule>(
      'GET',
      `/availability-slot/?tutorId=${tutor.id}&from=${from}&to=${to}`,
      token,
    );
    const [first] = [...schedule.bookable.short, ...schedule.bookable.long].sort();
    if (first) {
      return { tutor, first };
    }
  }
  throw new Error('No listed tutor has a bookable time');
}

/**
 * Issue 15: the demo student books a lesson with the keyboard alone (sign-in, the skip link, the
 * tutors' search, the profile, every step of the wizard, confirming with Enter), sees it among their
 * lessons, then cancels it from its card (Escape and focus return on the way). Every focus stop is
 * visible; the main states are audited with axe.
 */
describe.skipIf(skipE2E)('booking with the keyboard alone', () => {
  let cleanup: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await cleanup?.();
  });

  it('finds a tutor, books with Enter on every step, sees the lesson, then cancels it', async () => {
    const { page, context } = await newPage();
    try {
      await signInByKeyboard(page, demo.student, DEMO_PASSWORD);
      const token = await pageToken(page);
      const pending = () => api<{ list: Lesson[] }>('GET', '/lesson/list/?status=pending', token);
      expect((await pending()).list, 'the demo student has no upcoming lesson').toEqual([]);
      cleanup = async () => {
        for (const lesson of (await pending()).list) {
          await api('DELETE', `/lesson/${lesson.id}`, token).catch(() => undefined);
        }
      };
      const { tutor, first } = await bookableTutor(token);

      // The tutors' page: the skip link is the first stop and leads into the content.
      await page.goto(`${urls.web}/tutors`);
      const search = page.getByRole('searchbox', { name: text.tutors.searchLabel });
      await search.waitFor();
      await press(page, 'Tab');
      await expectFocusOn(page.getByRole('link', { name: messages.common.skipToContent }));
      await page.keyboard.press('Enter');
      await expectFocusInMain(page);
      await tabTo(page, search);
      await page.keyboard.type(tutor.name);
      await page.waitForURL((url) => url.searchParams.get('q') === tutor.name);
      await audit(page, 'keyboard: tutors searched');

      // The tutor's card, then their profile (the focus starts in its content).
      await tabTo(page, page.getByRole('link', { name: tutor.name, exact: true }).first());
      await page.keyboard.press('Enter');
      await page.waitForURL(`${urls.web}/t/${tutor.id}`);
      const book = page.getByRole('button', { name: text.profile.book });
      await book.waitFor();
      await tabTo(page, book);
      await audit(page, 'keyboard: tutor profile');

      // The wizard opens on the first bookable day; Enter chooses it.
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: wizardText.title(tutor.name) });
      await expectFocusOn(dialog.getByRole('button', { name: dayName(first), exact: true }));
      await audit(page, 'keyboard: wizard, day');
      await page.keyboard.press('Enter');

      // The length: the first one on offer has the focus; Space chooses it and the times follow.
      await expectFocusOn(dialog.locator('input[type="radio"]:enabled').first());
      await page.keyboard.press('Space');
      const times = dialog.getByRole('list', { name: wizardText.timesLabel }).getByRole('button');
      await expectFocusOn(times.first());

      // Confirming: the focus is on the confirm button; Enter books.
      await page.keyboard.press('Enter');
      const confirm = dialog.getByRole('button', { name: wizardText.confirm });
      await expectFocusOn(confirm);
      await audit(page, 'keyboard: wizard, confirm');
      await page.keyboard.press('Enter');

      // The lessons page, the success toast, and the focus in the new page's content.
      await page.waitForURL(`${urls.web}/upcoming-lessons`);
      await page.getByText(wizardText.booked).first().waitFor();
      await expectFocusInMain(page);
      const booked = (await pending()).list;
      expect(booked.map((lesson) => lesson.tutor.id)).toEqual([tutor.id]);
      const card = page.getByRole('listitem').filter({ hasText: text.lesson.with(tutor.name) });
      await card.waitFor();
      await audit(page, 'keyboard: upcoming lessons');

      // Cancel from the card: Escape closes the confirmation and the focus is back on the button.
      const cancel = card.getByRole('button', { name: text.lesson.cancel });
      await tabTo(page, cancel);
      const confirmation = page.getByRole('dialog', { name: text.lesson.cancelTitle });
      await openThenEscape(cancel, confirmation, 'keyboard: cancel confirmation');

      // Again, and confirm: the lesson is cancelled.
      await page.keyboard.press('Enter');
      await tabTo(page, confirmation.getByRole('button', { name: text.lesson.confirmCancel }));
      await page.keyboard.press('Enter');
      await page.getByText(text.lesson.canceled).first().waitFor();
      await expect.poll(async () => (await pending()).list).toEqual([]);
      // The card went with the lesson: the focus is back in the page's content, not lost.
      await expectFocusInMain(page);
    } finally {
      await context.close();
    }
  }, 300_000);
});
