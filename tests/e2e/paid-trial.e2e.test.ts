import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { Role } from '../../packages/domain/src/index.ts';
import { formatDate, formatMoney, formatTime } from '../../packages/ui/src/format.ts';
import { bookingWizardMessages as wizardText } from '../../packages/ui/src/messages/booking-wizard.messages.ts';
import {
  checkoutMessages,
  freeTimesMessages,
  lessonsMessages,
} from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { expectFocusInMain, expectFocusOn, pageToken, press, signInByKeyboard, tabTo } from './keyboard.ts';
import { demo } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const text = checkoutMessages;
/** 99 EGP, in piasters. */
const PRICE = 9900;
const shots = fileURLToPath(new URL('../../.tmp/paid-trial/', import.meta.url));

type TutorCard = { id: number; name: string; role: number };
type FreeTimes = { days: Array<{ date: string; starts: string[] }> };
type Trial = {
  available: boolean;
  reason: string | null;
  minutes: 15 | 30;
  lessonId: number | null;
  price?: number;
  paid?: boolean;
  openTransactionId?: number | null;
};
type Lesson = { id: number; start: string; trial: boolean; tutor: { id: number } };
type PublicSettings = { trialLessonPrice: number };

/** A time's accessible name on the profile: its day and its Cairo time. */
const timeName = (start: string) =>
  freeTimesMessages.time(
    formatDate(start, { weekday: 'long', day: 'numeric', month: 'long' }),
    formatTime(start),
  );

/** A listed regular tutor with a free time that starts `minutes` free (the trial's length). */
async function tutorWithFreeTime(minutes: 15 | 30): Promise<{ tutor: TutorCard; start: string }> {
  const { list } = await api<{ list: TutorCard[] }>('GET', '/user/tutor/list/onboarded?size=50', null);
  for (const tutor of list.filter((candidate) => candidate.role === Role.Tutor)) {
    const free = await api<FreeTimes>('GET', `/user/tutor/free-times/${tutor.id}`, null);
    const starts = free.days.flatMap((day) => day.starts);
    const start = starts.find(
      (candidate) =>
        minutes === 15 || starts.includes(new Date(Date.parse(candidate) + 15 * 60_000).toISOString()),
    );
    if (start) {
      return { tutor, start };
    }
  }
  throw new Error('No listed tutor has a free time in the next seven days');
}

/** The checkout as it stands, in the light and the dark theme, for a look at its layout. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}${name}.png`, fullPage: true, animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${shots}${name}-dark.png`, fullPage: true, animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Staff set the trial's price through the API (the settings screen has its own journeys). */
async function setTrialPrice(piasters: number): Promise<void> {
  const { token } = await login(demo.superAdmin);
  await api('PUT', '/platform-settings/', token, { trialLessonPrice: piasters });
}

/**
 * Issue 27 item 1, decision 0048: with a trial price set, a new student's trial button and a free time
 * picked on a tutor's profile lead to /checkout/trial; they pay with a reference number that the
 * Fawry sandbox pays, and the paid panel takes them back to the tutor at that time, where the trial
 * wizard books it. Keyboard on the profile, the checkout and the wizard; axe in both themes.
 */
