import { afterAll, describe, expect, it } from 'vitest';
import {
  addLocalDays,
  InvoiceStatus,
  localDateTimeToInstant,
  weekDates,
} from '../../packages/domain/src/index.ts';
import { formatMoney } from '../../packages/ui/src/format.ts';
import { invoicesMessages, messages, scheduleMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import {
  expectFocusInMain,
  expectFocusOn,
  expectVisibleFocus,
  openThenEscape,
  pageToken,
  press,
  signInByKeyboard,
  tabTo,
} from './keyboard.ts';
import { DEMO_PASSWORD } from './sign-in.ts';

/** A demo tutor with given lessons (a withdrawable balance) whom no other journey changes. */
const TUTOR = 'tutor1@hiwar.test';

type Window = { id: number; start: string; end: string };
type Schedule = { list: Window[] };
type Method = { type: string; enabled: boolean; min: number; max: number };
type Invoice = { id: number; amount: number; status: string };

const schedule = scheduleMessages.management;
const windowText = scheduleMessages.windowDialog;
const invoices = invoicesMessages;

/**
 * Issue 15 on the supply side: a tutor publishes a window of their week and withdraws earnings with
 * the keyboard alone. The schedule: two weeks on with the week's arrows, a window added on the
 * week's first day through the dialog's native selects (Home, End and arrows), then deleted, the
 * focus kept on the page. The money: InstaPay chosen among the methods with the arrows, the address
 * and the amount typed, Enter sends; the request is then cancelled from its card (Escape first,
 * the focus back on the button). Every focus stop is visible; the main states are audited with axe.
 */
describe.skipIf(skipE2E)('a tutor’s week and earnings with the keyboard alone', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) {
      await cleanup().catch(() => undefined);
    }
  });

  it('adds and deletes a window, then requests a withdrawal and cancels it', async () => {
    const { page, context } = await newPage();
    try {
      await signInByKeyboard(page, TUTOR, DEMO_PASSWORD);
      const token = await pageToken(page);

      // The week two weeks from now, and its first day (a Saturday), as the board shows it.
      await page.goto(`${urls.web}/schedule-management`);
      await page.getByRole('heading', { name: schedule.title, level: 1 }).waitFor();
      await press(page, 'Tab');
      await expectFocusOn(page.getByRole('link', { name: messages.common.skipToContent }));
      await page.keyboard.press('Enter');
      await expectFocusInMain(page);
      const weekHeading = page.locator('h2[aria-live="polite"]');
      const next = page.getByRole('button', { name: schedule.nextWeek });
      await tabTo(page, next);
      const shownWeek = async () => (await weekHeading.first().textContent()) ?? '';
      const thisWeek = await shownWeek();
      await press(page, 'Enter');
      await expect.poll(shownWeek).not.toBe(thisWeek);
      const nextWeek = await shownWeek();
      await press(page, 'Enter');
      await expect.poll(shownWeek).not.toBe(nextWeek);
      await expectFocusOn(next);

      const days = page.getByRole('list', { name: schedule.week }).locator(':scope > li');
      const firstDay = days.first();
      await firstDay.waitFor();
      // The Saturday shown: the first day of the week two weeks from now.
      const saturday = addLocalDays(weekDates(new Date())[0] as string, 14);
      const [start, end] = [
        localDateTimeToInstant(saturday, '00:00').toISOString(),
        localDateTimeToInstant(addLocalDays(saturday, 1), '00:00').toISOString(),
      ];
      const windowsThatDay = async () =>
        (await api<Schedule>('GET', `/availability-slot/?from=${start}&to=${end}`, token)).list;
      const before = await windowsThatDay();
      expect(
        before.filter((window) => new Date(window.start).getTime() < new Date(start).getTime() + 3_600_000),
        'the tutor has a window in the first hour of that Saturday',
      ).toEqual([]);
      cleanups.push(async () => {
        const added = (await windowsThatDay()).filter(
          (window) => !before.some((old) => old.id === window.id),
        );
        if (added.length > 0) {
          await api('POST', '/availability-slot/', token, { delete: added.map((window) => window.id) });
        }
      });

      // The day's own "add" button opens the dialog on that day; 00:00 to 01:00 with the selects.
      await tabTo(page, firstDay.getByRole('button', { name: schedule.addWindow }));
      await press(page, 'Enter');
      const dialog = page.getByRole('dialog', { name: windowText.addTitle });
      await dialog.waitFor();
      await expectVisibleFocus(page);
      await tabTo(page, dialog.getByLabel(windowText.start, { exact: true }));
      await press(page, 'Home');
      await tabTo(page, dialog.getByLabel(windowText.end, { exact: true }));
      await press(page, 'Home');
      for (let quarter = 0; quarter < 3; quarter++) {
        await press(page, 'ArrowDown');
      }
      expect(await dialog.getByLabel(windowText.start, { exact: true }).inputValue()).toBe('00:00');
      expect(await dialog.getByLabel(windowText.end, { exact: true }).inputValue()).toBe('01:00');
      await audit(page, 'keyboard: add a window');
      await tabTo(page, dialog.getByRole('button', { name: windowText.submit }));
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(windowText.added).first().waitFor();
      const added = (await windowsThatDay()).filter((window) => !before.some((old) => old.id === window.id));
      expect(added.map((window) => [window.start, window.end])).toEqual([
        [start, new Date(new Date(start).getTime() + 3_600_000).toISOString()],
      ]);
      // The focus returns to the button that opened the dialog.
      await expectFocusOn(firstDay.getByRole('button', { name: schedule.addWindow }));
      await audit(page, 'keyboard: a window added');

      // Deleting it: the focus stays on the day, not lost to the page.
      const windowItem = firstDay.getByRole('listitem').first();
      await tabTo(page, windowItem.getByRole('button', { name: schedule.delete }), { backwards: true });
      await page.keyboard.press('Enter');
      await page.getByText(windowText.deleted).first().waitFor();
      await expect.poll(async () => (await windowsThatDay()).length).toBe(before.length);
      await expectFocusOn(firstDay.getByRole('button', { name: schedule.addWindow }));

      // The earnings page: the request form with the keyboard.
      const { list: methods } = await api<{ list: Method[] }>('GET', '/withdraw-method/list', token);
      const instapay = methods.find((method) => method.type === 'instapay' && method.enabled);
      if (!instapay) {
        throw new Error('InstaPay is not enabled for tutors');
      }
      const mine = async () =>
        (await api<{ list: Invoice[] }>('GET', '/invoice/list?size=50', token)).list.map(
          (invoice) => invoice.id,
        );
      const requestsBefore = await mine();
      await page.goto(`${urls.web}/invoices`);
      await page.getByRole('heading', { name: invoices.page.title, level: 1 }).waitFor();
      const form = page.getByRole('region', { name: invoices.form.title });
      const radios = form.getByRole('radio');
      await radios.first().waitFor();
      // Into the method group: the arrows move the choice until InstaPay is chosen.
      await tabTo(page, radios);
      const instapayRadio = form.getByRole('radio', { name: new RegExp(`^${invoices.method.instapay}`) });
      for (let step = 0; step < 6 && !(await instapayRadio.isChecked()); step++) {
        await press(page, step === 0 && !(await radios.first().isChecked()) ? 'Space' : 'ArrowLeft');
      }
      expect(await instapayRadio.isChecked()).toBe(true);
      await tabTo(page, form.getByLabel(invoices.details.username));
      await page.keyboard.type(`keyboard.tutor@instapay`);
      await tabTo(page, form.getByLabel(invoices.form.amount));
      await page.keyboard.type(String(instapay.min / 100));
      await audit(page, 'keyboard: the withdrawal form filled');
      await tabTo(page, form.getByRole('button', { name: invoices.form.submit }));
      await page.keyboard.press('Enter');
      await page.getByText(invoices.form.sent).first().waitFor();
      const created = (await mine()).filter((id) => !requestsBefore.includes(id));
      expect(created).toHaveLength(1);
      cleanups.push(() =>
        api('PUT', `/invoice/receiver/${created[0]}`, token, { status: InvoiceStatus.CanceledByReceiver }),
      );
      await expectVisibleFocus(page);

      // Cancelling it from its card: Escape first (the focus comes back), then confirmed.
      const card = page
        .getByRole('article', { name: invoices.list.request(formatMoney(instapay.min)) })
        .first();
      const askCancel = card.getByRole('button', { name: invoices.list.askCancel });
      await tabTo(page, askCancel);
      const confirmation = page.getByRole('dialog', { name: invoices.cancelDialog.title });
      await openThenEscape(askCancel, confirmation, 'keyboard: cancel a withdrawal');
      await page.keyboard.press('Enter');
      await tabTo(page, confirmation.getByRole('button', { name: invoices.cancelDialog.confirm }));
      await page.keyboard.press('Enter');
      await page.getByText(invoices.cancelDialog.sent).first().waitFor();
      // The button went with the request's new status: the focus stays on the request's card.
      await askCancel.waitFor({ state: 'detached' });
      await expectFocusOn(card);
    } finally {
      await context.close();
    }
  });
});
