import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.ts';
import { messages } from '../../packages/ui/src/messages/messages.ts';
import { urls } from './browser.ts';

export { DEMO_PASSWORD };

/** The demo accounts `npm start` seeds (apps/server/src/seed/demo.ts). */
export const demo = {
  superAdmin: 'superadmin@hiwar.test',
  admin: 'admin@hiwar.test',
  tutor: 'tutor@hiwar.test',
  manager: 'manager@hiwar.test',
  studio: 'studio@hiwar.test',
  student: 'student@hiwar.test',
};

/** Signs in to the back office through its login form, as a person would. */
export async function signInToAdmin(
  page: Page,
  email = demo.superAdmin,
  password = DEMO_PASSWORD,
): Promise<void> {
  const text = messages.adminUsers.login;
  await page.goto(`${urls.admin}/login`);
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.submit }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
