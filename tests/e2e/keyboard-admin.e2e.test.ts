import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { InvoiceStatus } from '../../packages/domain/src/index.ts';
import {
  adminMessages,
  adminUsersMessages,
  invoicesMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { expectFocusInMain, expectFocusOn, openThenEscape, press, tabTo } from './keyboard.ts';
import { DEMO_PASSWORD, demo } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

/** A demo tutor with given lessons (a withdrawable balance) whom no other journey changes. */
const TUTOR = 'tutor2@hiwar.test';

type Method = { type: string; enabled: boolean; min: number; max: number };
type Invoice = { id: number; amount: number; status: string };

const invoices = invoicesMessages;
const manage = adminUsersMessages.user.manage;

/**
 * Issue 15 in the back office: staff work with the keyboard alone. A RegularAdmin signs in (the
 * e-mail field has the focus, Enter sends), reaches the withdrawal requests from the sidebar, opens
 * a tutor's request from its row (Escape closes it back onto the row's button), rejects it with a
 * note, and closes it; then finds a new student by searching the users and switches their verified
 * e-mail off through the confirmation (Escape first, the focus back on the switch). Every focus stop
 * is visible; the main states are audited with axe. The RegularAdmin, not the SuperAdmin: the login
 * limit (10 a quarter hour per address and e-mail) is shared with the other journeys, and the
 * SuperAdmin signs in most.
 */
describe.skipIf(skipE2E)('staff with the keyboard alone', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) {
      await cleanup().catch(() => undefined);
    }
  });

  it('reject a withdrawal request with a note, then unverify a student’s e-mail', async () => {
    // A fresh pending request of the tutor's, made through the API.
    const tutor = await login(TUTOR);
    const tutorName = tutor.user.name ?? '';
    const { list: methods } = await api<{ list: Method[] }>('GET', '/withdraw-method/list', tutor.token);
    const instapay = methods.find((method) => method.type === 'instapay' && method.enabled);
    if (!instapay) {
      throw new Error('InstaPay is not enabled for tutors');
    }
    const request = await api<Invoice>('POST', '/invoice/', tutor.token, {
      amount: instapay.min,
      details: { method: 'instapay', username: `tutor2.${randomBytes(3).toString('hex')}@instapay` },
    });
    cleanups.push(() =>
      api('PUT', `/invoice/receiver/${request.id}`, tutor.token, {
        status: InvoiceStatus.CanceledByReceiver,
      }),
    );
    const student = await createVerifiedStudent('سلمى لوحة المفاتيح');

    const { page, context } = await newPage();
    try {
      // Sign in: the e-mail field has the focus, Tab to the password, Enter sends.
      const loginText = adminMessages.login;
      await page.goto(`${urls.admin}/login`);
      await expectFocusOn(page.getByLabel(loginText.email));
      await page.keyboard.type(demo.admin);
      await press(page, 'Tab');
      await expectFocusOn(page.getByLabel(loginText.password, { exact: true }));
      await page.keyboard.type(DEMO_PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));

      // The withdrawal requests, from the sidebar, whose link stays focused (and current).
      const sidebar = page.getByRole('navigation', { name: adminMessages.sidebar }).first();
      const invoicesLink = sidebar.getByRole('link', { name: new RegExp(`^${adminMessages.nav.invoices}`) });
      await tabTo(page, invoicesLink);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${urls.admin}/invoices`);
      await expectFocusOn(invoicesLink);
      expect(await invoicesLink.getAttribute('aria-current')).toBe('page');

      // The request's row: its details open with Enter and close with Escape back onto the button.
      const details = page.getByRole('button', { name: invoices.admin.detailsOf(tutorName, request.id) });
      await tabTo(page, details, { max: 80 });
      const dialog = page.getByRole('dialog');
      await openThenEscape(details, dialog, 'keyboard admin: a withdrawal request');

      // Reject it: the action opens in place with the focus on its note; the note is typed, Enter
      // on the action's button sends it, and the details come back with the request rejected.
      await page.keyboard.press('Enter');
      await dialog.getByRole('heading', { name: invoices.detail.title(tutorName) }).waitFor();
      await tabTo(page, dialog.getByRole('button', { name: invoices.actions.reject.label }));
      await page.keyboard.press('Enter');
      await dialog.getByRole('heading', { name: invoices.actions.reject.title }).waitFor();
      const note = dialog.getByLabel(invoices.actions.noteRequired);
      await expectFocusOn(note);
      await audit(page, 'keyboard admin: rejecting a request');
      await page.keyboard.type('رقم الحساب غير صحيح.');
      await tabTo(page, dialog.getByRole('button', { name: invoices.actions.reject.label }));
      await page.keyboard.press('Enter');
      await dialog.getByRole('heading', { name: invoices.detail.title(tutorName) }).waitFor();
      await dialog.getByText(invoices.status.rejected, { exact: true }).first().waitFor();
      await expectFocusOn(dialog.getByRole('heading', { name: invoices.detail.title(tutorName) }));
      const { list: mine } = await api<{ list: Invoice[] }>('GET', '/invoice/list?size=20', tutor.token);
      expect(mine.find((invoice) => invoice.id === request.id)?.status).toBe(InvoiceStatus.Rejected);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expectFocusOn(details);

      // The users, from the sidebar: a search by e-mail, then the student's page.
      const usersLink = sidebar.getByRole('link', { name: adminMessages.nav.users });
      await tabTo(page, usersLink, { backwards: true, max: 80 });
      await page.keyboard.press('Enter');
      await page.waitForURL(`${urls.admin}/users`);
      await expectFocusOn(usersLink);
      const search = page.getByRole('searchbox', { name: adminUsersMessages.users.search });
      await tabTo(page, search);
      await page.keyboard.type(student.email);
      const rows = page.getByRole('table').getByRole('row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      await tabTo(page, page.getByRole('table').getByRole('link', { name: 'سلمى لوحة المفاتيح' }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname.startsWith('/user/'));
      await expectFocusInMain(page);

      // Their verified e-mail, switched off: Escape keeps it, the focus back on the switch; then confirmed.
      const verified = page.getByRole('switch', { name: manage.verifiedEmail });
      await tabTo(page, verified, { max: 80 });
      expect(await verified.getAttribute('aria-checked')).toBe('true');
      const confirmation = page.getByRole('dialog', { name: manage.markUnverified });
      await openThenEscape(verified, confirmation, 'keyboard admin: unverify an e-mail');
      expect(await verified.getAttribute('aria-checked')).toBe('true');
      await page.keyboard.press('Enter');
      await confirmation.waitFor();
      await tabTo(page, confirmation.getByRole('button', { name: manage.markUnverified }));
      await page.keyboard.press('Enter');
      await confirmation.waitFor({ state: 'hidden' });
      await expect.poll(() => verified.getAttribute('aria-checked')).toBe('false');
      await expectFocusOn(verified);
      await page.getByText(manage.verifiedSaved).first().waitFor();
    } finally {
      await context.close();
    }
  });
});
