import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PlanPeriod } from '../../packages/domain/src/index.ts';
import { checkoutMessages, subscriptionManageMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { expectFocusOn, pageToken, press, signInByKeyboard, tabTo } from './keyboard.ts';
import { demo } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const text = subscriptionManageMessages;

type Plan = { id: number; alias: string; weeklyMinutes: number; active: boolean };
type Current = {
  subscription: { id: number; planId: number; weeklyMinutes: number; renew?: boolean };
  refundRequestId?: number | null;
} | null;
type PayAnswer = { transaction: { id: number } };

/** The payer pays the order at a Fawry outlet (the sandbox's control API). */
async function payAtOutlet(transactionId: number): Promise<void> {
  const paid = await fetch(`${urls.web}/fawry-sandbox/__control/orders/${transactionId}/pay`, {
    method: 'POST',
  });
  expect(paid.status).toBe(200);
}

async function currentOf(token: string): Promise<Current> {
  return api<Current>('GET', '/sub/current', token);
}

/** The back office signed in as the demo SuperAdmin with the token global-setup issued (no sign-in form). */
async function openAdmin(page: Page): Promise<void> {
  const { token } = await login(demo.superAdmin);
  await page.goto(`${urls.admin}/login`);
  await page.evaluate((value) => {
    localStorage.setItem('auth-token', JSON.stringify({ type: 'bearer', value }));
  }, token);
}

/**
 * Issue 27 item 4: a student manages the subscription in force from /subscription with the keyboard
 * alone: renewal off and on again, a refund request that a SuperAdmin declines in the back office
 * (the student sees it live), then an upgrade to a bigger plan through the checkout with a reference
 * number the Fawry sandbox pays, after which the new weekly minutes show. Audited with axe in both themes.
 */
describe.skipIf(skipE2E)('managing a subscription', () => {
  it('renewal, a declined refund request and an upgrade paid at Fawry', async () => {
    const credentials = await createVerifiedStudent('طالبة تدير اشتراكها');
    const { page, context } = await newPage();
    const admin = await newPage();
    try {
      await signInByKeyboard(page, credentials.email, credentials.password);
      const token = await pageToken(page);

      // A month of the smallest plan, paid at an outlet.
      const plans = (await api<{ list: Plan[] }>('GET', '/plan/list?size=100', token)).list
        .filter((plan) => plan.active)
        .sort((a, b) => a.weeklyMinutes - b.weeklyMinutes);
      const [small, target] = [plans[0], plans[plans.length - 1]];
      if (!small || !target || target.weeklyMinutes <= small.weeklyMinutes) {
        throw new Error('The demo needs two plans of different sizes');
      }
      const order = await api<PayAnswer>('POST', '/fawry/pay/ref-num', token, {
        planId: small.id,
        period: PlanPeriod.Month,
      });
      await payAtOutlet(order.transaction.id);
      await expect
        .poll(async () => (await currentOf(token))?.subscription.planId, { timeout: 15_000 })
        .toBe(small.id);

      // Renewal: off, then on again, with the keyboard.
      await page.goto(`${urls.web}/subscription`);
      const manage = page.getByRole('region', { name: text.manage.title });
      const history = manage.getByRole('region', { name: text.history.title });
      const renewal = manage.getByRole('switch', { name: text.renewal.switchLabel });
      await renewal.waitFor();
      expect(await renewal.getAttribute('aria-checked')).toBe('true');
      await audit(page, 'subscription: manage section, renewal on');
      await tabTo(page, renewal);
      await press(page, 'Space');
      await manage.getByText(text.renewal.off, { exact: true }).waitFor();
      await expect.poll(async () => (await currentOf(token))?.subscription.renew).toBe(false);
      await history.getByText(text.history.kinds['renewal-off']).waitFor();
      await audit(page, 'subscription: renewal off');
      await press(page, 'Space');
      await manage.getByText(text.renewal.on, { exact: true }).waitFor();
      await expect.poll(async () => (await currentOf(token))?.subscription.renew).toBe(true);

      // A refund request, written and sent with the keyboard.
      const ask = manage.getByRole('button', { name: text.refund.request });
      await tabTo(page, ask);
      await press(page, 'Enter');
      const dialog = page.getByRole('dialog', { name: text.refund.dialogTitle });
      const reason = dialog.getByRole('textbox', { name: text.refund.reason });
      await expectFocusOn(reason);
      await page.keyboard.type('لم تناسبني مواعيد المعلمين هذا الشهر، وأود استرداد المبلغ.');
      await audit(page, 'subscription: refund request dialog');
      await tabTo(page, dialog.getByRole('button', { name: text.refund.send }));
      await press(page, 'Enter');
      await manage.getByText(text.refund.open).waitFor();
      await audit(page, 'subscription: refund request pending');
      const requestId = (await currentOf(token))?.refundRequestId;
      expect(requestId).toBeGreaterThan(0);

      // A SuperAdmin sees it in the back office and declines it with a note, keyboard only.
      await openAdmin(admin.page);
      await admin.page.goto(`${urls.admin}/refund-requests`);
      const card = admin.page.getByRole('article', { name: 'طالبة تدير اشتراكها' });
      await card.waitFor();
      await card.getByText(small.alias).first().waitFor();
      await audit(admin.page, 'back office: refund requests');
      await tabTo(
        admin.page,
        card.getByRole('button', { name: text.admin.declineFor('طالبة تدير اشتراكها') }),
        {
          max: 80,
        },
      );
      await press(admin.page, 'Enter');
      const decline = admin.page.getByRole('dialog', {
        name: text.admin.declineTitle('طالبة تدير اشتراكها'),
      });
      await expectFocusOn(decline.getByRole('textbox', { name: text.admin.note }));
      const note = 'مرّ على الاشتراك وقت يكفي لاستخدامه.';
      await admin.page.keyboard.type(note);
      await audit(admin.page, 'back office: decline a refund request');
      await tabTo(admin.page, decline.getByRole('button', { name: text.admin.declineSubmit }));
      await press(admin.page, 'Enter');
      await admin.page.getByText(text.admin.declined).first().waitFor();
      await decline.waitFor({ state: 'hidden' });

      // The student sees the decision live: a toast and the panel, with the note.
      await page.getByText(text.refund.liveDeclined).first().waitFor({ timeout: 15_000 });
      await manage.getByText(text.refund.declinedNote(note)).waitFor();
      await history.getByText(text.history.kinds['refund-declined']).waitFor();
      await audit(page, 'subscription: refund request declined');

      // Upgrade to the biggest plan: quote on demand, then the checkout in upgrade mode.
      const quoteButton = manage.getByRole('button', { name: text.upgrade.showQuoteFor(target.alias) });
      await tabTo(page, quoteButton);
      await press(page, 'Enter');
      const upgradeLink = manage.getByRole('link', { name: text.upgrade.ctaFor(target.alias) });
      // The button gave way to the quote: the focus is on its link.
      await expectFocusOn(upgradeLink);
      await press(page, 'Enter');
      await page.waitForURL(/\/checkout\/\d+\/month\?upgrade=\d+/);
      await page.getByRole('heading', { name: text.checkout.summaryTitle }).waitFor();
      await page.getByText(text.checkout.noCoupon).waitFor();
      await audit(page, 'checkout: upgrade');
      const fawry = page.getByRole('radio', {
        name: new RegExp(`^${checkoutMessages.checkout.method.labels.fawry}`),
      });
      await tabTo(page, page.getByRole('radio', { checked: true }));
      for (let step = 0; step < 3 && !(await fawry.isChecked()); step++) {
        await press(page, 'ArrowDown');
      }
      expect(await fawry.isChecked()).toBe(true);
      await tabTo(page, page.getByRole('button', { name: checkoutMessages.checkout.getReference }));
      await press(page, 'Enter');
      await page.getByText(checkoutMessages.status.waitingTitle).first().waitFor();
      await audit(page, 'checkout: upgrade reference number, waiting');

      const { list } = await api<{ list: { id: number; upgradeOf?: number | null; status: number }[] }>(
        'GET',
        '/transaction/list?size=10',
        token,
      );
      const upgradeOrder = list.find((transaction) => transaction.upgradeOf && transaction.status === 0);
      expect(upgradeOrder).toBeDefined();
      await payAtOutlet(upgradeOrder?.id ?? 0);
      await page.getByText(checkoutMessages.status.paidTitle).first().waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => (await currentOf(token))?.subscription.weeklyMinutes, { timeout: 15_000 })
        .toBe(target.weeklyMinutes);

      // The new weekly minutes on /subscription, and the upgrade in the history.
      await page.goto(`${urls.web}/subscription`);
      await page
        .getByText(
          checkoutMessages.current.ofTotal(checkoutMessages.plan.weeklyMinutes(target.weeklyMinutes)),
        )
        .waitFor();
      await history.getByText(text.history.kinds.upgraded).waitFor();
      await audit(page, 'subscription: upgraded');
    } finally {
      await context.close();
      await admin.context.close();
    }
  }, 300_000);
});
