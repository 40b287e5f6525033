import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkoutMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { signInToWeb } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const text = checkoutMessages;

/** Signs the student in; the web app opens their dashboard. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await signInToWeb(page, email, password);
  await page.waitForURL(/\/s\/dashboard/);
}

/** From the plans page to the checkout of the first monthly plan. */
async function openCheckout(page: Page): Promise<void> {
  await page.goto(`${urls.web}/subscription`);
  await page.getByRole('link', { name: text.plan.subscribe }).first().click();
  await page.waitForURL(/\/checkout\/\d+\/[a-z-]+/);
}

/** Buying a plan through the Fawry sandbox, as a student would, in Chromium. */
describe.skipIf(skipE2E)('payments', () => {
  it('a student adds a card, pays with 3-D Secure and sees the active subscription and weekly minutes', async () => {
    const student = await createVerifiedStudent('كريم سامي');
    const { page, context } = await newPage();
    try {
      await signIn(page, student.email, student.password);
      await openCheckout(page);

      // Add a card on the sandbox's tokenization page; it returns through /card-added.
      await page
        .getByRole('radio', { name: new RegExp(text.checkout.method.labels.card) })
        .first()
        .check();
      await audit(page, 'checkout: paying by card, no card yet');
      await page.getByRole('button', { name: text.card.add }).click();
      await page.getByLabel('رقم البطاقة').fill('4242 4242 4242 4242');
      await page.getByLabel('تاريخ الانتهاء (شهر/سنة)').fill('12/30');
      await page.getByLabel('رمز الأمان (CVV)').fill('123');
      await page.getByLabel('اسم حامل البطاقة').fill('KARIM SAMY');
      await page.getByRole('button', { name: 'حفظ البطاقة' }).click();
      await page.getByText(text.cardAdded.title).waitFor();
      await page.waitForURL(/\/checkout\/\d+\/[a-z-]+/);

      // Pay with the saved card: CVV, then the bank's 3-D Secure page.
      await page.getByLabel(text.card.cvv).fill('123');
      await audit(page, 'checkout: a saved card');
      await page.getByRole('button', { name: /^ادفع / }).click();
      await page.getByRole('button', { name: 'موافقة' }).click();
      await page.waitForURL(/\/checkout\/result/);
      await page.getByText(text.status.paidTitle).first().waitFor();
      await audit(page, 'checkout result: paid');

      // The plans page now shows the subscription and this week's minutes.
      await page.goto(`${urls.web}/subscription`);
      await page.getByRole('heading', { name: text.current.title }).waitFor();
      await page.getByText(text.current.weekly).first().waitFor();
      await page.getByLabel(text.current.remainingLabel).first().waitFor();
      expect(await page.getByText(text.current.none).count()).toBe(0);
      await audit(page, 'subscription: active');
    } finally {
      await context.close();
    }
    // Room for the accessibility audits (a11y.ts) of the screens on the way.
  }, 240_000);

  it('a reference number paid at a Fawry outlet turns the checkout to paid without a reload', async () => {
    const student = await createVerifiedStudent('ياسمين علي');
    const { page, context } = await newPage();
    try {
      await signIn(page, student.email, student.password);
      await openCheckout(page);
      await page
        .getByRole('radio', { name: new RegExp(`^${text.checkout.method.labels.fawry}`) })
        .first()
        .check();
      await page.getByRole('button', { name: text.checkout.getReference }).click();
      await page.getByText(text.fawry.referenceLabel).first().waitFor();
      await page.getByText(text.status.waitingTitle).first().waitFor();
      await audit(page, 'checkout: a Fawry reference number, waiting');
      await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });

      // The payer pays the newest unpaid order at the outlet (the sandbox's control API).
      const orders = (await (
        await fetch(`${urls.web}/fawry-sandbox/__control/orders?status=UNPAID`)
      ).json()) as {
        list: { merchantRefNum: string }[];
      };
      const order = orders.list[0];
      expect(order).toBeDefined();
      const paid = await fetch(`${urls.web}/fawry-sandbox/__control/orders/${order?.merchantRefNum}/pay`, {
        method: 'POST',
      });
      expect(paid.status).toBe(200);

      await page.getByText(text.status.paidTitle).first().waitFor({ timeout: 15_000 });
      // The layout's toast too, its wording fetched when the payment event arrived.
      await page.getByText(text.status.liveToast).first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      await audit(page, 'checkout: the reference number paid');
    } finally {
      await context.close();
    }
  }, 240_000);
});
