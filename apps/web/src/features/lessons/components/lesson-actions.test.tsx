import '../../../test/setup.ts';
import { LessonCanceler, LessonStatus, Role, toLocalDate } from '@hiwar/domain';
import { formatDate, formatTime, lessonsMessages } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/fixtures.ts';
import { makeLesson, makeRating, makeTutorInfo } from '../../../test/lesson-fixtures.ts';
import { makeCurrent } from '../../../test/payment-fixtures.ts';
import { type ApiRequest, renderApp } from '../../../test/render-app.tsx';

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;
const QUARTER = 15 * 60_000;

/** Three days ahead at 08:00 UTC (10:00 in Cairo), on the 15-minute grid. */
const base = new Date(Math.floor((Date.now() + 3 * DAY_MS) / DAY_MS) * DAY_MS + 8 * HOUR_MS);
const moveTo = new Date(base.getTime() + 4 * QUARTER);

const dayName = (instant: Date) =>
  formatDate(`${toLocalDate(instant)}T12:00:00Z`, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

const pending = makeLesson({ start: base.toISOString() });
const fulfilled = makeLesson({
  id: 40,
  start: new Date(Date.now() - 2 * DAY_MS).toISOString(),
  status: LessonStatus.Fulfilled,
});
const canceled = makeLesson({
  id: 41,
  start: new Date(Date.now() - DAY_MS).toISOString(),
  duration: 15,
  status: LessonStatus.Canceled,
  canceledBy: LessonCanceler.Student,
  canceledAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
  minutesReturned: true,
});

/** The student's lessons (upcoming without `to`, past with it), the tutor, their times and ratings. */
function studentApi(extra?: (request: ApiRequest) => Response | undefined) {
  return (request: ApiRequest) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    const { path } = request;
    if (path.startsWith('/api/v1/lesson/list/')) {
      const list = new URL(path, 'http://x').searchParams.has('to') ? [fulfilled, canceled] : [pending];
      return json(200, { list, total: list.length });
    }
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
            start: base.toISOString(),
            end: new Date(base.getTime() + 3 * HOUR_MS).toISOString(),
          },
        ],
        booked: [{ start: base.toISOString(), end: new Date(base.getTime() + 2 * QUARTER).toISOString() }],
        bookable: {
          short: [moveTo.toISOString()],
          long: [moveTo.toISOString()],
        },
      });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, makeCurrent());
    }
    if (path.startsWith('/api/v1/rating/list/rater/12')) {
      return json(200, { list: [], total: 0 });
    }
    return undefined;
  };
}

/**
 * The wizard's dialog once it shows the wizard: it loads on demand, then holds a placeholder until the
 * tutor's profile arrives (another element: a reference taken before would be stale).
 */
async function loadedWizard(name: string): Promise<HTMLElement> {
  await waitFor(
    () => expect(screen.getByRole('dialog', { name }).querySelector('[aria-busy="true"]')).toBeNull(),
    {
      timeout: 5_000,
    },
  );
  return screen.getByRole('dialog', { name });
}