describe.skipIf(skipE2E)('the paid trial lesson', () => {
  let original = 0;
  afterAll(async () => {
    // Other journeys expect a free trial.
    await setTrialPrice(original);
  });

  it('is paid at Fawry from a picked time, then booked at that time', async () => {
    original = (await api<PublicSettings>('GET', '/platform-settings/public', null)).trialLessonPrice;
    await setTrialPrice(PRICE);
    expect((await api<PublicSettings>('GET', '/platform-settings/public', null)).trialLessonPrice).toBe(
      PRICE,
    );

    const credentials = await createVerifiedStudent('طالب يدفع درسه التجريبي');
    const { page, context } = await newPage();
    let token: string | null = null;
    let lessonId: number | null = null;
    try {
      await signInByKeyboard(page, credentials.email, credentials.password);
      token = await pageToken(page);
      const trial = await api<Trial>('GET', '/lesson/trial', token);
      expect(trial).toMatchObject({ available: true, price: PRICE, paid: false, openTransactionId: null });

      // The home names the price.
      await page.goto(`${urls.web}/s/dashboard`);
      await page.getByText(lessonsMessages.dashboard.trialTitle).waitFor();
      await page.getByText(new RegExp(`بـ ${formatMoney(PRICE)}`)).waitFor();

      // The profile: the trial button is a link to the checkout; a free time picked by keyboard goes there.
      const { tutor, start } = await tutorWithFreeTime(trial.minutes);
      await page.goto(`${urls.web}/t/${tutor.id}`);
      const offer = page.getByRole('link', {
        name: lessonsMessages.profile.bookPaidTrial(trial.minutes, formatMoney(PRICE)),
      });
      await offer.waitFor();
      expect(await offer.getAttribute('href')).toBe(`/checkout/trial?tutor=${tutor.id}`);
      await audit(page, 'paid trial: tutor profile');
      const time = page
        .getByRole('region', { name: freeTimesMessages.title })
        .getByRole('link', { name: timeName(start), exact: true });
      await tabTo(page, time, { max: 80 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/checkout/trial');
      const search = new URL(page.url()).searchParams;
      expect(search.get('tutor')).toBe(String(tutor.id));
      expect(search.get('at')).toBe(start);

      // The checkout: the price, the length, the three ways to pay at once.
      await page.getByRole('heading', { name: text.trial.summaryTitle }).waitFor();
      expect(await page.getByTestId('trial-amount').textContent()).toBe(formatMoney(PRICE));
      await audit(page, 'paid trial: checkout');
      await shoot(page, 'checkout');

      const fawry = page.getByRole('radio', { name: new RegExp(`^${text.checkout.method.labels.fawry}`) });
      await tabTo(page, page.getByRole('radio', { checked: true }));
      for (let step = 0; step < 3 && !(await fawry.isChecked()); step++) {
        await press(page, 'ArrowDown');
      }
      expect(await fawry.isChecked()).toBe(true);
      await tabTo(page, page.getByRole('button', { name: text.checkout.getReference }));
      await press(page, 'Enter');
      await page.getByText(text.fawry.referenceLabel).first().waitFor();
      await page.getByText(text.status.waitingTitle).first().waitFor();
      await page.getByText(text.trial.fawryLastStep).waitFor();
      await audit(page, 'paid trial: reference number, waiting');
      await shoot(page, 'checkout-waiting');

      // The payer pays it at an outlet (the sandbox's control API): the panel turns to paid live.
      const open = await api<Trial>('GET', '/lesson/trial', token);
      expect(open.paid).toBe(false);
      expect(open.openTransactionId).toBeGreaterThan(0);
      const paid = await fetch(`${urls.web}/fawry-sandbox/__control/orders/${open.openTransactionId}/pay`, {
        method: 'POST',
      });
      expect(paid.status).toBe(200);
      await page.getByText(text.status.paidTitle).first().waitFor({ timeout: 15_000 });
      await page.getByText(text.trial.paid).waitFor();
      // The layout's toast, which readies no subscription here.
      await page.getByText(text.status.liveToastPaid, { exact: true }).first().waitFor();
      expect(await api<Trial>('GET', '/lesson/trial', token)).toMatchObject({
        available: true,
        paid: true,
        openTransactionId: null,
      });
      // No subscription came with it.
      expect(await api<unknown>('GET', '/sub/current', token)).toBeNull();
      await audit(page, 'paid trial: paid');
      await shoot(page, 'checkout-paid');
      // The trial's state, read again by the paid event, leaves the payment's panel in place.
      expect(await page.getByText(text.trial.alreadyPaid).count()).toBe(0);
      await page.getByText(text.trial.paid).waitFor();

      // Back to the tutor at the picked time: the trial wizard opens there, and books it.
      const back = page.getByRole('link', { name: text.trial.bookAtTime });
      await tabTo(page, back, { max: 60 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/t/${tutor.id}`);
      expect(new URL(page.url()).searchParams.get('at')).toBe(start);
      const dialog = page.getByRole('dialog', { name: wizardText.paidTrialTitle(tutor.name) });
      await dialog.waitFor();
      await expect.poll(() => dialog.textContent()).toContain(formatTime(start));
      await expectFocusOn(dialog.getByRole('button', { name: wizardText.confirm }));
      await dialog.getByText(wizardText.paidTrialNote).waitFor();
      await audit(page, 'paid trial: wizard at the picked time');
      await page.keyboard.press('Enter');

      await page.waitForURL(`${urls.web}/upcoming-lessons`);
      await page.getByText(wizardText.trialBooked).first().waitFor();
      await expectFocusInMain(page);
      const { list } = await api<{ list: Lesson[] }>('GET', '/lesson/list/?status=pending', token);
      expect(list.map((lesson) => [lesson.tutor.id, lesson.start, lesson.trial])).toEqual([
        [tutor.id, start, true],
      ]);
      lessonId = list[0]?.id ?? null;
      expect(await api<Trial>('GET', '/lesson/trial', token)).toMatchObject({
        available: false,
        reason: 'trial-already-used',
      });

      // The checkout now says the trial is used, and asks for no payment.
      await page.goto(`${urls.web}/checkout/trial?tutor=${tutor.id}`);
      await page.getByText(text.trial.unavailable).waitFor();
      await page.getByText(text.trial.usedText).waitFor();
      expect(await page.getByRole('radio').count()).toBe(0);
    } finally {
      await context.close();
      // The tutor's time is free again for the other journeys.
      if (token && lessonId !== null) {
        await api('DELETE', `/lesson/${lessonId}`, token).catch(() => undefined);
      }
    }
  }, 300_000);
});
