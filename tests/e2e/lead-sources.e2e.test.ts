import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminDashboardMessages, webMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { signInToAdmin } from './sign-in.ts';

const text = adminDashboardMessages.dashboard.unknownLeadSources;

/**
 * Issue 27: a marketing link the landing site does not know (`/url/{name}`) takes the visitor to the
 * web app's home page, not to a 404, and staff see the visits to it on the back office's dashboard.
 */
describe.skipIf(skipE2E)('unknown lead-source links', () => {
  it('lead a visitor to the web home page, and staff see their visits on the dashboard', async () => {
    const name = `promo-${randomBytes(3).toString('hex')}`;
    const { page, context } = await newPage();
    try {
      // Twice, once in other letters: both are the same name.
      for (const path of [`/url/${name}`, `/url/${name.toUpperCase()}/`]) {
        await page.goto(`${urls.landing}${path}`);
        await page.waitForURL(`${urls.web}/`);
        await page.getByRole('heading', { level: 1, name: webMessages.home.title }).waitFor();
      }
      await audit(page, 'web home, from an unknown /url link');
    } finally {
      await context.close();
    }

    const staff = await newPage();
    try {
      await signInToAdmin(staff.page);
      const table = staff.page.getByRole('table', { name: text.table });
      await table.waitFor();
      const row = table.getByRole('row').filter({ hasText: `/url/${name}` });
      await row.waitFor();
      // This week's visits and the 8 weeks' total: two each.
      expect(await row.getByRole('cell').nth(0).textContent()).toBe('٢');
      expect(await row.getByRole('cell').nth(1).textContent()).toBe('٢');
      await audit(staff.page, 'dashboard: unknown /url links');
    } finally {
      await staff.context.close();
    }
  }, 180_000);
});
