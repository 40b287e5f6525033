import '../../../test/setup.ts';
import { Role, toLocalDate } from '@hiwar/domain';
import { formatDate, formatTime } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fixtures.ts';
import { makeLesson, makeTutorInfo } from '../../../test/lesson-fixtures.ts';
import { makeCurrent } from '../../../test/payment-fixtures.ts';
import { type ApiRequest, renderApp } from '../../../test/render-app.tsx';

const DAY_MS = 24 * 3600_000;
const QUARTER = 15 * 60_000;

/** Two days ahead at 08:00 UTC, on the 15-minute grid; a second week holds one more day. */
const t1 = new Date(Math.floor((Date.now() + 2 * DAY_MS) / DAY_MS) * DAY_MS + 8 * 3600_000);
const t2 = new Date(t1.getTime() + 2 * QUARTER);
const nextWeek = new Date(t1.getTime() + 7 * DAY_MS);

const dayName = (instant: Date) =>
  formatDate(`${toLocalDate(instant)}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

function tutorApi(booked: ApiRequest[]) {
  return (request: ApiRequest) => {
    const { method, path } = request;
    if (path === '/api/v1/user/tutor/info/3') {
      return json(200, makeTutorInfo());
    }
    if (path.startsWith('/api/v1/availability-slot/')) {
      return json(200, {
        tutorId: 3,
        notice: 14,
        list: [
          {
            id: 7,
            tutorId: 3,
            start: t1.toISOString(),
            end: new Date(t2.getTime() + 2 * QUARTER).toISOString(),
          },
        ],
        booked: [],
        bookable: {
          short: [t1, t2, nextWeek].map((date) => date.toISOString()),
          long: [t1, t2, nextWeek].map((date) => date.toISOString()),
        },
      });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, makeCurrent());
    }
    if (method === 'POST' && path === '/api/v1/lesson/') {
      booked.push(request);
      return json(200, makeLesson({ start: t2.toISOString() }));
    }
    if (path.startsWith('/api/v1/lesson/list/') || path.startsWith('/api/v1/rating/')) {
      return json(200, { list: [], total: 0 });
    }
    return undefined;
  };
}

/** Issue 15: the wizard can be finished from the keyboard alone. */
describe('booking wizard from the keyboard', () => {
  it('moves focus to each step’s choice and books when Enter is pressed on the confirm step', async () => {
    const booked: ApiRequest[] = [];
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/t/3', user: { role: Role.Student }, api: tutorApi(booked) });

    (await screen.findByRole('button', { name: 'احجز درسًا' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'احجز درسًا مع منى خالد' });

    // The first bookable day has the focus once the times are in; Enter chooses it.
    const day = await within(dialog).findByRole('button', { name: dayName(t1) });
    await waitFor(() => expect(day).toHaveFocus());
    await user.keyboard('{Enter}');

    // The lengths: the first is focused, Space chooses it and the times follow.
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '١٥ دقيقة' })).toHaveFocus());
    await user.keyboard(' ');

    // The times: the first is focused; Tab goes to the next one, Enter chooses it.
    const times = await within(dialog).findByRole('list', { name: 'المواعيد المتاحة (بتوقيت القاهرة)' });
    await waitFor(() => expect(within(times).getByRole('button', { name: formatTime(t1) })).toHaveFocus());
    await user.keyboard('{Tab}');
    expect(within(times).getByRole('button', { name: formatTime(t2) })).toHaveFocus();
    await user.keyboard('{Enter}');

    // Confirming: the button has the focus and describes the summary; Enter books.
    const confirm = await within(dialog).findByRole('button', { name: 'تأكيد الحجز' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining('منى خالد'));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/upcoming-lessons'));
    expect(booked.map((request) => request.body)).toEqual([
      { tutorId: 3, start: t2.toISOString(), duration: 15, slotId: 7 },
    ]);
    expect(await screen.findByText('تم حجز الدرس')).toBeInTheDocument();
  });

  it('keeps the focus on the week buttons at the first and last week, and Back returns to the choice', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/t/3', user: { role: Role.Student }, api: tutorApi([]) });
    (await screen.findByRole('button', { name: 'احجز درسًا' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'احجز درسًا مع منى خالد' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: dayName(t1) })).toHaveFocus());

    // Next week, then "next" again at the last week: nothing happens and the focus stays put.
    const next = within(dialog).getByRole('button', { name: 'التالي' });
    next.focus();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('button', { name: dayName(nextWeek) })).toBeInTheDocument();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(next).toHaveFocus();

    // Choose that day, then go back: the chosen day has the focus again.
    await user.click(within(dialog).getByRole('button', { name: dayName(nextWeek) }));
    await user.click(within(dialog).getByRole('button', { name: 'رجوع' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: dayName(nextWeek) })).toHaveFocus(),
    );
  });

  it('Escape closes the wizard and gives the focus back to the book button; reopened, it starts on a day', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/t/3', user: { role: Role.Student }, api: tutorApi([]) });
    const book = await screen.findByRole('button', { name: 'احجز درسًا' });
    book.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'احجز درسًا مع منى خالد' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: dayName(t1) })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(book).toHaveFocus());

    // The times are known now: the first day has the focus as soon as the wizard opens.
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'احجز درسًا مع منى خالد' });
    await waitFor(() => expect(within(again).getByRole('button', { name: dayName(t1) })).toHaveFocus());
  });
});