describe('lesson card actions', { timeout: 20_000 }, () => {
  it("saves a pending lesson's calendar file, its writer loaded when the button is pressed", async () => {
    const files: Blob[] = [];
    const saved: string[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:lesson';
    });
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      renderApp({ path: '/upcoming-lessons', user: { role: Role.Student }, api: studentApi() });
      await userEvent.click(
        await screen.findByRole('button', { name: lessonsMessages.lesson.addToCalendar }),
      );
      await waitFor(() => expect(saved).toEqual([`hiwar-lesson-${pending.id}.ics`]));
      expect(files[0]?.type).toMatch(/^text\/calendar/);
      expect(await files[0]?.text()).toContain('BEGIN:VEVENT');
    } finally {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
      click.mockRestore();
    }
  });

  it('reschedules a pending lesson to a bookable time of the same length', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/upcoming-lessons',
      user: { role: Role.Student },
      api: studentApi(({ method, path, body }) =>
        method === 'PATCH' && path === '/api/v1/lesson/'
          ? json(200, {
              ...pending,
              ...(body as object),
              end: new Date(moveTo.getTime() + 2 * QUARTER).toISOString(),
            })
          : undefined,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'تغيير الموعد' }));
    const dialog = await loadedWizard('غيّر موعد درسك مع منى خالد');
    await user.click(await within(dialog).findByRole('button', { name: dayName(moveTo) }));
    // The length is kept: straight to the times, no duration step.
    expect(within(dialog).queryByRole('radio', { name: '٣٠ دقيقة' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: formatTime(moveTo) }));
    expect(within(dialog).getByText('الموعد الحالي')).toBeInTheDocument();
    expect(within(dialog).getByText('الموعد الجديد')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الموعد الجديد' }));
    expect(await screen.findByText('تم تغيير موعد الدرس')).toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ id: 50, start: moveTo.toISOString(), slotId: 7 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the lesson moved when the list dropped its card before the answer came', async () => {
    const user = userEvent.setup();
    let gone = false;
    // The server tells this tab (`lesson-rescheduled`) before it answers the PATCH: the lists refetch,
    // and a list that no longer shows the lesson (the dashboard's next lesson) unmounts the wizard.
    const rendered = renderApp({
      path: '/upcoming-lessons',
      user: { role: Role.Student },
      api: (request) => {
        if (request.method === 'PATCH' && request.path === '/api/v1/lesson/') {
          return dropThenAnswer();
        }
        if (gone && request.path.startsWith('/api/v1/lesson/list/')) {
          return json(200, { list: [], total: 0 });
        }
        return studentApi()(request);
      },
    });
    async function dropThenAnswer(): Promise<Response> {
      gone = true;
      await rendered.services.queryClient.invalidateQueries();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      return json(200, {
        ...pending,
        start: moveTo.toISOString(),
        end: new Date(moveTo.getTime() + 2 * QUARTER).toISOString(),
      });
    }
    await user.click(await screen.findByRole('button', { name: 'تغيير الموعد' }));
    const dialog = await loadedWizard('غيّر موعد درسك مع منى خالد');
    await user.click(await within(dialog).findByRole('button', { name: dayName(moveTo) }));
    await user.click(within(dialog).getByRole('button', { name: formatTime(moveTo) }));
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الموعد الجديد' }));
    expect(await screen.findByText('تم تغيير موعد الدرس')).toBeInTheDocument();
  });

  it("shows the catalogue's message when the tutor became busy", async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/upcoming-lessons',
      user: { role: Role.Student },
      api: studentApi(({ method }) => (method === 'PATCH' ? apiError(409, 'busy-tutor') : undefined)),
    });
    await user.click(await screen.findByRole('button', { name: 'تغيير الموعد' }));
    const dialog = await loadedWizard('غيّر موعد درسك مع منى خالد');
    await user.click(await within(dialog).findByRole('button', { name: dayName(moveTo) }));
    await user.click(within(dialog).getByRole('button', { name: formatTime(moveTo) }));
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الموعد الجديد' }));
    expect(await within(dialog).findByText('المعلم مشغول في هذا الوقت. اختر موعدًا آخر.')).toBeInTheDocument();
  });

  it('rebooks a cancelled lesson with the same tutor, its length chosen', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: studentApi(({ method, path }) =>
        method === 'POST' && path === '/api/v1/lesson/'
          ? json(200, makeLesson({ id: 60, start: moveTo.toISOString(), duration: 15 }))
          : undefined,
      ),
    });
    const past = await screen.findByRole('region', { name: 'الدروس السابقة' });
    const rebook = await within(past).findAllByRole('button', { name: 'احجز مرة أخرى' });
    expect(rebook).toHaveLength(2);
    await user.click(rebook[1] as HTMLElement);
    const dialog = await loadedWizard('احجز درسًا مع منى خالد');
    await user.click(await within(dialog).findByRole('button', { name: dayName(moveTo) }));
    await user.click(within(dialog).getByRole('button', { name: formatTime(moveTo) }));
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الحجز' }));
    expect(await screen.findByText('تم حجز الدرس')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ tutorId: 3, start: moveTo.toISOString(), duration: 15, slotId: 7 });
  });
});

