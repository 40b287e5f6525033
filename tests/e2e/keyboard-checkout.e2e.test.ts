import { describe, expect, it } from 'vitest';
import { PlanPeriod } from '../../packages/domain/src/index.ts';
import { checkoutMessages, webMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api } from './api.ts';
import { newPage, skipE2E } from './browser.ts';
import { expectFocusInMain, expectFocusOn, pageToken, press, signInByKeyboard, tabTo } from './keyboard.ts';
import { createVerifiedStudent } from './students.ts';

const text = checkoutMessages;

/**
 * Issue 15: a student buys a plan with the keyboard alone: the plans page (period tabs with the arrow
 * keys), the checkout, the Fawry sandbox's add-card page, Enter in the CVV field, the bank's 3-D Secure
 * page, and the paid result. Every focus stop is visible; the app's screens are audited with axe (the
 * sandbox's pages stand in for Fawry's and are not ours to audit).
 */
describe.skipIf(skipE2E)('checkout with the keyboard alone', () => {
  it('a student subscribes, adds a card on the sandbox and pays with 3-D Secure', async () => {
    const student = await createVerifiedStudent('سلمى ناصر');
    const { page, context } = await newPage();
    try {
      await signInByKeyboard(page, student.email, student.password);
      await page.waitForURL(/\/s\/dashboard/);

      // Back from the dashboard's content to the header's "subscription" link.
      await expectFocusInMain(page);
      const nav = page.getByRole('navigation', { name: webMessages.nav.main }).first();
      await tabTo(page, nav.getByRole('link', { name: webMessages.nav.subscription }), { backwards: true });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/subscription/);

      // The period tabs: the arrow keys move between them (left is the next one in Arabic).
      const month = page.getByRole('tab', { name: new RegExp(text.periods.tab[PlanPeriod.Month]) });
      await tabTo(page, month);
      await press(page, 'ArrowLeft');
      const quarter = page.getByRole('tab', { name: new RegExp(text.periods.tab[PlanPeriod.Quarter]) });
      await expectFocusOn(quarter);
      await expect.poll(() => quarter.getAttribute('aria-selected')).toBe('true');
      await press(page, 'ArrowRight');
      await expectFocusOn(month);
      await expect.poll(() => month.getAttribute('aria-selected')).toBe('true');
      await audit(page, 'keyboard: plans');

      // The first monthly plan's "subscribe", past the tab panel (a stop of its own).
      await tabTo(page, page.getByRole('link', { name: new RegExp(`^${text.plan.subscribe}`) }).first());
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/checkout\/\d+\/month/);
      await audit(page, 'keyboard: checkout');

      // Pay by card (the method chosen at first): add one on Fawry's page.
      await tabTo(page, page.getByRole('radio', { name: new RegExp(text.checkout.method.labels.card) }));
      await tabTo(page, page.getByRole('button', { name: text.card.add }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/fawry-sandbox\//);
      await tabTo(page, page.getByLabel('رقم البطاقة'));
      await page.keyboard.type('4242 4242 4242 4242');
      await press(page, 'Tab');
      await page.keyboard.type('12/30');
      await press(page, 'Tab');
      await page.keyboard.type('123');
      await press(page, 'Tab');
      await expectFocusOn(page.getByLabel('اسم حامل البطاقة'));
      await page.keyboard.type('SALMA NASSER');
      await page.keyboard.press('Enter');
      await page.getByText(text.cardAdded.title).waitFor();
      await audit(page, 'keyboard: card added');
      await page.waitForURL(/\/checkout\/\d+\/month/);

      // Back on the checkout with the new card chosen: the CVV, then Enter pays.
      const cvv = page.getByRole('textbox', { name: text.card.cvv });
      await cvv.waitFor();
      await tabTo(page, cvv);
      await page.keyboard.type('123');
      await page.keyboard.press('Enter');

      // The bank's 3-D Secure page: approve with the keyboard.
      await page.waitForURL(/\/fawry-sandbox\//);
      await tabTo(page, page.getByRole('button', { name: 'موافقة' }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/checkout\/result/);
      await page.getByText(text.status.paidTitle).first().waitFor();
      await audit(page, 'keyboard: paid');

      // The subscription is active.
      const current = await api<{ subscription: { planId: number } } | null>(
        'GET',
        '/sub/current',
        await pageToken(page),
      );
      expect(current?.subscription.planId).toBeGreaterThan(0);

      // On to the plans page, which now shows the subscription.
      await tabTo(page, page.getByRole('link', { name: text.status.toSubscription }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: text.current.title }).waitFor();
    } finally {
      await context.close();
    }
  }, 300_000);
});
