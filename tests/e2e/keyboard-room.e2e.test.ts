import { afterAll, describe, expect, it } from 'vitest';
import { chatMessages, sessionMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { moveServerClock, resetServerClock } from './clock.ts';
import {
  expectFocusOn,
  expectVisibleFocus,
  openThenEscape,
  press,
  signInByKeyboard,
  tabTo,
} from './keyboard.ts';
import { bookableStarts } from './lessons.ts';
import { loopbackOnly } from './room.ts';
import { demo } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const text = sessionMessages;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Lesson = { id: number; start: string };

/**
 * Issue 15: the lesson room with the keyboard alone. A new student's free introductory lesson with the
 * demo TutorManager, a minute in (the server's clock moved): pre-join, join (the focus goes to the
 * controls), microphone and camera toggled, the toolbar walked with the arrow keys, the device menu
 * opened and closed, the chat panel opened and a message sent, then leave (the focus goes to the "you
 * left" screen). Every focus stop is visible; the screens are audited with axe.
 */
describe.skipIf(skipE2E)('lesson room with the keyboard alone', () => {
  let cleanup: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await resetServerClock(urls.web);
    await cleanup?.();
  });

  it('joins, toggles the microphone and camera, chats and leaves', async () => {
    const account = await createVerifiedStudent('نادين كمال');
    const student = await login(account.email, account.password);
    const manager = await login(demo.manager);
    const [start] = await bookableStarts(manager, student, {
      count: 1,
      from: 2 * 60 * MINUTE,
      to: 13 * DAY,
      windowMs: 60 * MINUTE,
      days: 10,
    });
    const lesson = await api<Lesson>('POST', '/lesson/', student.token, {
      tutorId: manager.user.id,
      start,
      duration: 30,
    });
    cleanup = async () => {
      await api('DELETE', `/lesson/${lesson.id}`, student.token).catch(() => undefined);
    };
    await moveServerClock(urls.web, Date.parse(lesson.start) + MINUTE - Date.now());

    const { page, context } = await newPage();
    try {
      await loopbackOnly(context);
      await signInByKeyboard(page, account.email, account.password);

      // Pre-join: the camera and microphone pickers are stops of their own; then Join.
      await page.goto(`${urls.web}/lesson/${lesson.id}`);
      // Chromium's fake camera and microphone take a while to open on a busy machine.
      await page.getByText(text.preJoin.ready, { exact: true }).waitFor({ timeout: 60_000 });
      await audit(page, 'keyboard: pre-join');
      await tabTo(page, page.getByRole('button', { name: text.preJoin.join }));
      await page.keyboard.press('Enter');

      // In the room: the first control has the focus.
      const toolbar = page.getByRole('toolbar', { name: text.controls.label });
      await expectFocusOn(toolbar.getByRole('button', { name: text.controls.muteMic }));
      await audit(page, 'keyboard: room');

      // The microphone: Enter mutes it, Enter again turns it back on.
      await press(page, 'Enter');
      const unmute = toolbar.getByRole('button', { name: text.controls.unmuteMic });
      await expectFocusOn(unmute);
      expect(await unmute.getAttribute('aria-pressed')).toBe('true');
      await press(page, 'Enter');
      await expectFocusOn(toolbar.getByRole('button', { name: text.controls.muteMic }));

      // The camera, the next control (Left, in Arabic): Space stops it and starts it again.
      await press(page, 'ArrowLeft');
      await expectFocusOn(toolbar.getByRole('button', { name: text.controls.cameraOff }));
      await press(page, 'Space');
      const cameraOn = toolbar.getByRole('button', { name: text.controls.cameraOn });
      await expectFocusOn(cameraOn);
      expect(await cameraOn.getAttribute('aria-pressed')).toBe('true');
      await press(page, 'Space');
      await expectFocusOn(toolbar.getByRole('button', { name: text.controls.cameraOff }));

      // The device menu: Enter opens it on its first choice, Escape closes it back onto its button.
      await press(page, 'ArrowLeft');
      const devices = toolbar.getByRole('button', { name: text.devices.menu });
      await openThenEscape(devices, page.getByRole('menu'), 'keyboard: device menu');

      // The chat panel: opened from the toolbar; its composer is just before it; Enter sends.
      await tabTo(page, toolbar.getByRole('button', { name: text.controls.openChat }));
      await page.keyboard.press('Enter');
      const panel = page.getByRole('complementary', { name: text.chat.title });
      await panel.waitFor();
      const composer = panel.getByRole('textbox', { name: chatMessages.composer.label });
      await expect.poll(() => composer.isEnabled()).toBe(true);
      await tabTo(page, composer, { backwards: true });
      const note = `سأبدأ بعد دقيقة ${Date.now().toString(36)}`;
      await page.keyboard.type(note);
      await page.keyboard.press('Enter');
      await panel.getByRole('log').getByText(note, { exact: true }).waitFor();
      await audit(page, 'keyboard: room with chat');
      await tabTo(page, toolbar.getByRole('button', { name: text.controls.closeChat }));
      await page.keyboard.press('Enter');
      await panel.waitFor({ state: 'hidden' });
      await expectFocusOn(toolbar.getByRole('button', { name: text.controls.openChat }));

      // Leave (the last control): the focus goes to the "you left" screen, then on to "rejoin".
      await press(page, 'End');
      await expectFocusOn(toolbar.getByRole('button', { name: text.controls.leave }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: text.ended.left }).waitFor();
      await expectVisibleFocus(page);
      await audit(page, 'keyboard: left the room');
      await press(page, 'Tab');
      await expectFocusOn(page.getByRole('button', { name: text.ended.rejoin }));
    } finally {
      await context.close();
    }
  }, 300_000);
});