describe('RateTutorDialog', { timeout: 20_000 }, () => {
  it('rates the tutor of a fulfilled lesson with stars and a comment', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: studentApi(({ method, path, body }) =>
        method === 'POST' && path === '/api/v1/rating/'
          ? json(200, makeRating({ ...(body as object), id: 9 }))
          : undefined,
      ),
    });
    const past = await screen.findByRole('region', { name: 'الدروس السابقة' });
    // Only the fulfilled lesson offers a rating.
    const rate = await within(past).findAllByRole('button', { name: 'قيّم المعلم' });
    expect(rate).toHaveLength(1);
    await user.click(rate[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'قيّم منى خالد' });
    await user.click(await within(dialog).findByRole('button', { name: 'أرسل التقييم' }));
    expect(within(dialog).getByText('هذا الحقل مطلوب.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: '٤ من ٥: جيد جدًا' }));
    expect(within(dialog).getByText('جيد جدًا')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /تعليقك/ }), 'جي');
    await user.click(within(dialog).getByRole('button', { name: 'أرسل التقييم' }));
    expect(within(dialog).getByText(/التعليق قصير/)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /تعليقك/ }), 'د جدًا');
    await user.click(within(dialog).getByRole('button', { name: 'أرسل التقييم' }));
    expect(await screen.findByText('شكرًا لتقييمك')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      rateeId: 3,
      value: 4,
      text: 'جيد جدًا',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits the existing rating when the server answers rating-exists', async () => {
    const user = userEvent.setup();
    let rated = false;
    const { requests } = renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: studentApi(({ method, path }) => {
        if (method === 'POST' && path === '/api/v1/rating/') {
          rated = true;
          return apiError(409, 'rating-exists');
        }
        if (path.startsWith('/api/v1/rating/list/rater/12')) {
          const list = rated ? [makeRating({ id: 5, value: 2, text: 'مقبول' })] : [];
          return json(200, { list, total: list.length });
        }
        if (method === 'PUT' && path === '/api/v1/rating/5') {
          return json(200, makeRating({ id: 5, value: 5, text: 'مقبول' }));
        }
        return undefined;
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'قيّم المعلم' }));
    const dialog = await screen.findByRole('dialog', { name: 'قيّم منى خالد' });
    await user.click(await within(dialog).findByRole('radio', { name: '٥ من ٥: ممتاز' }));
    await user.click(within(dialog).getByRole('button', { name: 'أرسل التقييم' }));

    const editing = await screen.findByRole('dialog', { name: 'عدّل تقييمك لـمنى خالد' });
    expect(await within(editing).findByText(/قيّمت هذا المعلم من قبل/)).toBeInTheDocument();
    await user.click(within(editing).getByRole('button', { name: 'احفظ التعديل' }));
    expect(await screen.findByText('تم تعديل تقييمك')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ value: 5, text: null });
  });

  it('opens on the rating the student gave before', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: studentApi(({ path }) =>
        path.startsWith('/api/v1/rating/list/rater/12')
          ? json(200, { list: [makeRating({ id: 5, value: 3, text: 'درس جيد' })], total: 1 })
          : undefined,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'قيّم المعلم' }));
    const dialog = await screen.findByRole('dialog', { name: 'عدّل تقييمك لـمنى خالد' });
    expect(await within(dialog).findByRole('radio', { name: '٣ من ٥: جيد' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /تعليقك/ })).toHaveValue('درس جيد');
  });

  it('is offered on the tutor profile only after a fulfilled lesson together', async () => {
    const user = userEvent.setup();
    const profileApi = (fulfilledTotal: number) => (request: ApiRequest) => {
      const { path } = request;
      if (path === '/api/v1/user/tutor/info/3') {
        return json(200, makeTutorInfo());
      }
      if (path.startsWith('/api/v1/rating/list/tutor/3')) {
        return json(200, { list: [], total: 0 });
      }
      if (path.startsWith('/api/v1/lesson/list/')) {
        const query = new URL(path, 'http://x').searchParams;
        expect(query.get('tutorId')).toBe('3');
        expect(query.get('status')).toBe('fulfilled');
        return json(200, { list: fulfilledTotal > 0 ? [fulfilled] : [], total: fulfilledTotal });
      }
      if (path.startsWith('/api/v1/rating/list/rater/12')) {
        return json(200, { list: [makeRating({ id: 5, value: 4 })], total: 1 });
      }
      return undefined;
    };
    const first = renderApp({ path: '/t/3', user: { role: Role.Student }, api: profileApi(0) });
    await screen.findByRole('heading', { level: 1, name: 'منى خالد' });
    await waitFor(() =>
      expect(first.requests.some((request) => request.path.startsWith('/api/v1/lesson/list/'))).toBe(true),
    );
    expect(screen.queryByRole('button', { name: /قيّم المعلم|عدّل تقييمك/ })).not.toBeInTheDocument();
    first.unmount();

    renderApp({ path: '/t/3', user: { role: Role.Student }, api: profileApi(2) });
    await user.click(await screen.findByRole('button', { name: 'عدّل تقييمك' }));
    const dialog = await screen.findByRole('dialog', { name: 'عدّل تقييمك لـمنى خالد' });
    expect(await within(dialog).findByRole('radio', { name: '٤ من ٥: جيد جدًا' })).toBeChecked();
  });
});
