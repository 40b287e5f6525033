import '../../test/setup.ts';
import { LessonCanceler, LessonStatus, Role } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fixtures.ts';
import { makeLesson } from '../../test/lesson-fixtures.ts';
import { makeCurrent } from '../../test/payment-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const HOUR_MS = 3600_000;

function lessonsApi(
  lessons: ReturnType<typeof makeLesson>[],
  extra?: (request: ApiRequest) => Response | undefined,
) {
  return (request: ApiRequest) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    if (request.path.startsWith('/api/v1/lesson/list/')) {
      const query = new URL(request.path, 'http://x').searchParams;
      const list = query.has('to') ? [] : lessons;
      return json(200, { list, total: list.length });
    }
    if (request.path === '/api/v1/sub/current') {
      return json(200, makeCurrent());
    }
    return undefined;
  };
}

/** `DELETE /lesson/{id}`'s answer: the lesson, cancelled now by the student. */
function canceledAnswer(lesson: ReturnType<typeof makeLesson>, minutesReturned: boolean) {
  return json(200, {
    lesson: {
      ...lesson,
      status: LessonStatus.Canceled,
      canceledBy: LessonCanceler.Student,
      canceledAt: new Date().toISOString(),
      minutesReturned,
    },
  });
}

describe('upcoming lessons', () => {
  it('warns before a late cancellation that the minutes are spent, then cancels', async () => {
    const user = userEvent.setup();
    const lesson = makeLesson({ start: new Date(Date.now() + 2 * HOUR_MS).toISOString() });
    let deleted = false;
    const { requests } = renderApp({
      path: '/upcoming-lessons',
      user: { role: Role.Student },
      api: lessonsApi([lesson], ({ method, path }) => {
        if (method === 'DELETE' && path === '/api/v1/lesson/50') {
          deleted = true;
          return canceledAnswer(lesson, false);
        }
        return undefined;
      }),
    });
    const list = await screen.findByRole('region', { name: 'الدروس القادمة' });
    expect(await within(list).findByText('درس مع منى خالد')).toBeInTheDocument();
    expect(within(list).getByText(/يبدأ بعد ساعتين|يبدأ بعد ساعة واحدة/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'إضافة إلى التقويم' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء هذا الدرس؟' });
    expect(within(dialog).getByText(/لن تُسترد دقائقه/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الدرس' }));
    expect(await screen.findByText('تم إلغاء الدرس، واحتُسبت دقائقه.')).toBeInTheDocument();
    expect(deleted).toBe(true);
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('says the lesson is cancelled when the list dropped it before the answer came', async () => {
    const user = userEvent.setup();
    const lesson = makeLesson({ start: new Date(Date.now() + 48 * HOUR_MS).toISOString() });
    let gone = false;
    // The `lesson-canceled` event can beat the DELETE's answer: the lists refetch without the lesson,
    // and its card (with the open dialog) unmounts before the answer arrives.
    const rendered = renderApp({
      path: '/upcoming-lessons',
      user: { role: Role.Student },
      api: (request) => {
        if (request.method === 'DELETE' && request.path === '/api/v1/lesson/50') {
          return dropThenAnswer();
        }
        return lessonsApi(gone ? [] : [lesson])(request);
      },
    });
    async function dropThenAnswer(): Promise<Response> {
      gone = true;
      await rendered.services.queryClient.invalidateQueries();
      await waitFor(() => expect(screen.queryByText('درس مع منى خالد')).not.toBeInTheDocument());
      return canceledAnswer(lesson, true);
    }
    await user.click(await screen.findByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء هذا الدرس؟' });
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الدرس' }));
    expect(await screen.findByText('تم إلغاء الدرس.')).toBeInTheDocument();
  });

  it('does not warn when the cancellation is early enough', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/upcoming-lessons',
      user: { role: Role.Student },
      api: lessonsApi([makeLesson({ start: new Date(Date.now() + 48 * HOUR_MS).toISOString() })]),
    });
    await user.click(await screen.findByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء هذا الدرس؟' });
    expect(within(dialog).getByText(/ستعود دقائق الدرس/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/لن تُسترد دقائقه/)).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderApp({ path: '/upcoming-lessons', user: { role: Role.Student }, api: lessonsApi([]) });
    expect(await screen.findByText('لا توجد دروس قادمة')).toBeInTheDocument();
  });
});

describe('student dashboard', () => {
  it('shows the minutes left and the next lesson with its join label', async () => {
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: lessonsApi([makeLesson({ start: new Date(Date.now() + 5 * 60_000 + 1000).toISOString() })]),
    });
    expect(await screen.findByText('٩٠ دقيقة من ١٢٠ دقيقة')).toBeInTheDocument();
    expect(await screen.findByText('يبدأ بعد ٦ دقائق')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'دخول الدرس' })).toHaveAttribute('href', '/lesson/50');
    expect(screen.getByText('لا توجد دروس سابقة بعد.')).toBeInTheDocument();
  });
});
