import { describe, expect, it } from 'vitest';
import {
  chatAttachmentMessages,
  chatMessages,
  chatVoiceMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { expectFocusOn, expectVisibleFocus, signInByKeyboard, tabTo } from './keyboard.ts';
import { demo, signInToWeb } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

type Attachment = { kind: string; mime: string; durationMs: number | null; size: number };
type ChatMessage = { id: number; senderId: number; attachments: Attachment[] };

/**
 * Issue 27 item 6, decision 0041: a voice note. In Chromium with its fake microphone (browser.ts
 * launches it with fake media devices and grants them), a student records about two seconds with the
 * keyboard alone (the mic button, Enter to start, Enter on the same button to stop), hears nothing
 * (headless) but gets the preview, and sends it; the server keeps it as Opus in WebM with its length,
 * and the tutor sees a player whose audio loads. Each screen is audited with axe in both themes.
 */
describe.skipIf(skipE2E)('chat voice notes', () => {
  it('a student records a voice note with the keyboard and sends it; the tutor can play it', async () => {
    const account = await createVerifiedStudent('هالة مجدي');
    const [student, tutor] = await Promise.all([login(account.email, account.password), login(demo.tutor)]);
    const { room } = await api<{ room: { id: number } }>('POST', '/chat/new', student.token, {
      userId: tutor.user.id,
      message: 'سأرسل لك تسجيلًا لنطقي.',
    });

    const studentPage = await newPage();
    const tutorPage = await newPage({ colorScheme: 'dark' });
    try {
      const { page } = studentPage;
      await signInByKeyboard(page, account.email, account.password);
      await page.goto(`${urls.web}/chat?room=${room.id}`);
      const log = page.getByRole('log', { name: chatMessages.conversation.messages });
      await log.getByText('سأرسل لك تسجيلًا لنطقي.').waitFor();

      // The mic button is reached with Tab and starts recording with Enter; the same button stops it.
      const mic = page.getByRole('button', { name: chatVoiceMessages.record });
      const stop = page.getByRole('button', { name: chatVoiceMessages.stop });
      // Enter once more if the conversation re-rendered under the focus first (the room settling as its
      // socket connects), which left Enter nowhere.
      for (let attempt = 0; attempt < 3 && !(await stop.isVisible()); attempt++) {
        if (!(await mic.evaluate((element) => element === document.activeElement))) {
          await tabTo(page, mic);
        }
        await expectVisibleFocus(page);
        await page.keyboard.press('Enter');
        await stop.waitFor({ timeout: 10_000 }).catch(() => undefined);
      }
      await expectFocusOn(stop);
      await page.getByText(chatVoiceMessages.recording, { exact: true }).waitFor();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'بدأ التسجيل' }).count())
        .toBeGreaterThan(0);
      await audit(page, 'chat: recording a voice note');
      // About two seconds of the fake microphone's tone.
      await expect
        .poll(() => page.getByTestId('voice-timer').textContent(), { timeout: 10_000 })
        .toContain(chatVoiceMessages.elapsed(2, 120));
      await page.keyboard.press('Enter');

      const preview = page.getByLabel(chatVoiceMessages.preview);
      await preview.waitFor();
      const send = page.getByRole('button', { name: chatVoiceMessages.send });
      await expectFocusOn(send);
      await audit(page, 'chat: voice note preview');
      await page.keyboard.press('Enter');

      const sent = log.getByLabel(/^رسالة صوتية/);
      await sent.waitFor();
      await preview.waitFor({ state: 'detached' });
      await expectFocusOn(mic);
      await audit(page, 'chat: voice note sent');

      // Stored as Opus in WebM, with the length the container tells.
      const { list } = await api<{ list: ChatMessage[] }>(
        'GET',
        `/chat/list/${room.id}/messages`,
        tutor.token,
      );
      const voice = list.find((message) => message.attachments[0]?.kind === 'voice')?.attachments[0];
      expect(voice?.mime).toBe('audio/webm');
      expect(voice?.size).toBeGreaterThan(1000);
      expect(voice?.durationMs).toBeGreaterThan(1500);
      expect(voice?.durationMs).toBeLessThan(6000);

      // The tutor sees a player named with its length; its audio (fetched with the token) loads.
      await signInToWeb(tutorPage.page, demo.tutor);
      await tutorPage.page.goto(`${urls.web}/chat?room=${room.id}`);
      const tutorLog = tutorPage.page.getByRole('log', { name: chatMessages.conversation.messages });
      const seconds = Math.round((voice?.durationMs ?? 0) / 1000);
      const player = tutorLog.getByLabel(chatAttachmentMessages.voicePlayer(seconds));
      await player.waitFor();
      await expect.poll(() => player.getAttribute('src')).toMatch(/^blob:/);
      await expect
        .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState >= 1 && !audio.error))
        .toBe(true);
      await audit(tutorPage.page, 'chat: voice note received');
    } finally {
      await studentPage.context.close();
      await tutorPage.context.close();
    }
  });
});
