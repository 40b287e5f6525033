import '../../test/setup.ts';
import { Role, toLocalDate } from '@hiwar/domain';
import { formatDate, formatTime } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../test/fixtures.ts';
import { makeLesson, makeRating, makeTutorInfo } from '../../test/lesson-fixtures.ts';
import { makeCurrent } from '../../test/payment-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const DAY_MS = 24 * 3600_000;
const QUARTER = 15 * 60_000;

/** Two days ahead at 08:00 UTC, on the 15-minute grid. */
const base = new Date(Math.floor((Date.now() + 2 * DAY_MS) / DAY_MS) * DAY_MS + 8 * 3600_000);
const t1 = base;
const t2 = new Date(base.getTime() + 2 * QUARTER);
const t3 = new Date(base.getTime() + 4 * QUARTER);
const later = new Date(base.getTime() + 2 * DAY_MS);

const dayName = (instant: Date) =>
  formatDate(`${toLocalDate(instant)}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

function tutorApi(onBook: (request: ApiRequest) => Response) {
  return (request: ApiRequest) => {
    const { method, path } = request;
    if (path === '/api/v1/user/tutor/info/3') {
      return json(200, makeTutorInfo({ video: 'https://cdn.example.com/intro.mp4' }));
    }
    if (path.startsWith('/api/v1/rating/list/tutor/3')) {
      return json(200, { list: [makeRating()], total: 1 });
    }
    if (path.startsWith('/api/v1/availability-slot/')) {
      return json(200, {
        tutorId: 3,
        notice: 14,
        list: [
          { id: 7, tutorId: 3, start: t1.toISOString(), end: new Date(t3.getTime() + QUARTER).toISOString() },
        ],
        booked: [],
        bookable: {
          short: [t1, t2, t3, later].map((date) => date.toISOString()),
          long: [t1, t2, later].map((date) => date.toISOString()),
        },
      });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, makeCurrent());
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

async function openWizardToConfirm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'احجز درسًا' }));
  const dialog = await screen.findByRole('dialog', { name: 'احجز درسًا مع منى خالد' });
  const day = await within(dialog).findByRole('button', { name: dayName(t1) });
  await user.click(day);
  await user.click(within(dialog).getByRole('radio', { name: '٣٠ دقيقة' }));
  const times = within(dialog).getByRole('list', { name: 'المواعيد المتاحة (بتوقيت القاهرة)' });
  const labels = within(times)
    .getAllByRole('button')
    .map((button) => button.textContent);
  expect(labels).toEqual([formatTime(t1), formatTime(t2)]);
  await user.click(within(times).getByRole('button', { name: formatTime(t2) }));
  return { user, dialog };
}

describe('tutor profile and booking wizard', () => {
  it('shows the profile, the reviews and the video speed', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/t/3', api: tutorApi(() => json(500, {})) });
    expect(await screen.findByRole('heading', { level: 1, name: 'منى خالد' })).toBeInTheDocument();
    expect(screen.getByText('أساعدك على التحدث بثقة.')).toBeInTheDocument();
    expect(screen.getByLabelText('سرعة التشغيل')).toBeInTheDocument();
    // The video is its poster until played: pressing play puts the player there, focused.
    await user.selectOptions(screen.getByLabelText('سرعة التشغيل'), '1.5');
    await user.click(screen.getByRole('button', { name: 'شغّل الفيديو التعريفي' }));
    const player = document.querySelector('video');
    expect(player).toHaveAttribute('src', 'https://cdn.example.com/intro.mp4');
    expect(player).toHaveAccessibleName('فيديو تعريفي');
    expect(player).toHaveFocus();
    expect(player?.playbackRate).toBe(1.5);
    // Changing the speed while it plays keeps the focus on the speed list.
    await user.selectOptions(screen.getByLabelText('سرعة التشغيل'), '2');
    expect(player?.playbackRate).toBe(2);
    expect(screen.getByLabelText('سرعة التشغيل')).toHaveFocus();
    await user.click(screen.getByRole('tab', { name: /التقييمات/ }));
    expect(await screen.findByText('معلمة رائعة')).toBeInTheDocument();
    // Signed out: booking goes through login.
    expect(screen.getByRole('link', { name: 'احجز درسًا' })).toHaveAttribute(
      'href',
      expect.stringContaining('/login'),
    );
  });

  it('offers only bookable times and books the lesson', async () => {
    let posted: unknown;
    const { router } = renderApp({
      path: '/t/3',
      user: { role: Role.Student },
      api: tutorApi((request) => {
        posted = request.body;
        return json(200, makeLesson({ start: t2.toISOString() }));
      }),
    });
    const { user, dialog } = await openWizardToConfirm();
    expect(within(dialog).getByText('المتبقي من دقائقك هذا الأسبوع: ٩٠ دقيقة')).toBeInTheDocument();
    expect(within(dialog).getByText(/إلغاء الدرس مجانًا حتى ١٢ ساعة/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upcoming-lessons'));
    expect(posted).toEqual({ tutorId: 3, start: t2.toISOString(), duration: 30, slotId: 7 });
    expect(await screen.findByText('تم حجز الدرس')).toBeInTheDocument();
  });

  it('explains a busy tutor in Arabic and links to the plans when minutes ran out', async () => {
    let answer = apiError(409, 'busy-tutor');
    renderApp({ path: '/t/3', user: { role: Role.Student }, api: tutorApi(() => answer) });
    const { user, dialog } = await openWizardToConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    expect(await within(dialog).findByText('المعلم مشغول في هذا الوقت. اختر موعدًا آخر.')).toBeInTheDocument();

    answer = apiError(403, 'empty-weekly-minutes');
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    expect(await within(dialog).findByRole('link', { name: 'اشترِ دقائق' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });
});
