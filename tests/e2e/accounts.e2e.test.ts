import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../packages/ui/src/messages/error-messages.ts';
import { accountMessages, webMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { codeFromOutbox } from './outbox.ts';
import { signInToAdmin } from './sign-in.ts';

const text = accountMessages;

async function signOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `${webMessages.account.menu}: ${name}` }).click();
  await page.getByRole('menuitem', { name: webMessages.account.logout }).click();
  await page.getByRole('link', { name: text.login.submit }).first().waitFor();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${urls.web}/login`);
  await page.getByLabel(text.fields.email).fill(email);
  await page.getByLabel(text.fields.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.login.submit }).click();
}

/** A new student's whole account life, as a person would go through it, then staff finding them. */
describe.skipIf(skipE2E)('accounts', () => {
  it('registers, verifies, completes the profile, signs out and in, resets the password; staff find the student', async () => {
    const email = `mona.${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Start-pass-1';
    const newPassword = 'Better-pass-2';
    const name = 'منى أحمد';
    const { page, context } = await newPage();
    try {
      // Register: the verification code is sent straight away.
      const registeredAt = new Date(Date.now() - 1000);
      await page.goto(`${urls.web}/register/student`);
      await page.getByLabel(text.fields.email).fill(email);
      await page.getByLabel(text.fields.password, { exact: true }).fill(password);
      await page.getByLabel(text.fields.confirmPassword, { exact: true }).fill(password);
      await page.getByRole('button', { name: text.register.submit }).click();
      await page.waitForURL(/\/verify-email/);
      await page.getByLabel(text.verifyEmail.codeLabel).waitFor();
      await audit(page, 'verify e-mail: the code form');

      // Verify the e-mail with the 4-digit code from the outbox.
      const emailCode = await codeFromOutbox(email, 4, registeredAt);
      // The code box submits itself once the fourth digit is in.
      await page.getByLabel(text.verifyEmail.codeLabel).fill(emailCode);
      await page.waitForURL(/\/complete-profile/);
      await page.getByLabel(text.fields.name).waitFor();
      await audit(page, 'complete profile: empty');

      // Complete the profile: name, governorate, phone.
      await page.getByLabel(text.fields.name).fill(name);
      await page.getByRole('combobox', { name: text.fields.city }).click();
      await page.getByRole('option', { name: text.governorates[1] }).click();
      await page.getByLabel(text.fields.phone).fill('01012345678');
      await page.getByRole('button', { name: text.completeProfile.submit }).click();
      await page.waitForURL(/\/s\/dashboard/);

      // Sign out, then in again.
      await signOut(page, name);
      await signIn(page, email, password);
      await page.waitForURL(/\/s\/dashboard/);
      await signOut(page, name);

      // Forgot the password: a 5-digit code resets it, the old password stops working.
      const askedAt = new Date(Date.now() - 1000);
      await page.goto(`${urls.web}/forget-password`);
      await page.getByLabel(text.fields.email).fill(email);
      await page.getByRole('button', { name: text.forgetPassword.submit }).click();
      await page.waitForURL(/\/reset-password/);
      await page.getByLabel(text.resetPassword.codeLabel).waitFor();
      await audit(page, 'reset password: the code form');
      const resetCode = await codeFromOutbox(email, 5, askedAt);
      await page.getByLabel(text.resetPassword.codeLabel).fill(resetCode);
      await page.getByLabel(text.fields.newPassword, { exact: true }).fill(newPassword);
      await page.getByLabel(text.fields.confirmPassword, { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: text.resetPassword.submit }).click();
      await page.getByText(text.resetPassword.successTitle).waitFor();
      await audit(page, 'reset password: done');

      await signIn(page, email, password);
      await page.getByText(errorMessages['wrong-password']).first().waitFor();
      await audit(page, 'login: wrong password');
      await signIn(page, email, newPassword);
      await page.waitForURL(/\/s\/dashboard/);
    } finally {
      await context.close();
    }

    // Staff find the new student in the back office.
    const admin = await newPage();
    try {
      await signInToAdmin(admin.page);
      await admin.page.goto(`${urls.admin}/users?search=${encodeURIComponent(email)}`);
      const row = admin.page.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect(await row.textContent()).toContain(name);
    } finally {
      await admin.context.close();
    }
    // Room for the accessibility audits (a11y.ts) of the screens on the way.
  }, 300_000);
});
