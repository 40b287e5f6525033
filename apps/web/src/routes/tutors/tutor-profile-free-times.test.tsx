import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { formatDate, formatDateTime, formatTime } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fixtures.ts';
import { makeFreeTimes } from '../../test/free-times-fixtures.ts';
import { makeTutorInfo } from '../../test/lesson-fixtures.ts';
import { makeCurrent } from '../../test/payment-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const DAY_MS = 24 * 3600_000;
const QUARTER = 15 * 60_000;

/** Two days ahead at 08:00 UTC (10:00 in Cairo), on the 15-minute grid. */
const base = new Date(Math.floor((Date.now() + 2 * DAY_MS) / DAY_MS) * DAY_MS + 8 * 3600_000);
/** Fits a lesson of 15 or 30 minutes. */
const both = base;
/** Fits only 15 minutes (the window ends 15 minutes later). */
const shortOnly = new Date(base.getTime() + 4 * QUARTER);
/** Listed on the profile, gone by the time the wizard asks. */
const gone = new Date(base.getTime() + 6 * QUARTER);
/** Ten starts the next day: eight shown, two behind "more". */
const nextDay = Array.from({ length: 10 }, (_, index) => new Date(base.getTime() + DAY_MS + index * QUARTER));

const dayLabel = (instant: Date) => formatDate(instant, { weekday: 'long', day: 'numeric', month: 'long' });
const timeName = (instant: Date) => `${dayLabel(instant)}، ${formatTime(instant)}`;
const FREE_TIMES = '/api/v1/user/tutor/free-times/3';

function profileApi({ path }: ApiRequest) {
  if (path === '/api/v1/user/tutor/info/3') {
    return json(200, makeTutorInfo());
  }
  if (path === FREE_TIMES) {
    return json(200, makeFreeTimes([both, shortOnly, gone, ...nextDay]));
  }
  if (path.startsWith('/api/v1/availability-slot/')) {
    return json(200, {
      tutorId: 3,
      notice: 14,
      list: [
        {
          id: 7,
          tutorId: 3,
          start: both.toISOString(),
          end: new Date(shortOnly.getTime() + QUARTER).toISOString(),
        },
      ],
      booked: [],
      bookable: {
        short: [both, new Date(both.getTime() + QUARTER), shortOnly].map((date) => date.toISOString()),
        long: [both].map((date) => date.toISOString()),
      },
    });
  }
  if (path === '/api/v1/sub/current') {
    return json(200, makeCurrent());
  }
  if (path.startsWith('/api/v1/lesson/list/') || path.startsWith('/api/v1/rating/list/')) {
    return json(200, { list: [], total: 0 });
  }
  return undefined;
}

