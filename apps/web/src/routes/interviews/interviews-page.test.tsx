import '../../test/setup.ts';
import { InterviewStatus, Role } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount } from '../../test/fixtures.ts';
import { makeInterview, makeUncontactedTutor } from '../../test/interview-fixtures.ts';
import { type ApiHandler, type ApiRequest, renderApp } from '../../test/render-app.tsx';

const HOUR_MS = 3600_000;
const tutorAccount = () => makeAccount({ id: 3, name: 'منى خالد', role: Role.Tutor });
const managerAccount = () => makeAccount({ id: 21, name: 'هالة', role: Role.TutorManager });

/** An interview that started `hoursAgo` hours ago (over when more than half an hour). */
function pastInterview(id: number, hoursAgo: number, overrides = {}) {
  const start = new Date(Math.floor((Date.now() - hoursAgo * HOUR_MS) / 900_000) * 900_000);
  return makeInterview({
    id,
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    ...overrides,
  });
}

function query(path: string): URLSearchParams {
  return new URL(path, 'http://x').searchParams;
}

describe('/interviews for a tutor', () => {
  it('shows the outcome with level and feedback, never a note, and takes the tutor’s own feedback', async () => {
    const user = userEvent.setup();
    const passed = pastInterview(9, 48, {
      status: InterviewStatus.Passed,
      level: 4,
      feedback: 'نطق واضح &amp; شرح منظم.',
      // A tutor's answers never carry the note; if one slipped through, the screen still hides it.
      note: 'ملاحظة داخلية سرية',
    });
    const { requests } = renderApp({
      path: '/interviews',
      account: tutorAccount(),
      api: ({ method, path, body }: ApiRequest) => {
        if (path.startsWith('/api/v1/interview/list/')) {
          return json(200, { list: [passed], total: 1 });
        }
        if (method === 'PUT' && path === '/api/v1/interview/9') {
          return json(200, { ...passed, ...(body as object) });
        }
        return undefined;
      },
    });
    const list = await screen.findByRole('list', { name: 'مقابلاتك' });
    const card = within(list).getByRole('listitem');
    expect(
      within(card).getByRole('heading', { name: 'مقابلة مع هالة مسؤولة المقابلات' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('ناجحة')).toBeInTheDocument();
    expect(within(card).getByText('٤ من ٥')).toBeInTheDocument();
    expect(within(card).getByText('نطق واضح & شرح منظم.')).toBeInTheDocument();
    expect(within(card).queryByText('ملاحظة داخلية سرية')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'دخول المقابلة' })).not.toBeInTheDocument();

    const feedback = within(card).getByRole('textbox', { name: 'كيف كانت تجربتك في المقابلة؟' });
    await user.click(within(card).getByRole('button', { name: 'أرسل رأيك' }));
    expect(within(card).getByText('هذا الحقل مطلوب.')).toBeInTheDocument();
    await user.type(feedback, 'كانت المقابلة مريحة ومنظمة.');
    await user.click(within(card).getByRole('button', { name: 'أرسل رأيك' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        intervieweeFeedback: 'كانت المقابلة مريحة ومنظمة.',
      }),
    );
    expect(await screen.findByText('شكرًا، وصلنا رأيك.')).toBeInTheDocument();
  });

  it('offers the onboarding when the tutor has no interview yet', async () => {
    renderApp({
      path: '/interviews',
      account: tutorAccount(),
      api: ({ path }) =>
        path.startsWith('/api/v1/interview/list/') ? json(200, { list: [], total: 0 }) : undefined,
    });
    expect(await screen.findByText('لم تحجز أي مقابلة بعد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اذهب إلى خطوات الانضمام' })).toHaveAttribute(
      'href',
      '/tutor/onboarding',
    );
  });
});

