import '../../test/setup.ts';
import { Role, toLocalDate } from '@hiwar/domain';
import { formatDate, formatTime } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fixtures.ts';
import { makeLesson, makeTutorInfo } from '../../test/lesson-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const DAY_MS = 24 * 3600_000;
const QUARTER = 15 * 60_000;
const base = new Date(Math.floor((Date.now() + 2 * DAY_MS) / DAY_MS) * DAY_MS + 8 * 3600_000);
const t1 = base;
const t2 = new Date(base.getTime() + 2 * QUARTER);

const dayName = (instant: Date) =>
  formatDate(`${toLocalDate(instant)}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

function api(trial: object, onBook: (request: ApiRequest) => Response) {
  return (request: ApiRequest) => {
    const { method, path } = request;
    if (path === '/api/v1/user/tutor/info/3') {
      return json(200, makeTutorInfo());
    }
    if (path === '/api/v1/lesson/trial') {
      return json(200, trial);
    }
    if (path.startsWith('/api/v1/rating/list/tutor/3')) {
      return json(200, { list: [], total: 0 });
    }
    if (path.startsWith('/api/v1/availability-slot/')) {
      return json(200, {
        tutorId: 3,
        notice: 14,
        list: [
          { id: 7, tutorId: 3, start: t1.toISOString(), end: new Date(t2.getTime() + DAY_MS).toISOString() },
        ],
        booked: [],
        // 15-minute times that are not 30-minute ones must not be offered for a 30-minute trial.
        bookable: {
          short: [t1, new Date(t1.getTime() + QUARTER), t2].map((date) => date.toISOString()),
          long: [t1, t2].map((date) => date.toISOString()),
        },
      });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, null);
    }
    if (method === 'POST' && path === '/api/v1/lesson/') {
      return onBook(request);
    }
    if (path.startsWith('/api/v1/lesson/list/')) {
      return json(200, { list: [], total: 0 });
    }
    return undefined;
  };
}

describe('the trial lesson on a tutor profile (issue 27)', () => {
  it('books the student’s free trial at the trial length, without a duration step', async () => {
    let posted: unknown;
    const { router } = renderApp({
      path: '/t/3',
      user: { role: Role.Student },
      api: api({ available: true, reason: null, minutes: 30, lessonId: null }, (request) => {
        posted = request.body;
        return json(200, makeLesson({ start: t2.toISOString(), trial: true }));
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'درس تجريبي مجاني (٣٠ دقيقة)' }));
    const dialog = await screen.findByRole('dialog', { name: 'درس تجريبي مجاني مع منى خالد' });
    expect(dialog).toHaveAccessibleDescription(/الخطوة ١ من ٣/);
    await user.click(await within(dialog).findByRole('button', { name: dayName(t1) }));
    const times = within(dialog).getByRole('list', { name: 'المواعيد المتاحة (بتوقيت القاهرة)' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([formatTime(t1), formatTime(t2)]);
    await user.click(within(times).getByRole('button', { name: formatTime(t2) }));
    expect(within(dialog).getByText(/درسك التجريبي المجاني: لا يُحتسب من دقائقك/)).toBeInTheDocument();
    expect(within(dialog).getByText(/إلغاء الدرس التجريبي حتى ١٢ ساعة/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upcoming-lessons'));
    expect(posted).toEqual({ tutorId: 3, start: t2.toISOString(), duration: 30, slotId: 7, trial: true });
    expect(await screen.findByText('تم حجز الدرس التجريبي')).toBeInTheDocument();
  });

  it('opens the trial wizard at a time picked among the free times, for a student without a plan', async () => {
    let posted: unknown;
    const { router } = renderApp({
      path: `/t/3?at=${encodeURIComponent(t2.toISOString())}`,
      user: { role: Role.Student },
      api: api({ available: true, reason: null, minutes: 30, lessonId: null }, (request) => {
        posted = request.body;
        return json(200, makeLesson({ start: t2.toISOString(), trial: true }));
      }),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'درس تجريبي مجاني مع منى خالد' });
    const confirm = await within(dialog).findByRole('button', { name: 'تأكيد الحجز' });
    expect(within(dialog).getByText(/درسك التجريبي المجاني: لا يُحتسب من دقائقك/)).toBeInTheDocument();
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/upcoming-lessons'));
    expect(posted).toMatchObject({ tutorId: 3, start: t2.toISOString(), duration: 30, trial: true });
  });

  it('offers no trial once it is used or switched off, nor to visitors', async () => {
    renderApp({
      path: '/t/3',
      user: { role: Role.Student },
      api: api({ available: false, reason: 'trial-already-used', minutes: 30, lessonId: 9 }, () =>
        json(500, {}),
      ),
    });
    expect(await screen.findByRole('button', { name: 'احجز درسًا' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /درس تجريبي/ })).not.toBeInTheDocument();
  });
});
