import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectedPayoutDates, localDayRange } from '../../packages/domain/src/index.ts';
import { formatDate, formatMoney } from '../../packages/ui/src/format.ts';
import { errorMessages } from '../../packages/ui/src/messages/error-messages.ts';
import { invoicesMessages, webMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { demo, signInToAdmin, signInToWeb } from './sign-in.ts';

const text = invoicesMessages;

/**
 * A demo tutor with ten weeks of given lessons and no withdrawal requests of their own
 * (apps/server/src/seed/demo-invoices.ts seeds requests for the first three only).
 */
const TUTOR = 'tutor3@hiwar.test';

type Stats = { earned: number; withdrawn: number; pending: number; withdrawable: number };
type Ledger = Stats & { weekly: { period: string; earned: number }[] };
type Invoice = {
  id: number;
  amount: number;
  status: string;
  receipt: string | null;
  createdAt: string;
  details: { method: string; username?: string };
};
type Method = { type: string; min: number; max: number; enabled: boolean };

/** A local `YYYY-MM-DD` date as the tutor's list writes it ("الأحد، ٢٢ نوفمبر"). */
const localDay = (date: string) =>
  formatDate(localDayRange(date).start, { weekday: 'long', day: 'numeric', month: 'long' });

/** A picture of noise (it barely compresses, so the upload takes a moment), as PNG bytes. */
function receiptPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The four balance cards of `/invoices`, read as the page shows them. */
async function balances(page: Page): Promise<Record<keyof Stats, string>> {
  const region = page.getByRole('region', { name: text.page.balances });
  const read = async (key: keyof Stats) =>
    (
      (await region.locator('dl > div').filter({ hasText: text.ledger[key] }).locator('dd').textContent()) ??
      ''
    ).trim();
  return {
    earned: await read('earned'),
    withdrawn: await read('withdrawn'),
    pending: await read('pending'),
    withdrawable: await read('withdrawable'),
  };
}

/** Waits until the balance cards show `expected` (the page refetches after each live event). */
async function expectBalances(page: Page, expected: Stats): Promise<void> {
  const want = {
    earned: formatMoney(expected.earned),
    withdrawn: formatMoney(expected.withdrawn),
    pending: formatMoney(expected.pending),
    withdrawable: formatMoney(expected.withdrawable),
  };
  await expect.poll(() => balances(page), { timeout: 10_000, interval: 200 }).toEqual(want);
}

/**
 * Money out, end to end: a tutor with given lessons requests an InstaPay withdrawal on `/invoices` and
 * asks to change the address; staff approve the change and fulfil the request with a receipt upload in
 * the back office; the tutor's open page follows live, shows the receipt and the new balance. The
 * receipt stays private to its tutor (and staff).
 */
describe.skipIf(skipE2E)('invoices', () => {
  it('a tutor requests an InstaPay withdrawal and an update; staff approve and fulfil it with a receipt; the tutor sees it live', async () => {
    const startedAt = Date.now();
    const tutor = await login(TUTOR);
    const otherTutor = await login(demo.tutor);
    const tutorName = tutor.user.name ?? '';
    expect(tutorName).not.toBe('');
    const before = await api<Ledger>('GET', `/invoice/stats/${tutor.user.id}`, tutor.token);
    const { list: methods } = await api<{ list: Method[] }>('GET', '/withdraw-method/list', tutor.token);
    const instapay = methods.find((method) => method.type === 'instapay' && method.enabled);
    if (!instapay) {
      throw new Error('InstaPay is not enabled for tutors');
    }
    // 300 EGP: within InstaPay's limits and the tutor's withdrawable balance.
    const amount = 300_00;
    expect(amount).toBeGreaterThanOrEqual(instapay.min);
    expect(amount).toBeLessThanOrEqual(instapay.max);
    expect(before.withdrawable).toBeGreaterThanOrEqual(amount);
    const money = formatMoney(amount);
    const suffix = randomBytes(3).toString('hex');
    const firstAddress = `tutor3.${suffix}@instapay`;
    const newAddress = `tutor3.new.${suffix}@instapay`;

    const pages: Page[] = [];
    let step = 'the tutor opens /invoices';
    try {
      // 1. The tutor opens "الأرباح" from the header: the balance cards and the earnings chart.
      const tutorSide = await newPage();
      const web = tutorSide.page;
      pages.push(web);
      await signInToWeb(web, TUTOR);
      await web.getByRole('link', { name: webMessages.nav.invoices, exact: true }).first().click();
      await web.waitForURL(`${urls.web}/invoices`);
      await web.getByRole('heading', { name: text.page.title, level: 1 }).waitFor();
      await expectBalances(web, before);
      const chart = web.getByRole('region', { name: text.chart.title });
      await chart.locator('svg.recharts-surface').first().waitFor();
      expect(await chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
      const weeklyTotal = before.weekly.reduce((sum, week) => sum + week.earned, 0);
      await chart
        .getByText(text.chart.total(formatMoney(weeklyTotal)))
        .first()
        .waitFor();
      await audit(web, 'invoices: balances, chart and the request form');
      // Marked, to prove later that the page was never reloaded.
      await web.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });

      // 2. The request: InstaPay, an address checked as typed, an amount within the limits.
      step = 'the tutor requests a withdrawal';
      const form = web.getByRole('region', { name: text.form.title });
      await form.getByRole('radio', { name: new RegExp(`^${text.method.instapay}`) }).check();
      const address = form.getByLabel(text.details.username);
      await address.fill('mona.adel@gmail.com');
      await form.getByText(errorMessages['instapay-username-invalid']).waitFor();
      expect(await address.getAttribute('aria-invalid')).toBe('true');
      await audit(web, 'invoices: the request form with an error');
      await address.fill(firstAddress);
      await form.getByText(errorMessages['instapay-username-invalid']).waitFor({ state: 'detached' });
      const amountField = form.getByLabel(text.form.amount);
      await amountField.fill('50');
      await form.getByText(errorMessages['invoice-min-subceeded']).waitFor();
      await form
        .getByText(
          text.form.amountHint(
            formatMoney(before.withdrawable),
            formatMoney(instapay.min),
            formatMoney(instapay.max),
          ),
        )
        .waitFor();
      await amountField.fill(String(amount / 100));
      await form.getByText(errorMessages['invoice-min-subceeded']).waitFor({ state: 'detached' });
      await form.getByRole('button', { name: text.form.submit }).click();
      await web.getByText(text.form.sent).first().waitFor();

      // Pending, with the processing window: the 4th to 5th working day after the request.
      const { list: mine } = await api<{ list: Invoice[] }>('GET', '/invoice/list?size=10', tutor.token);
      const invoice = mine.find((candidate) => candidate.details.username === firstAddress);
      if (!invoice) {
        throw new Error('The new request is not in the tutor’s list');
      }
      expect(invoice).toMatchObject({ amount, status: 'pending' });
      const payout = expectedPayoutDates(new Date(invoice.createdAt));
      const item = web.getByRole('listitem').filter({
        has: web.getByRole('heading', { name: text.list.request(money) }),
      });
      await item.getByText(text.status.pending, { exact: true }).waitFor();
      await item.getByText(firstAddress).waitFor();
      await item
        .getByText(text.list.expectedRange(localDay(payout.earliest), localDay(payout.latest)))
        .waitFor();
      await expectBalances(web, {
        ...before,
        pending: before.pending + amount,
        withdrawable: before.withdrawable - amount,
      });

      // 3. The tutor asks to send it to another InstaPay address: the old one stays until staff approve.
      step = 'the tutor asks to update the request';
      await item.getByRole('button', { name: text.list.askUpdate }).click();
      const updateDialog = web.getByRole('dialog', { name: text.updateDialog.title });
      const newAddressField = updateDialog.getByLabel(text.details.username);
      expect(await newAddressField.inputValue()).toBe(firstAddress);
      await newAddressField.fill('not an address');
      await updateDialog.getByText(errorMessages['instapay-username-invalid']).waitFor();
      await audit(web, 'invoices: the update dialog with an error');
      await newAddressField.fill(newAddress);
      await updateDialog.getByRole('button', { name: text.updateDialog.submit }).click();
      await web.getByText(text.updateDialog.sent).first().waitFor();
      await updateDialog.waitFor({ state: 'detached' });
      await item.getByText(text.status['updated-by-receiver'], { exact: true }).waitFor();
      await item.getByText(text.list.requested).waitFor();
      await item.getByText(newAddress).waitFor();
      await item.getByText(firstAddress).waitFor();

      // 4. Staff find the request in the back office and approve the new address.
      step = 'staff approve the update';
      const adminSide = await newPage();
      const admin = adminSide.page;
      pages.push(admin);
      await signInToAdmin(admin);
      await admin.goto(`${urls.admin}/invoices`);
      const filters = admin.getByRole('search', { name: text.admin.filters });
      await filters.getByLabel(text.admin.status, { exact: true }).selectOption('updated-by-receiver');
      await filters.getByRole('combobox', { name: text.admin.tutor }).fill(tutorName);
      await admin.getByRole('option').filter({ hasText: TUTOR }).click();
      await admin.waitForURL((url) => url.searchParams.get('tutorId') === String(tutor.user.id));
      const table = admin.getByRole('table', { name: text.admin.table });
      const row = table.getByRole('row').filter({ hasText: money });
      await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
      await audit(admin, 'admin invoices: filtered by status and tutor');
      await row.getByRole('button', { name: text.admin.detailsOf(tutorName, invoice.id) }).click();
      const detail = admin.getByRole('dialog');
      await detail.getByRole('heading', { name: text.detail.title(tutorName) }).waitFor();
      await detail.getByText(text.detail.requested).waitFor();
      await detail.getByText(newAddress).waitFor();
      await audit(admin, 'admin invoices: a request with an update to approve');
      await detail.getByRole('button', { name: text.actions.approveUpdate.label }).click();
      await detail.getByRole('heading', { name: text.actions.approveUpdate.title }).waitFor();
      await detail.getByRole('button', { name: text.actions.approveUpdate.label }).click();
      // The outcome, not the toast: another toast (the live event about this very change) may replace it.
      await detail.getByRole('heading', { name: text.detail.title(tutorName) }).waitFor();
      await detail.getByText(text.status.pending, { exact: true }).waitFor();
      expect(await detail.getByText(text.detail.requested).count()).toBe(0);

      // The tutor's open page follows: back to review, now to the new address.
      step = 'the tutor sees the approved update live';
      await web.getByText(text.events.tutor['status-changed']('pending')).first().waitFor();
      await item.getByText(text.status.pending, { exact: true }).waitFor();
      await item.getByText(newAddress).waitFor();
      await item.getByText(firstAddress).waitFor({ state: 'detached' });

      // 5. Staff fulfil it with the transfer's receipt, uploaded with a progress bar.
      step = 'staff fulfil the request with a receipt';
      await detail.getByRole('button', { name: text.actions.fulfil.label }).click();
      await detail.getByRole('heading', { name: text.actions.fulfil.title }).waitFor();
      const picture = await receiptPng(480, 360);
      await detail.locator('input[type="file"]').setInputFiles({
        name: 'receipt.png',
        mimeType: 'image/png',
        buffer: picture,
      });
      await detail.getByRole('img', { name: text.actions.preview }).waitFor();
      await detail.getByText(text.actions.chosen('receipt.png')).waitFor();
      await detail.getByLabel(text.actions.note).fill('حُوّل المبلغ عبر إنستاباي.');
      await audit(admin, 'admin invoices: the fulfil form with a receipt chosen');
      // A slow uplink (about 256 KB/s) keeps the upload on screen long enough to watch it.
      const cdp = await adminSide.context.newCDPSession(admin);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 256 * 1024,
      });
      await detail.getByRole('button', { name: text.actions.fulfil.label }).click();
      const progress = detail.getByRole('progressbar', { name: text.actions.uploading });
      await progress.waitFor();
      const percent = Number(await progress.getAttribute('aria-valuenow'));
      expect(percent).toBeGreaterThanOrEqual(0);
      expect(percent).toBeLessThanOrEqual(100);
      // Seen: lift the slow uplink at once, so a throttled upload can never stall the journey.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await progress.waitFor({ state: 'detached', timeout: 60_000 });
      await detail.getByText(text.status.fulfilled, { exact: true }).waitFor();
      await detail.getByRole('button', { name: text.receipt.showOf(money) }).waitFor();
      await audit(admin, 'admin invoices: a request fulfilled');

      // 6. The tutor's page, never reloaded, shows the transfer, the receipt and the new balance.
      step = 'the tutor sees the fulfilment live';
      await web.getByText(text.events.tutor['status-changed']('fulfilled')).first().waitFor();
      await item.getByText(text.status.fulfilled, { exact: true }).waitFor();
      await item.getByText('حُوّل المبلغ عبر إنستاباي.').waitFor();
      expect(await item.getByText(text.list.expected).count()).toBe(0);
      expect(await item.getByRole('button', { name: text.list.askUpdate }).count()).toBe(0);
      expect(await web.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      await expectBalances(web, {
        ...before,
        withdrawn: before.withdrawn + amount,
        withdrawable: before.withdrawable - amount,
      });
      await audit(web, 'invoices: a request fulfilled');

      step = 'the tutor opens the receipt';
      const receiptLoaded = web.waitForResponse((response) =>
        new URL(response.url()).pathname.startsWith('/assets/receipts/'),
      );
      await item.getByRole('button', { name: text.receipt.showOf(money) }).click();
      const receiptDialog = web.getByRole('dialog', { name: text.receipt.title });
      const receiptResponse = await receiptLoaded;
      expect(receiptResponse.status()).toBe(200);
      expect(receiptResponse.request().headers().authorization).toMatch(/^Bearer /);
      const receiptImage = receiptDialog.getByRole('img', { name: text.receipt.alt(money) });
      await receiptImage.waitFor();
      await expect
        .poll(() => receiptImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBe(480);
      await audit(web, 'invoices: the receipt');

      // 7. The receipt is private: its tutor reads it, another tutor and strangers do not.
      step = 'another tutor cannot fetch the receipt';
      const { list: after } = await api<{ list: Invoice[] }>('GET', '/invoice/list?size=10', tutor.token);
      const done = after.find((candidate) => candidate.id === invoice.id);
      expect(done).toMatchObject({
        status: 'fulfilled',
        details: { method: 'instapay', username: newAddress },
      });
      const receiptPath = new URL(done?.receipt ?? '', urls.web).pathname;
      expect(receiptPath).toMatch(/^\/assets\/receipts\//);
      const fetchReceipt = (token: string | null) =>
        fetch(`${urls.web}${receiptPath}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      const own = await fetchReceipt(tutor.token);
      expect(own.status).toBe(200);
      expect(own.headers.get('content-type')).toMatch(/^image\//);
      const other = await fetchReceipt(otherTutor.token);
      expect([403, 404]).toContain(other.status);
      const anonymous = await fetchReceipt(null);
      expect([401, 403, 404]).toContain(anonymous.status);
      const publicUploads = await fetch(
        `${urls.web}${receiptPath.replace('/assets/receipts/', '/assets/uploads/')}`,
      );
      expect(publicUploads.status).not.toBe(200);

      const ledger = await api<Ledger>('GET', `/invoice/stats/${tutor.user.id}`, tutor.token);
      expect(ledger).toMatchObject({
        earned: before.earned,
        withdrawn: before.withdrawn + amount,
        pending: before.pending,
        withdrawable: before.withdrawable - amount,
      });
      console.info(`[invoices] journey took ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    } catch (error) {
      for (const [index, page] of pages.entries()) {
        const path = `/tmp/e2e-inv-${step.replace(/\W+/g, '-')}-${index}.png`;
        await page.screenshot({ path, fullPage: true }).catch(() => undefined);
        console.error(`[invoices] failed at "${step}"; screenshot ${path} (${page.url()})`);
      }
      throw error;
    } finally {
      for (const page of pages) {
        await page
          .context()
          .close()
          .catch(() => undefined);
      }
    }
    // Room for the accessibility audits (a11y.ts) of the screens on the way.
  }, 330_000);
});