describe('/interviews for a TutorManager', () => {
  function managerApi(extra?: ApiHandler): ApiHandler {
    const soon = new Date(Date.now() + 5 * 60_000 + 1000);
    const upcoming = makeInterview({
      id: 11,
      start: soon.toISOString(),
      end: new Date(soon.getTime() + 30 * 60_000).toISOString(),
      interviewee: { id: 5, name: 'ليلى حسن', image: null },
    });
    const awaiting = pastInterview(12, 2, { interviewee: { id: 6, name: 'يوسف علي', image: null } });
    return (request: ApiRequest) => {
      const answer = extra?.(request);
      if (answer) {
        return answer;
      }
      if (request.path.startsWith('/api/v1/interview/list/')) {
        const params = query(request.path);
        if (params.get('upcoming') === 'true') {
          return json(200, { list: [upcoming], total: 1 });
        }
        if (params.has('to')) {
          return json(200, { list: [awaiting], total: 1 });
        }
        return json(200, { list: [upcoming, awaiting], total: 2 });
      }
      return undefined;
    };
  }

  it('lists the interviews to conduct with the room’s join button', async () => {
    const { requests } = renderApp({ path: '/interviews', account: managerAccount(), api: managerApi() });
    const tabs = await screen.findByRole('tablist', { name: 'أقسام المقابلات' });
    expect(within(tabs).getByRole('tab', { name: 'القادمة' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'القادمة' });
    expect(within(list).getByRole('heading', { name: 'مقابلة مع ليلى حسن' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'دخول المقابلة' })).toHaveAttribute(
      'href',
      '/session?kind=interview&id=11',
    );
    expect(within(list).getByRole('button', { name: 'إلغاء المقابلة' })).toBeInTheDocument();
    const listRequest = requests.find((request) => request.path.startsWith('/api/v1/interview/list/'));
    expect(query(listRequest?.path ?? '').get('status')).toBe('1');
  });

  it('validates the result form in Arabic, then records the outcome', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/interviews?tab=awaiting',
      account: managerAccount(),
      api: managerApi(({ method, path, body }) =>
        method === 'PUT' && path === '/api/v1/interview/12'
          ? json(200, { ...pastInterview(12, 2), ...(body as object) })
          : undefined,
      ),
    });
    const list = await screen.findByRole('list', { name: 'بانتظار النتيجة' });
    expect(within(list).getByText('بانتظار النتيجة')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'سجّل النتيجة' }));
    const dialog = await screen.findByRole('dialog', { name: 'نتيجة مقابلة يوسف علي' });

    await user.click(within(dialog).getByRole('button', { name: 'حفظ النتيجة' }));
    expect(within(dialog).getAllByText('هذا الحقل مطلوب.')).toHaveLength(4);
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(within(dialog).getByRole('radio', { name: /ناجح/ }));
    await user.click(within(dialog).getByRole('radio', { name: '٤ جيد جدًا' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'رأيك للمعلم' }), 'جيد');
    await user.type(within(dialog).getByRole('textbox', { name: 'ملاحظة داخلية' }), 'مناسب للمبتدئين.');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ النتيجة' }));
    expect(within(dialog).getByText('التقييم قصير. اكتب ٥ أحرف على الأقل.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'رأيك للمعلم' }), ' جدًا في المحادثة.');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ النتيجة' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        status: InterviewStatus.Passed,
        level: 4,
        feedback: 'جيد جدًا في المحادثة.',
        note: 'مناسب للمبتدئين.',
      }),
    );
    expect(await screen.findByText('تم حفظ نتيجة المقابلة.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the result is saved when the live update reached the list before the answer', async () => {
    const user = userEvent.setup();
    const passed = {
      ...pastInterview(12, 2, { interviewee: { id: 6, name: 'يوسف علي', image: null } }),
      status: InterviewStatus.Passed,
      level: 4,
    };
    let gone = false;
    // The server tells the interviewer's tabs (`interview-updated`) before it answers the PUT: the list
    // refetches, the interview is no longer pending, and its card drops the dialog before the answer.
    const rendered = renderApp({
      path: '/interviews?tab=awaiting',
      account: managerAccount(),
      api: managerApi((request) => {
        if (request.method === 'PUT' && request.path === '/api/v1/interview/12') {
          return updateThenAnswer();
        }
        return gone && request.path.startsWith('/api/v1/interview/list/')
          ? json(200, { list: [passed], total: 1 })
          : undefined;
      }),
    });
    async function updateThenAnswer(): Promise<Response> {
      gone = true;
      await rendered.services.queryClient.invalidateQueries();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      return json(200, passed);
    }
    const list = await screen.findByRole('list', { name: 'بانتظار النتيجة' });
    await user.click(within(list).getByRole('button', { name: 'سجّل النتيجة' }));
    const dialog = await screen.findByRole('dialog', { name: 'نتيجة مقابلة يوسف علي' });
    await user.click(within(dialog).getByRole('radio', { name: /ناجح/ }));
    await user.click(within(dialog).getByRole('radio', { name: '٤ جيد جدًا' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'رأيك للمعلم' }), 'جيد جدًا في المحادثة.');
    await user.type(within(dialog).getByRole('textbox', { name: 'ملاحظة داخلية' }), 'مناسب للمبتدئين.');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ النتيجة' }));
    expect(await screen.findByText('تم حفظ نتيجة المقابلة.')).toBeInTheDocument();
  });

  it('shows a validation code the server answers under its field', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/interviews?tab=awaiting',
      account: managerAccount(),
      api: managerApi(({ method }) =>
        method === 'PUT' ? apiError(400, 'interview-note-too-short') : undefined,
      ),
    });
    const list = await screen.findByRole('list', { name: 'بانتظار النتيجة' });
    await user.click(within(list).getByRole('button', { name: 'سجّل النتيجة' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /غير مقبول/ }));
    await user.click(within(dialog).getByRole('radio', { name: '٢ مقبول' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'رأيك للمعلم' }), 'تحتاج إلى تدريب أكثر.');
    await user.type(within(dialog).getByRole('textbox', { name: 'ملاحظة داخلية' }), '<b></b>.....');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ النتيجة' }));
    const note = within(dialog).getByRole('textbox', { name: 'ملاحظة داخلية' });
    await waitFor(() => expect(note).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('الملاحظة قصيرة. اكتب ٥ أحرف على الأقل.')).toBeInTheDocument();
  });

  it('lists the tutors who never booked, with how long ago they registered, page by page', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/interviews',
      account: managerAccount(),
      api: managerApi(({ path }) => {
        if (!path.startsWith('/api/v1/user/tutor/list/uncontacted')) {
          return undefined;
        }
        const page = Number(query(path).get('page'));
        return json(200, {
          list:
            page === 2
              ? [makeUncontactedTutor({ id: 41, name: 'رنا محمود', phone: null })]
              : [makeUncontactedTutor()],
          total: 11,
        });
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'لم يحجزوا بعد' }));
    const list = await screen.findByRole('list', { name: 'المعلمون الذين لم يحجزوا مقابلة' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('heading', { name: 'كريم سامي' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'karim@example.com' })).toHaveAttribute(
      'href',
      'mailto:karim@example.com',
    );
    expect(within(row).getByRole('link', { name: '01012345678' })).toHaveAttribute('href', 'tel:01012345678');
    expect(within(row).getByText('سجّل قبل ٣ أيام')).toBeInTheDocument();
    expect(screen.getByText('صفحة ١ من ٢')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'التالي' }));
    expect(await screen.findByRole('heading', { name: 'رنا محمود' })).toBeInTheDocument();
    expect(screen.getByText('لم يضف رقمًا')).toBeInTheDocument();
    expect(
      requests.some(
        (request) =>
          request.path.startsWith('/api/v1/user/tutor/list/uncontacted') &&
          query(request.path).get('page') === '2',
      ),
    ).toBe(true);
  });
});
