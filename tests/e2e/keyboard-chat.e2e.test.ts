import { describe, expect, it } from 'vitest';
import { chatMessages, webMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { type ApiSession, api, login } from './api.ts';
import { newPage, skipE2E } from './browser.ts';
import { demo } from './demo-accounts.ts';
import {
  expectFocusInMain,
  expectFocusOn,
  expectVisibleFocus,
  press,
  signInByKeyboard,
  tabTo,
} from './keyboard.ts';
import { createVerifiedStudent } from './students.ts';

const text = chatMessages;

type ChatMessage = { text: string; senderId: number };

/** A new verified account, signed in through the API. */
async function member(name: string): Promise<ApiSession & { email: string; password: string }> {
  const account = await createVerifiedStudent(name);
  return { ...account, ...(await login(account.email, account.password)) };
}

/** Writes to `to` (a first message makes the pair's room; later ones go into it). */
async function write(from: ApiSession, to: ApiSession, message: string): Promise<number> {
  const { room } = await api<{ room: { id: number } }>('POST', '/chat/new', from.token, {
    userId: to.user.id,
    message,
  });
  return room.id;
}

/**
 * Issue 15: chatting with the keyboard alone. Two admins wrote to the student; the student walks the
 * rooms list with the arrow keys, opens one with Enter (the focus goes to its composer), sends with
 * Enter, reads the reply that arrives live, opens and closes a message's menu, and goes back to the
 * other room. Every focus stop is visible; the screens are audited with axe.
 */
describe.skipIf(skipE2E)('chat with the keyboard alone', () => {
  it('walks the rooms, sends with Enter, receives a reply, and switches rooms', async () => {
    // Two admins write first (support chats): students do not open rooms with each other (decision 0045).
    const [me, hala, omar] = await Promise.all([member('مي حسن'), login(demo.admin), login(demo.superAdmin)]);
    const halaRoom = await write(hala, me, 'مساء الخير، هل نراجع الدرس؟');
    const omarRoom = await write(omar, me, 'أهلًا، متى نبدأ؟');
    const halaName = hala.user.name as string;
    const omarName = omar.user.name as string;

    const { page, context } = await newPage();
    try {
      await signInByKeyboard(page, me.email, me.password);
      await expectFocusInMain(page);

      // The account menu, loaded on demand: Enter on its button opens it, the arrows walk it, Escape
      // closes it and gives the focus back to the button.
      const accountButton = page.getByRole('button', { name: new RegExp(`^${webMessages.account.menu}`) });
      await tabTo(page, accountButton, { backwards: true });
      await page.keyboard.press('Enter');
      const accountMenu = page.getByRole('menu');
      await accountMenu.waitFor();
      await press(page, 'ArrowDown');
      await expectFocusOn(accountMenu.getByRole('menuitem').first());
      await page.keyboard.press('Escape');
      await accountMenu.waitFor({ state: 'hidden' });
      await expectFocusOn(accountButton);

      const nav = page.getByRole('navigation', { name: webMessages.nav.main }).first();
      await tabTo(page, nav.getByRole('link', { name: new RegExp(`^${webMessages.nav.chat}`) }), {
        backwards: true,
      });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/chat/);

      // The rooms, newest first: Omar's, then Hala's. Arrow keys walk them.
      const rooms = page.getByRole('list', { name: text.rooms.label });
      const omarLink = rooms.getByRole('link', { name: new RegExp(omarName) });
      const halaLink = rooms.getByRole('link', { name: new RegExp(halaName) });
      await tabTo(page, omarLink);
      await audit(page, 'keyboard: chat rooms');
      await press(page, 'ArrowDown');
      await expectFocusOn(halaLink);
      await press(page, 'ArrowUp');
      await expectFocusOn(omarLink);
      await press(page, 'End');
      await expectFocusOn(halaLink);

      // Enter opens Hala's room with the focus in the composer; Enter sends.
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('room') === String(halaRoom));
      const composer = page.getByRole('textbox', { name: text.composer.label });
      await expectFocusOn(composer);
      const log = page.getByRole('log', { name: text.conversation.messages });
      await log.getByText('مساء الخير، هل نراجع الدرس؟').waitFor();
      const mine = `نعم، الساعة الثامنة ${Date.now().toString(36)}`;
      await page.keyboard.type(mine);
      await page.keyboard.press('Enter');
      await log.getByText(mine, { exact: true }).waitFor();
      await expect
        .poll(async () => {
          const { list } = await api<{ list: ChatMessage[] }>(
            'GET',
            `/chat/list/${halaRoom}/messages`,
            hala.token,
          );
          return list.some((message) => message.text === mine && message.senderId === me.user.id);
        })
        .toBe(true);
      await expectVisibleFocus(page);

      // Hala answers: it arrives live.
      const reply = `ممتاز، إلى اللقاء ${Date.now().toString(36)}`;
      await write(hala, me, reply);
      await log.getByText(reply, { exact: true }).waitFor();
      await audit(page, 'keyboard: conversation');

      // The own message's menu: opened with Enter, walked with the arrows, closed with Escape.
      const actions = log
        .locator('[data-message]')
        .filter({ has: page.getByText(mine, { exact: true }) })
        .getByRole('button', { name: text.conversation.actions });
      await tabTo(page, actions, { backwards: true });
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expectFocusOn(menu.getByRole('menuitem', { name: text.conversation.edit }));
      await press(page, 'ArrowDown');
      await expectFocusOn(menu.getByRole('menuitem', { name: text.conversation.delete }));
      await audit(page, 'keyboard: message menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      await expectFocusOn(actions);

      // Back to the list and into Omar's room.
      await tabTo(page, omarLink, { backwards: true });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('room') === String(omarRoom));
      await expectFocusOn(composer);
      await log.getByText('أهلًا، متى نبدأ؟').waitFor();
    } finally {
      await context.close();
    }
  }, 300_000);
});
