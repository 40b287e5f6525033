import { describe, expect, it } from 'vitest';
import { adminLessonsMessages, messages, scheduleMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { signInToAdmin } from './sign-in.ts';

type TutorCard = { id: number; name: string; ratingCount: number; lessonCount: number };

/** A seeded listed tutor who has given lessons and been rated (the public tutors list says so). */
async function ratedTutor(): Promise<TutorCard> {
  const res = await fetch(`${urls.web}/api/v1/user/tutor/list/onboarded?size=50`);
  const { list } = (await res.json()) as { list: TutorCard[] };
  const tutor = list.find((card) => card.ratingCount > 0 && card.lessonCount > 0);
  if (!tutor) {
    throw new Error('The demo seed has no rated tutor');
  }
  return tutor;
}

/** Staff find a tutor's lessons by the tutor's name, then open the tutor's page. */
describe.skipIf(skipE2E)('admin lessons and tutor page', () => {
  it('filters lessons by a tutor chosen by name, keeps it on reload, and opens the tutor with lessons and ratings', async () => {
    const tutor = await ratedTutor();
    const text = adminLessonsMessages;
    const { page, context } = await newPage();
    try {
      await signInToAdmin(page);
      await page.goto(`${urls.admin}/lessons`);
      const filters = page.getByRole('search', { name: scheduleMessages.adminLessons.filters });
      await filters
        .getByRole('combobox', { name: text.filters.tutor })
        .fill(tutor.name.split(' ')[0] ?? tutor.name);
      const option = page.getByRole('option', { name: new RegExp(tutor.name) }).first();
      await option.waitFor();
      await audit(page, 'lessons, tutor picker open');
      await option.click();
      await page.waitForURL((url) => url.searchParams.get('tutor') === String(tutor.id));

      const table = page.getByRole('table', { name: scheduleMessages.adminLessons.table });
      await expect
        .poll(async () => new Set(await table.locator('tbody tr td:nth-child(2)').allInnerTexts()))
        .toEqual(new Set([tutor.name]));
      await audit(page, 'lessons filtered by a tutor');

      await page.reload();
      await expect
        .poll(() => filters.getByRole('group', { name: text.filters.tutor }).innerText())
        .toContain(tutor.name);

      await table.getByRole('link', { name: tutor.name }).first().click();
      await page.waitForURL(`${urls.admin}/tutor/${tutor.id}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(tutor.name);
      await expect
        .poll(() => page.getByRole('table', { name: scheduleMessages.adminLessons.table }).isVisible())
        .toBe(true);
      await expect
        .poll(() => page.getByRole('list', { name: text.tutor.ratings.list }).getByRole('listitem').count())
        .toBeGreaterThan(0);
      await audit(page, 'tutor page with lessons and ratings');
    } finally {
      await context.close();
    }
  });

  it('adds, renames and deletes a topic, and flushes the tutors cache', async () => {
    const text = scheduleMessages.adminTopics;
    const suffix = Date.now().toString(36).slice(-5);
    const { page, context } = await newPage();
    try {
      await signInToAdmin(page, 'admin@hiwar.test');
      await page.goto(`${urls.admin}/topics`);
      await page.getByRole('button', { name: text.add }).click();
      let dialog = page.getByRole('dialog', { name: text.addTitle });
      await dialog.getByLabel(text.nameAr).fill(`النطق ${suffix}`);
      await dialog.getByLabel(text.nameEn).fill(`Pronunciation ${suffix}`);
      await dialog.getByRole('button', { name: messages.common.save }).click();
      const table = page.getByRole('table', { name: text.table });
      await table.getByText(`Pronunciation ${suffix}`).waitFor();

      await page.getByRole('button', { name: `${text.edit} النطق ${suffix}` }).click();
      dialog = page.getByRole('dialog', { name: text.editTitle });
      await dialog.getByLabel(text.nameEn).waitFor();
      await audit(page, 'topics, edit dialog');
      await dialog.getByLabel(text.nameEn).fill(`Accent ${suffix}`);
      await dialog.getByRole('button', { name: messages.common.save }).click();
      await table.getByText(`Accent ${suffix}`).waitFor();
      await page.reload();
      await table.getByText(`Accent ${suffix}`).waitFor();

      await page.getByRole('button', { name: `${text.delete} النطق ${suffix}` }).click();
      const confirm = page.getByRole('dialog', { name: text.deleteTitle });
      await confirm.waitFor();
      await audit(page, 'topics, delete confirmation');
      await confirm.getByRole('button', { name: text.delete }).click();
      await page.getByText(text.deleted).waitFor();
      await expect.poll(() => table.getByText(`Accent ${suffix}`).count()).toBe(0);

      await page.goto(`${urls.admin}/platform-settings`);
      await page.getByRole('button', { name: scheduleMessages.cache.flush }).click();
      await page.getByText(scheduleMessages.cache.flushed).waitFor();
      await audit(page, 'platform settings after a cache flush');
    } finally {
      await context.close();
    }
  });
});
