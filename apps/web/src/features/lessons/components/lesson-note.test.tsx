import '../../../test/setup.ts';
import { LessonStatus, Role } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount } from '../../../test/fixtures.ts';
import { listedOnboarding } from '../../../test/interview-fixtures.ts';
import { makeLesson } from '../../../test/lesson-fixtures.ts';
import { type ApiRequest, renderApp } from '../../../test/render-app.tsx';

const HOUR = 3600_000;
// Ended an hour ago: the tutor may still write its summary.
const start = new Date(Math.floor((Date.now() - 2 * HOUR) / (15 * 60_000)) * 15 * 60_000).toISOString();
const lesson = makeLesson({
  id: 5,
  start,
  status: LessonStatus.Fulfilled,
  tutor: { id: 3, name: 'منى خالد', image: null },
});
const note = {
  lessonId: 5,
  summary: 'تدربنا على الحديث عن السفر.\nوراجعنا الماضي البسيط.',
  homework: null,
  author: { id: 3, name: 'منى خالد' },
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  editableUntil: new Date(Date.now() + 47 * HOUR).toISOString(),
};

function lessonsApi(extra: (request: ApiRequest) => Response | undefined) {
  return (request: ApiRequest) => {
    const answer = extra(request);
    if (answer) {
      return answer;
    }
    const { path } = request;
    if (path === '/api/v1/user/tutor/onboarding/3') {
      return json(200, listedOnboarding());
    }
    if (path.startsWith('/api/v1/user/tutor/stats/personalized')) {
      return json(404, {});
    }
    if (path.startsWith('/api/v1/lesson/list/')) {
      return path.includes('status=pending')
        ? json(200, { list: [], total: 0 })
        : json(200, { list: [lesson], total: 1 });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, null);
    }
    if (path === '/api/v1/lesson/trial') {
      return json(200, { available: false, reason: 'trial-already-used', minutes: 30, lessonId: 9 });
    }
    return undefined;
  };
}

describe('after the lesson: summary and homework (issue 27)', () => {
  it('lets the tutor write it from their past lessons, checked before it is sent', async () => {
    let sent: unknown;
    renderApp({
      path: '/t/dashboard',
      account: makeAccount({ id: 3, role: Role.Tutor }),
      api: lessonsApi(({ method, path, body }) => {
        if (path === '/api/v1/lesson/5/note') {
          if (method === 'PUT') {
            sent = body;
            return json(200, { ...note, summary: (body as { summary: string }).summary });
          }
          return apiError(404, 'lesson-note-not-found');
        }
        return undefined;
      }),
    });
    const user = userEvent.setup();
    const past = await screen.findByRole('list', { name: 'الدروس السابقة' });
    await user.click(await within(past).findByRole('button', { name: 'اكتب ملخص الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'ملخص درسك مع سارة أحمد' });
    const summary = await within(dialog).findByRole('textbox', { name: /ملخص الدرس/ });
    await user.type(summary, 'قصير');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الملخص' }));
    expect(await within(dialog).findByText(/الملخص قصير/)).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(summary);
    await user.type(summary, 'تدربنا على الحديث عن السفر.');
    await user.type(within(dialog).getByRole('textbox', { name: /الواجب/ }), 'اكتب فقرة.');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الملخص' }));
    expect(await screen.findByText('تم حفظ ملخص الدرس')).toBeInTheDocument();
    expect(sent).toEqual({ summary: 'تدربنا على الحديث عن السفر.', homework: 'اكتب فقرة.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the student what the tutor wrote, as text, or that nothing is written yet', async () => {
    let written = false;
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: lessonsApi(({ path }) => {
        if (path === '/api/v1/lesson/5/note') {
          return written ? json(200, note) : apiError(404, 'lesson-note-not-found');
        }
        return undefined;
      }),
    });
    const user = userEvent.setup();
    const past = await screen.findByRole('region', { name: 'الدروس السابقة' });
    await user.click(await within(past).findByRole('button', { name: 'ملخص الدرس' }));
    let dialog = await screen.findByRole('dialog', { name: 'ملخص الدرس مع منى خالد' });
    expect(await within(dialog).findByText(/لم يكتب المعلم ملخصًا لهذا الدرس بعد/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    written = true;
    await user.click(within(past).getByRole('button', { name: 'ملخص الدرس' }));
    dialog = await screen.findByRole('dialog', { name: 'ملخص الدرس مع منى خالد' });
    expect(await within(dialog).findByText(/وراجعنا الماضي البسيط/)).toBeInTheDocument();
    expect(within(dialog).getByText('لا يوجد واجب لهذا الدرس.')).toBeInTheDocument();
  });
});
