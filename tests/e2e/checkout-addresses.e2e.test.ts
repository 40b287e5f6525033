import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PlanPeriod } from '../../packages/domain/src/index.ts';
import { accountMessages, checkoutMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { expectFocusOn, press, tabTo } from './keyboard.ts';
import { createVerifiedStudent } from './students.ts';

const text = checkoutMessages;

/** The web app on its loopback twin: `http://127.0.0.1:<port>` when the suite runs on localhost. */
const twin = (() => {
  const url = new URL(urls.web || 'http://localhost');
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
})();

/** Waits until the page is on `origin` at a path matching `path`. */
const onOrigin = (page: Page, origin: string, path: RegExp) =>
  page.waitForURL((url) => url.origin === origin && path.test(url.pathname));

/**
 * Issue 27: a student who opened the web app on 127.0.0.1 (not the configured localhost) reaches the
 * checkout by the API's numeric period, adds a card on the Fawry sandbox and pays with 3-D Secure,
 * and never leaves 127.0.0.1 on the way (each origin has its own session, so leaving it would sign
 * them out). An unknown period shows the unavailable plan page.
 */
describe.skipIf(skipE2E)('checkout addresses', () => {
  it('keeps the origin the app was opened on through the add-card page and 3-D Secure, from /checkout/{id}/1', async () => {
    const student = await createVerifiedStudent('نادر فهمي');
    const { page, context } = await newPage();
    try {
      await page.goto(`${twin}/login`);
      await page.getByLabel(accountMessages.fields.email).fill(student.email);
      await page.getByLabel(accountMessages.fields.password, { exact: true }).fill(student.password);
      await page.getByRole('button', { name: accountMessages.login.submit }).click();
      await onOrigin(page, twin, /\/s\/dashboard/);

      // The plan's id, from the plans page.
      await page.goto(`${twin}/subscription`);
      await page.getByRole('link', { name: text.plan.subscribe }).first().click();
      await onOrigin(page, twin, /^\/checkout\/\d+\/month$/);
      const planId = /\/checkout\/(\d+)\//.exec(new URL(page.url()).pathname)?.[1];
      expect(planId).toMatch(/^\d+$/);

      // A period the API does not have: the unavailable page, with the way to the plans.
      await page.goto(`${twin}/checkout/${planId}/7`);
      await page.getByRole('heading', { level: 1, name: text.checkout.invalidTitle }).waitFor();
      await audit(page, 'checkout: an unknown period');

      // The API's number for a quarter.
      await page.goto(`${twin}/checkout/${planId}/${PlanPeriod.Quarter}`);
      await page.getByText(text.periods.name[PlanPeriod.Quarter]).first().waitFor();
      await audit(page, 'checkout: a numeric period');

      // Add a card with the keyboard: the sandbox's page is on 127.0.0.1 too, and so is /card-added.
      await tabTo(page, page.getByRole('radio', { name: new RegExp(text.checkout.method.labels.card) }));
      await tabTo(page, page.getByRole('button', { name: text.card.add }));
      await page.keyboard.press('Enter');
      await onOrigin(page, twin, /^\/fawry-sandbox\//);
      const returnUrl = new URL(page.url()).searchParams.get('returnUrl') ?? '';
      expect(new URL(returnUrl).origin).toBe(twin);
      await tabTo(page, page.getByLabel('رقم البطاقة'));
      await page.keyboard.type('4242 4242 4242 4242');
      await press(page, 'Tab');
      await page.keyboard.type('12/30');
      await press(page, 'Tab');
      await page.keyboard.type('123');
      await press(page, 'Tab');
      await expectFocusOn(page.getByLabel('اسم حامل البطاقة'));
      await page.keyboard.type('NADER FAHMY');
      await page.keyboard.press('Enter');
      await page.getByText(text.cardAdded.title).waitFor();
      expect(new URL(page.url()).origin).toBe(twin);
      await onOrigin(page, twin, /^\/checkout\/\d+\/quarter$/);

      // Pay: the bank's 3-D Secure page and the result stay on 127.0.0.1, still signed in.
      const cvv = page.getByRole('textbox', { name: text.card.cvv });
      await cvv.waitFor();
      await tabTo(page, cvv);
      await page.keyboard.type('123');
      await page.keyboard.press('Enter');
      await onOrigin(page, twin, /^\/fawry-sandbox\/emu\/3ds\//);
      await tabTo(page, page.getByRole('button', { name: 'موافقة' }));
      await page.keyboard.press('Enter');
      await onOrigin(page, twin, /^\/checkout\/result$/);
      await page.getByText(text.status.paidTitle).first().waitFor();
      await audit(page, 'checkout result: paid on 127.0.0.1');
    } finally {
      await context.close();
    }
  }, 300_000);
});
