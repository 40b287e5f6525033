import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chatMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { type ApiSession, api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { demo, signInToWeb } from './sign-in.ts';

const text = chatMessages;

/** The pair's room (the seed's lessons give the demo student and tutor one; else a first message makes it). */
async function pairRoom(student: ApiSession, tutor: ApiSession): Promise<number> {
  try {
    const room = await api<{ id: number } | null>(
      'GET',
      `/chat/room/by/members?members=${student.user.id},${tutor.user.id}`,
      student.token,
    );
    if (room) {
      return room.id;
    }
  } catch (error) {
    if ((error as { status?: number }).status !== 404) {
      throw error;
    }
  }
  // No room yet (an empty answer): a first message makes it.
  const { room } = await api<{ room: { id: number } }>('POST', '/chat/new', student.token, {
    userId: tutor.user.id,
    message: 'السلام عليكم',
  });
  return room.id;
}

function conversationLog(page: Page): Locator {
  return page.getByRole('log', { name: text.conversation.messages });
}

/** The newest bubble holding `content` (its text, time and ticks). */
function bubble(page: Page, content: string): Locator {
  return conversationLog(page)
    .locator('[data-message]')
    .filter({ has: page.getByText(content, { exact: true }) })
    .last();
}

/** Two people chatting live in Chromium, each in their own browser context. */
describe.skipIf(skipE2E)('chat', () => {
  it('a student and a tutor chat both ways with typing, read receipts, edit and delete; English reads LTR', async () => {
    const [studentSession, tutorSession] = await Promise.all([login(demo.student), login(demo.tutor)]);
    const roomId = await pairRoom(studentSession, tutorSession);
    const studentName = studentSession.user.name ?? text.rooms.unnamed;
    const tutorName = tutorSession.user.name ?? text.rooms.unnamed;

    const student = await newPage();
    const tutor = await newPage();
    try {
      await signInToWeb(student.page, demo.student);
      await signInToWeb(tutor.page, demo.tutor);
      await student.page.goto(`${urls.web}/chat?room=${roomId}`, { waitUntil: 'domcontentloaded' });
      await tutor.page.goto(`${urls.web}/chat?room=${roomId}`, { waitUntil: 'domcontentloaded' });
      await student.page.getByRole('heading', { level: 2, name: tutorName }).waitFor();
      await tutor.page.getByRole('heading', { level: 2, name: studentName }).waitFor();
      // Both are online: each sees the other's presence.
      await student.page.getByText(text.rooms.online).first().waitFor();

      // The student types: the tutor sees "typing…"; Enter sends; the tutor has the room open, so it is read.
      const studentBox = student.page.getByRole('textbox', { name: text.composer.label });
      const first = `مرحبًا يا أستاذة، عندي سؤال ${Date.now().toString(36)}`;
      // Typing is said once, then again every TYPING_REPEAT_MS while it goes on: typed over more than
      // that, it reaches the tutor even when the tutor's page joined the room just after the first.
      await studentBox.fill(first.slice(0, 10));
      await studentBox.pressSequentially(first.slice(10), { delay: Math.ceil(4_000 / (first.length - 10)) });
      await tutor.page.getByText(text.conversation.typing(studentName)).waitFor();
      await audit(tutor.page, 'chat: the other is typing');
      await studentBox.press('Enter');
      await conversationLog(tutor.page).getByText(first, { exact: true }).waitFor();
      await bubble(student.page, first).locator('[data-receipt="read"]').waitFor();
      await tutor.page.getByText(text.conversation.typing(studentName)).waitFor({ state: 'hidden' });

      // The tutor answers in English: it arrives live and reads left to right inside the RTL page.
      const reply = `Of course! What is your question? ${Date.now().toString(36)}`;
      const tutorBox = tutor.page.getByRole('textbox', { name: text.composer.label });
      await tutorBox.fill(reply);
      await tutorBox.press('Enter');
      const english = conversationLog(student.page).getByText(reply, { exact: true });
      await english.waitFor();
      expect(await student.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await english.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
      const arabic = conversationLog(student.page).getByText(first, { exact: true });
      expect(await arabic.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
      await audit(student.page, 'chat: a conversation in two languages');
      await bubble(tutor.page, reply).locator('[data-receipt="read"]').waitFor();

      // The student edits the message inline: the tutor sees the new text marked edited.
      const edited = `${first} (معدّل)`;
      const own = bubble(student.page, first);
      await own.hover();
      await own.getByRole('button', { name: text.conversation.actions }).click();
      await student.page.getByRole('menu').waitFor();
      await audit(student.page, 'chat: message actions menu');
      await student.page.getByRole('menuitem', { name: text.conversation.edit }).click();
      const editBox = student.page.getByRole('textbox', { name: text.conversation.editLabel });
      await editBox.waitFor();
      await audit(student.page, 'chat: editing a message');
      await editBox.fill(edited);
      await editBox.press('Enter');
      await conversationLog(tutor.page).getByText(edited, { exact: true }).waitFor();
      await bubble(tutor.page, edited).getByText(text.conversation.edited).waitFor();

      // Then deletes it after confirming: it stays in place, blanked, on both sides.
      const mine = bubble(student.page, edited);
      await mine.hover();
      await mine.getByRole('button', { name: text.conversation.actions }).click();
      await student.page.getByRole('menuitem', { name: text.conversation.delete }).click();
      await student.page.getByRole('dialog', { name: text.conversation.deleteTitle }).waitFor();
      await audit(student.page, 'chat: delete confirmation');
      await student.page
        .getByRole('dialog', { name: text.conversation.deleteTitle })
        .getByRole('button', { name: text.conversation.deleteConfirm })
        .click();
      await conversationLog(tutor.page).getByText(edited, { exact: true }).waitFor({ state: 'detached' });
      await conversationLog(tutor.page).getByText(text.conversation.deleted).last().waitFor();
      await conversationLog(student.page).getByText(text.conversation.deleted).last().waitFor();

      // After a reload nothing is lost: the conversation comes back from the server.
      await student.page.reload();
      await conversationLog(student.page).getByText(reply, { exact: true }).waitFor();
    } finally {
      await student.context.close();
      await tutor.context.close();
    }
    // Room for the accessibility audits (a11y.ts) of the screens on the way.
  }, 300_000);
});