describe('free times on a tutor’s profile (issue 27)', () => {
  it('shows a visitor the times by day, each a link to sign in and come back to it', async () => {
    renderApp({ path: '/t/3', api: profileApi });
    const section = await screen.findByRole('region', { name: 'مواعيد متاحة' });
    expect(within(section).getByText(/ستسجّل الدخول أولًا/)).toBeInTheDocument();
    // A list per day, named by the day; each time named by its day and time.
    const firstDay = await within(section).findByRole('list', { name: dayLabel(both) });
    const link = within(firstDay).getByRole('link', { name: timeName(both) });
    const back = `/t/3?at=${encodeURIComponent(both.toISOString())}`;
    expect(link).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(back)}`);
    expect(link).toHaveTextContent(formatTime(both));
    expect(within(firstDay).getAllByRole('link')).toHaveLength(3);
    // The next day's first eight, the last two behind the browser's own disclosure.
    const lists = within(section).getAllByRole('list', { name: dayLabel(nextDay[0]!) });
    expect(lists.map((list) => within(list).getAllByRole('link', { hidden: true }).length)).toEqual([8, 2]);
    expect(within(section).getByText('مواعيد أخرى في هذا اليوم (٢)').tagName).toBe('SUMMARY');
  });

  it('names the two 23:00s of the night clocks go back apart, with their zone', async () => {
    // Thursday 29 October 2026: 23:00 EEST (20:00Z), then 23:00 EET (21:00Z).
    const first = new Date('2026-10-29T20:00:00Z');
    const second = new Date('2026-10-29T21:00:00Z');
    renderApp({
      path: '/t/3',
      api: (request) =>
        request.path === FREE_TIMES ? json(200, makeFreeTimes([first, second])) : profileApi(request),
    });
    const section = await screen.findByRole('region', { name: 'مواعيد متاحة' });
    const day = await within(section).findByRole('list', { name: dayLabel(first) });
    const names = within(day)
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label'));
    expect(formatTime(first)).toBe(formatTime(second));
    expect(new Set(names).size).toBe(2);
    const zoned = (instant: Date) =>
      formatTime(instant, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    expect(names).toEqual([`${dayLabel(first)}، ${zoned(first)}`, `${dayLabel(first)}، ${zoned(second)}`]);
  });

  it('says so when the tutor has no free time in the seven days', async () => {
    renderApp({
      path: '/t/3',
      api: (request) => (request.path === FREE_TIMES ? json(200, makeFreeTimes([])) : profileApi(request)),
    });
    const section = await screen.findByRole('region', { name: 'مواعيد متاحة' });
    expect(
      await within(section).findByText('لا توجد مواعيد متاحة خلال الأيام السبعة القادمة.'),
    ).toBeInTheDocument();
    expect(within(section).queryAllByRole('link')).toEqual([]);
  });

  it('shows the times without links to a tutor, who cannot book', async () => {
    renderApp({ path: '/t/3', user: { role: Role.Tutor, id: 9 }, api: profileApi });
    const section = await screen.findByRole('region', { name: 'مواعيد متاحة' });
    await within(section).findAllByRole('list', { name: dayLabel(both) });
    expect(within(section).queryAllByRole('link', { hidden: true })).toEqual([]);
    expect(within(section).getByText(timeName(both))).toBeInTheDocument();
  });

  it('opens a student’s wizard at the time picked, with the length left to choose when both fit', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/t/3', user: { role: Role.Student }, api: profileApi });
    const section = await screen.findByRole('region', { name: 'مواعيد متاحة' });
    await user.click(await within(section).findByRole('link', { name: timeName(both) }));
    expect(router.state.location.search).toBe(`?at=${encodeURIComponent(both.toISOString())}`);

    const dialog = await screen.findByRole('dialog', { name: 'احجز درسًا مع منى خالد' });
    expect(
      await within(dialog).findByText(`الموعد الذي اخترته: ${formatDateTime(both)}`),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '١٥ دقيقة' })).toHaveFocus());
    await user.click(within(dialog).getByRole('radio', { name: '٣٠ دقيقة' }));
    // Straight to confirming that start.
    const summary = within(dialog).getByLabelText('ملخص الحجز');
    expect(within(summary).getByText(formatDateTime(both))).toBeInTheDocument();
    expect(within(summary).getByText('٣٠ دقيقة')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'تأكيد الحجز' })).toHaveFocus());

    // Closing forgets the time picked.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('opens at the confirm step when only one length fits, as where sign-in brings a visitor back', async () => {
    renderApp({
      path: `/t/3?at=${encodeURIComponent(shortOnly.toISOString())}`,
      user: { role: Role.Student },
      api: profileApi,
    });
    const dialog = await screen.findByRole('dialog', { name: 'احجز درسًا مع منى خالد' });
    const summary = await within(dialog).findByLabelText('ملخص الحجز');
    expect(within(summary).getByText(formatDateTime(shortOnly))).toBeInTheDocument();
    expect(within(summary).getByText('١٥ دقيقة')).toBeInTheDocument();
  });

  it('tells the student when the time picked has gone, and offers the days', async () => {
    renderApp({
      path: `/t/3?at=${encodeURIComponent(gone.toISOString())}`,
      user: { role: Role.Student },
      api: profileApi,
    });
    const dialog = await screen.findByRole('dialog', { name: 'احجز درسًا مع منى خالد' });
    expect(
      await within(dialog).findByText('لم يعد الموعد الذي اخترته متاحًا. اختر موعدًا آخر.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('اختر اليوم')).toBeInTheDocument();
  });
});
