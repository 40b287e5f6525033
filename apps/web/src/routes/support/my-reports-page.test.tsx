import '../../test/setup.ts';
import type { Report, ReportReply } from '@hiwar/domain';
import { Role } from '@hiwar/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { apiError, json } from '../../test/fixtures.ts';
import { makeLesson } from '../../test/lesson-fixtures.ts';
import { makeCurrent } from '../../test/payment-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const LOAD = { timeout: 10_000 };
const HOUR_MS = 3600_000;
const STAMP = '2027-03-01T08:00:00.000Z';

function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    id: 7,
    userId: 12,
    reporter: { id: 12, name: 'سارة أحمد', image: null, email: 'sara@example.com', role: Role.Student },
    title: 'الصوت ينقطع في الدرس',
    description: 'الصوت ينقطع كل دقيقة تقريبًا ثم يعود.',
    lessonId: null,
    lessonStart: null,
    screenshot: null,
    resolved: false,
    resolvedAt: null,
    resolvedBy: null,
    replyCount: 0,
    hasStaffReply: false,
    lastReplyAt: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

function makeReply(overrides: Partial<ReportReply> = {}): ReportReply {
  return {
    id: 30,
    reportId: 7,
    author: { id: 2, name: 'كريم المسؤول', image: null, role: Role.RegularAdmin },
    fromStaff: true,
    text: 'جرّب تحديث المتصفح ثم أخبرنا.',
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

/** The reports API over `reports` and `replies`, recording writes. */
function supportApi(
  state: { reports: Report[]; replies: ReportReply[] },
  extra?: (request: ApiRequest) => Response | undefined,
) {
  return (request: ApiRequest) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    const { method, path } = request;
    if (method === 'GET' && path.startsWith('/api/v1/report/list')) {
      return json(200, {
        list: state.reports,
        total: state.reports.length,
        unresolved: state.reports.filter((report) => !report.resolved).length,
      });
    }
    const conversation = /^\/api\/v1\/report\/reply\/report\/(\d+)$/.exec(path);
    if (method === 'GET' && conversation) {
      const list = state.replies.filter((reply) => reply.reportId === Number(conversation[1]));
      return json(200, { list, total: list.length });
    }
    const one = /^\/api\/v1\/report\/(\d+)$/.exec(path);
    if (one) {
      const report = state.reports.find((candidate) => candidate.id === Number(one[1]));
      if (!report) {
        return apiError(404, 'report-not-found');
      }
      if (method === 'GET') {
        return json(200, report);
      }
      if (method === 'PUT') {
        Object.assign(report, request.body as object);
        return json(200, report);
      }
      if (method === 'DELETE') {
        state.reports = state.reports.filter((candidate) => candidate !== report);
        return json(200, { ok: true });
      }
    }
    if (method === 'POST' && path === '/api/v1/report/reply') {
      const body = request.body as { reportId: number; text: string };
      const reply = makeReply({
        id: 40 + state.replies.length,
        reportId: body.reportId,
        text: body.text,
        fromStaff: false,
        author: { id: 12, name: 'سارة أحمد', image: null, role: Role.Student },
      });
      state.replies.push(reply);
      return json(200, reply);
    }
    if (path === '/api/v1/platform-settings/public') {
      return json(200, {
        bookingLeadMinutes: 60,
        maxUpcomingLessonsPerStudent: 1,
        freeCancelHours: 12,
        trialLessonEnabled: 1,
        trialLessonMinutes: 30,
        trialLessonPrice: 0,
      });
    }
    return undefined;
  };
}

describe('report a problem', () => {
  it('reports a problem about a lesson from its card, checking the fields first', async () => {
    const user = userEvent.setup();
    const lesson = makeLesson({ start: new Date(Date.now() + 48 * HOUR_MS).toISOString() });
    const { requests } = renderApp({
      path: '/upcoming-lessons',
      user: { role: Role.Student },
      api: (request) => {
        if (request.path.startsWith('/api/v1/lesson/list/')) {
          const list = new URL(request.path, 'http://x').searchParams.has('to') ? [] : [lesson];
          return json(200, { list, total: list.length });
        }
        if (request.path === '/api/v1/sub/current') {
          return json(200, makeCurrent());
        }
        if (request.method === 'POST' && request.path === '/api/v1/report') {
          return json(200, makeReport({ lessonId: 50, lessonStart: lesson.start }));
        }
        return undefined;
      },
    });
    const list = await screen.findByRole('region', { name: 'الدروس القادمة' }, LOAD);
    await user.click(await within(list).findByRole('button', { name: 'الإبلاغ عن مشكلة' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'الإبلاغ عن مشكلة في الدرس' });
    expect(within(dialog).getByText(/^البلاغ عن درس/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    expect(await within(dialog).findByText('العنوان قصير. اكتب ٥ أحرف على الأقل.')).toBeInTheDocument();
    expect(within(dialog).getByText('الوصف قصير. اكتب ١٠ أحرف على الأقل.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('عنوان المشكلة')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.path === '/api/v1/report')).toBe(false);

    await user.type(within(dialog).getByLabelText('عنوان المشكلة'), 'الصوت ينقطع في الدرس');
    await user.type(within(dialog).getByLabelText('وصف المشكلة'), 'الصوت ينقطع كل دقيقة تقريبًا ثم يعود.');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    expect(await screen.findByText('وصل بلاغك، وسيردّ عليك فريق الدعم قريبًا.')).toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'POST' && request.path === '/api/v1/report');
    expect(sent?.body).toEqual({
      title: 'الصوت ينقطع في الدرس',
      description: 'الصوت ينقطع كل دقيقة تقريبًا ثم يعود.',
      lessonId: 50,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('attaches a screenshot as multipart and refuses a file that is not a picture', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { requests } = renderApp({
      path: '/s/settings?tab=help',
      user: { role: Role.Student },
      api: (request) =>
        request.method === 'POST' && request.path === '/api/v1/report'
          ? json(200, makeReport({ screenshot: 'http://localhost/assets/reports/a.jpg' }))
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'الإبلاغ عن مشكلة' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'الإبلاغ عن مشكلة' });
    const input = within(dialog).getByLabelText(/^لقطة شاشة/);
    await user.upload(input, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByText('اختر صورة بصيغة JPG أو PNG أو GIF.')).toBeInTheDocument();
    await user.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'screen.png', { type: 'image/png' }),
    );
    expect(within(dialog).getByText('الصورة المختارة: screen.png')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('عنوان المشكلة'), 'الكاميرا لا تعمل');
    await user.type(within(dialog).getByLabelText('وصف المشكلة'), 'تظهر شاشة سوداء بدل الكاميرا.');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    await screen.findByText('وصل بلاغك، وسيردّ عليك فريق الدعم قريبًا.');
    const body = requests.find((request) => request.path === '/api/v1/report')?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('title')).toBe('الكاميرا لا تعمل');
    expect((body.get('screenshot') as File).name).toBe('screen.png');
    expect(body.get('lessonId')).toBeNull();
  });

  it('shows the server’s validation code under its field', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/reports',
      user: { role: Role.Tutor },
      api: supportApi({ reports: [], replies: [] }, (request) =>
        request.method === 'POST' && request.path === '/api/v1/report'
          ? apiError(400, 'report-title-long')
          : undefined,
      ),
    });
    expect(await screen.findByText('لا توجد بلاغات', undefined, LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'بلاغ جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'الإبلاغ عن مشكلة' });
    await user.type(within(dialog).getByLabelText('عنوان المشكلة'), 'عنوان صالح هنا');
    await user.type(within(dialog).getByLabelText('وصف المشكلة'), 'وصف صالح للمشكلة هنا.');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    expect(await within(dialog).findByText('العنوان طويل. يجب ألا يزيد على ١٢٨ حرفًا.')).toBeInTheDocument();
  });
});

describe('/reports', () => {
  it('lists my reports with their status and opens one with its conversation', async () => {
    const user = userEvent.setup();
    const state = {
      reports: [
        makeReport({ hasStaffReply: true, replyCount: 1 }),
        makeReport({ id: 8, title: 'مشكلة في الدفع', resolved: true, resolvedAt: STAMP }),
      ],
      replies: [makeReply()],
    };
    const { requests } = renderApp({
      path: '/reports',
      user: { role: Role.Student },
      api: supportApi(state),
    });
    const nav = await screen.findByRole('navigation', { name: 'قائمة البلاغات' }, LOAD);
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveTextContent('الصوت ينقطع في الدرس');
    expect(links[0]).toHaveTextContent('مفتوح');
    expect(links[0]).toHaveTextContent('رد واحد');
    expect(links[1]).toHaveTextContent('تم الحل');

    await user.click(links[0] as HTMLElement);
    expect(
      await screen.findByRole('heading', { name: 'الصوت ينقطع في الدرس', level: 2 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('جرّب تحديث المتصفح ثم أخبرنا.')).toBeInTheDocument();
    expect(screen.getAllByText('فريق الدعم').length).toBeGreaterThan(0);
    // Staff replied: no edit or delete any more.
    expect(screen.queryByRole('button', { name: 'تعديل' })).not.toBeInTheDocument();
    expect(screen.getByText(/فلم يعد من الممكن تعديله أو حذفه/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('ردّك'), 'جرّبت ولم ينجح.');
    await user.click(screen.getByRole('button', { name: 'إرسال الرد' }));
    expect(await screen.findByText('جرّبت ولم ينجح.')).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/v1/report/reply')?.body).toEqual({
      reportId: 7,
      text: 'جرّبت ولم ينجح.',
    });
  });

  it('edits and deletes a report while no staff reply exists', async () => {
    const user = userEvent.setup();
    const state = { reports: [makeReport()], replies: [] as ReportReply[] };
    const { requests, router } = renderApp({
      path: '/reports?id=7',
      user: { role: Role.Student },
      api: supportApi(state),
    });
    await user.click(await screen.findByRole('button', { name: 'تعديل' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل البلاغ' });
    const title = within(dialog).getByLabelText('عنوان المشكلة');
    await user.clear(title);
    await user.type(title, 'الصوت يختفي تمامًا');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));
    expect(await screen.findByText('تم تعديل البلاغ.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      title: 'الصوت يختفي تمامًا',
    });

    await user.click(screen.getByRole('button', { name: 'حذف' }));
    const confirm = await screen.findByRole('dialog', { name: 'حذف البلاغ؟' });
    await user.click(within(confirm).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('تم حذف البلاغ.')).toBeInTheDocument();
    expect(
      requests.some((request) => request.method === 'DELETE' && request.path === '/api/v1/report/7'),
    ).toBe(true);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows a staff reply live, with a toast', async () => {
    const socket = new FakeSocket();
    const state = { reports: [makeReport()], replies: [] as ReportReply[] };
    renderApp({ path: '/reports?id=7', user: { role: Role.Student }, api: supportApi(state), socket });
    expect(await screen.findByText('لا توجد ردود بعد.', undefined, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(socket.listenerCount('report-replied')).toBeGreaterThan(0));
    const reply = makeReply();
    state.replies.push(reply);
    state.reports[0] = { ...state.reports[0]!, hasStaffReply: true, replyCount: 1 };
    act(() => {
      socket.fire('report-replied', { action: 'replied', report: state.reports[0], reply, at: STAMP });
    });
    expect(await screen.findByText('ردّ فريق الدعم على بلاغك «الصوت ينقطع في الدرس».')).toBeInTheDocument();
    expect(await screen.findByText('جرّب تحديث المتصفح ثم أخبرنا.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'تعديل' })).not.toBeInTheDocument());
  });

  it('is linked from the account menu and the settings’ help tab', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/t/settings?tab=help',
      user: { role: Role.Tutor },
      api: supportApi({ reports: [], replies: [] }),
    });
    const link = await screen.findByRole('link', { name: 'بلاغاتي السابقة' }, LOAD);
    expect(link).toHaveAttribute('href', '/reports');
    await user.click(screen.getByRole('button', { name: /قائمة الحساب/ }));
    expect(await screen.findByRole('menuitem', { name: 'بلاغاتي' })).toHaveAttribute('href', '/reports');
  });
});

describe('the cancellation rule follows the platform setting', () => {
  it('warns or not by the free-cancellation hours in force, updated live', async () => {
    const user = userEvent.setup();
    const socket = new FakeSocket();
    const lesson = makeLesson({ start: new Date(Date.now() + 8 * HOUR_MS).toISOString() });
    renderApp({
      path: '/upcoming-lessons',
      user: { role: Role.Student },
      socket,
      api: (request) => {
        if (request.path.startsWith('/api/v1/lesson/list/')) {
          const list = new URL(request.path, 'http://x').searchParams.has('to') ? [] : [lesson];
          return json(200, { list, total: list.length });
        }
        if (request.path === '/api/v1/sub/current') {
          return json(200, makeCurrent());
        }
        if (request.path === '/api/v1/platform-settings/public') {
          return json(200, {
            bookingLeadMinutes: 60,
            maxUpcomingLessonsPerStudent: 1,
            freeCancelHours: 6,
            trialLessonEnabled: 1,
            trialLessonMinutes: 30,
            trialLessonPrice: 0,
          });
        }
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'إلغاء الدرس' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء هذا الدرس؟' });
    // Eight hours ahead: in time under the 6 hours in force (late under the default 12).
    await waitFor(() => expect(within(dialog).getByText(/ستعود دقائق الدرس/)).toBeInTheDocument());
    expect(within(dialog).queryByText(/لن تُسترد دقائقه/)).not.toBeInTheDocument();
    act(() => {
      socket.fire('platform-settings-changed', {
        keys: ['freeCancelHours'],
        settings: {
          bookingLeadMinutes: 60,
          maxUpcomingLessonsPerStudent: 1,
          freeCancelHours: 10,
          trialLessonEnabled: 1,
          trialLessonMinutes: 30,
          trialLessonPrice: 0,
        },
        at: STAMP,
      });
    });
    expect(await within(dialog).findByText(/بقي أقل من ١٠ ساعات/)).toBeInTheDocument();
  });
});
