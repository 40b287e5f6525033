import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.ts';
import { accountMessages, adminMessages } from '../../packages/ui/src/messages/messages.ts';
import { urls } from './browser.ts';
import { demo } from './demo-accounts.ts';

export { demo } from './demo-accounts.ts';
export { DEMO_PASSWORD };

/** Signs in to the back office through its login form, as a person would. */
export async function signInToAdmin(
  page: Page,
  email = demo.superAdmin,
  password = DEMO_PASSWORD,
): Promise<void> {
  const text = adminMessages.login;
  await page.goto(`${urls.admin}/login`);
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.submit }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Signs in to the web app through its login form, as a person would (a demo account unless told). */
export async function signInToWeb(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const text = accountMessages;
  await page.goto(`${urls.web}/login`);
  await page.getByLabel(text.fields.email).fill(email);
  await page.getByLabel(text.fields.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.login.submit }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
