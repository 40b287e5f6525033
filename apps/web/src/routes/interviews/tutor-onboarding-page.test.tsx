import '../../test/setup.ts';
import { type Interview, InterviewStatus, Role, type TutorOnboarding } from '@hiwar/domain';
import { formatDate, formatDateTime, formatTime } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeAccount } from '../../test/fixtures.ts';
import {
  cairoTime,
  gridStart,
  listedOnboarding,
  MANAGER,
  makeInterview,
  makeInterviewerOption,
  makeOnboarding,
} from '../../test/interview-fixtures.ts';
import { type ApiHandler, type ApiRequest, renderApp } from '../../test/render-app.tsx';

const ONBOARDING_PATH = '/api/v1/user/tutor/onboarding/3';
const tutorAccount = () => makeAccount({ id: 3, name: 'منى خالد', role: Role.Tutor });
const cairo = { timeZone: 'Africa/Cairo' };

function onboardingApi(onboarding: () => TutorOnboarding, extra?: ApiHandler): ApiHandler {
  return (request: ApiRequest) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    if (request.path === ONBOARDING_PATH) {
      return json(200, onboarding());
    }
    return undefined;
  };
}

describe('/tutor/onboarding', () => {
  it('shows where a new tutor stands and books the best interviewer’s time', async () => {
    const user = userEvent.setup();
    const first = cairoTime(2);
    const second = new Date(first.getTime() + 30 * 60_000);
    let booked: Interview | null = null;
    const { requests } = renderApp({
      path: '/tutor/onboarding',
      account: tutorAccount(),
      api: onboardingApi(
        () =>
          booked ? makeOnboarding({ interview: { standing: 'pending', latest: booked } }) : makeOnboarding(),
        ({ method, path, body }) => {
          if (path.startsWith('/api/v1/user/interviewer/select')) {
            return json(200, {
              list: [
                makeInterviewerOption({ times: [first.toISOString(), second.toISOString()] }),
                makeInterviewerOption({
                  interviewer: { id: 22, name: 'عمر فريد', image: null, bio: null },
                  times: [gridStart(3 * 24 * 60).toISOString()],
                  upcomingInterviews: 4,
                }),
              ],
              retakeAt: null,
            });
          }
          if (method === 'POST' && path === '/api/v1/interview') {
            const { start } = body as { start: string };
            booked = makeInterview({ start });
            return json(201, booked);
          }
          return undefined;
        },
      ),
    });

    const stepper = await screen.findByRole('list', { name: 'مراحل الانضمام' });
    const steps = within(stepper).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps[0]).toHaveTextContent('احجز المقابلة');
    expect(steps[0]).toHaveTextContent('الخطوة الحالية');
    expect(steps[1]).toHaveTextContent('في الانتظار');
    expect(steps[4]).toHaveTextContent('الظهور للطلاب');

    const interviewStep = screen.getByRole('region', { name: /احجز المقابلة/ });
    expect(await within(interviewStep).findByText(MANAGER.name)).toBeInTheDocument();
    expect(within(interviewStep).getByText('أجري مقابلات المعلمين الجدد منذ ٥ سنوات')).toBeInTheDocument();
    expect(within(interviewStep).getByText('أقرب موعد متاح')).toBeInTheDocument();

    // The week of the first free time opens on its day; the times are the user's (Cairo) clock.
    const times = within(interviewStep).getByRole('list', { name: 'اختر الوقت' });
    expect(within(times).getAllByRole('button')).toHaveLength(2);
    await user.click(within(times).getByRole('button', { name: formatTime(first, cairo) }));
    expect(within(interviewStep).getByLabelText('ملخص الحجز')).toHaveTextContent(
      formatDateTime(first, cairo),
    );
    await user.click(within(interviewStep).getByRole('button', { name: 'تأكيد حجز المقابلة' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/v1/interview');
    expect(post?.body).toEqual({ interviewerId: MANAGER.id, start: first.toISOString() });
    expect(await screen.findByText('تم حجز مقابلتك')).toBeInTheDocument();
    // The onboarding refetches: the interview is now booked, with its join button waiting for the window.
    expect(await screen.findByText('مقابلتك محجوزة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'دخول المقابلة' })).toBeDisabled();
  });

  it('says the interview is booked when the live update replaced the picker before the answer', async () => {
    const user = userEvent.setup();
    const first = cairoTime(2);
    let booked: Interview | null = null;
    // The server tells the tutor's tabs (`interview-booked`) before it answers the POST: the onboarding
    // refetches with the interview, and the picker gives way to its card before the answer arrives.
    const rendered = renderApp({
      path: '/tutor/onboarding',
      account: tutorAccount(),
      api: onboardingApi(
        () =>
          booked ? makeOnboarding({ interview: { standing: 'pending', latest: booked } }) : makeOnboarding(),
        ({ method, path }) => {
          if (path.startsWith('/api/v1/user/interviewer/select')) {
            return json(200, {
              list: [makeInterviewerOption({ times: [first.toISOString()] })],
              retakeAt: null,
            });
          }
          return method === 'POST' && path === '/api/v1/interview' ? bookThenAnswer() : undefined;
        },
      ),
    });
    async function bookThenAnswer(): Promise<Response> {
      booked = makeInterview({ start: first.toISOString() });
      await rendered.services.queryClient.invalidateQueries();
      await screen.findByText('مقابلتك محجوزة');
      return json(201, booked);
    }
    const interviewStep = await screen.findByRole('region', { name: /احجز المقابلة/ });
    const times = await within(interviewStep).findByRole('list', { name: 'اختر الوقت' });
    await user.click(within(times).getByRole('button', { name: formatTime(first, cairo) }));
    await user.click(within(interviewStep).getByRole('button', { name: 'تأكيد حجز المقابلة' }));
    expect(await screen.findByText('تم حجز مقابلتك')).toBeInTheDocument();
  });

  it('lets the tutor choose another offered interviewer and book with them', async () => {
    const user = userEvent.setup();
    const other = cairoTime(3, '15:00');
    const { requests } = renderApp({
      path: '/tutor/onboarding',
      account: tutorAccount(),
      api: onboardingApi(makeOnboarding, ({ method, path }) => {
        if (path.startsWith('/api/v1/user/interviewer/select')) {
          return json(200, {
            list: [
              makeInterviewerOption(),
              makeInterviewerOption({
                interviewer: { id: 22, name: 'عمر فريد', image: null, bio: 'مدرّب نطق' },
                times: [other.toISOString()],
                upcomingInterviews: 4,
              }),
            ],
            retakeAt: null,
          });
        }
        if (method === 'POST') {
          return json(201, makeInterview({ start: other.toISOString() }));
        }
        return undefined;
      }),
    });
    const change = await screen.findByRole('button', { name: 'اختر مسؤولًا آخر' });
    expect(change).toHaveAttribute('aria-expanded', 'false');
    await user.click(change);
    await user.click(screen.getByRole('radio', { name: /عمر فريد/ }));
    expect(screen.getByText('مدرّب نطق')).toBeInTheDocument();
    const times = screen.getByRole('list', { name: 'اختر الوقت' });
    await user.click(within(times).getByRole('button', { name: formatTime(other, cairo) }));
    await user.click(screen.getByRole('button', { name: 'تأكيد حجز المقابلة' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        interviewerId: 22,
        start: other.toISOString(),
      }),
    );
  });

  it('shows a booked interview with its join button once the room opens', async () => {
    const start = new Date(Date.now() + 5 * 60_000 + 1000);
    const interview = makeInterview({
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    });
    renderApp({
      path: '/tutor/onboarding',
      account: tutorAccount(),
      api: onboardingApi(() => makeOnboarding({ interview: { standing: 'pending', latest: interview } })),
    });
    expect(await screen.findByText('مقابلتك محجوزة')).toBeInTheDocument();
    expect(screen.getByText('تبدأ بعد ٦ دقائق')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'دخول المقابلة' })).toHaveAttribute(
      'href',
      '/session?kind=interview&id=9',
    );
    expect(screen.getByRole('button', { name: 'تغيير الموعد' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إلغاء المقابلة' })).toBeInTheDocument();
  });

  it('moves the interview to another free time of its interviewer', async () => {
    const user = userEvent.setup();
    const interview = makeInterview({ start: cairoTime(2).toISOString() });
    const later = cairoTime(2, '13:00');
    const { requests } = renderApp({
      path: '/tutor/onboarding',
      account: tutorAccount(),
      api: onboardingApi(
        () => makeOnboarding({ interview: { standing: 'pending', latest: interview } }),
        ({ method, path, body }) => {
          if (path.startsWith('/api/v1/user/interviewer/select')) {
            // Its own time counts as free when moving it; another interviewer is not offered.
            return json(200, {
              list: [
                makeInterviewerOption({ times: [interview.start, later.toISOString()] }),
                makeInterviewerOption({ interviewer: { id: 22, name: 'عمر فريد', image: null, bio: null } }),
              ],
              retakeAt: null,
            });
          }
          if (method === 'PUT' && path === '/api/v1/interview/9') {
            return json(200, { ...interview, ...(body as object) });
          }
          return undefined;
        },
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'تغيير الموعد' }));
    const dialog = await screen.findByRole('dialog', { name: 'غيّر موعد المقابلة' });
    const times = await within(dialog).findByRole('list', { name: 'اختر الوقت' });
    expect(within(times).getAllByRole('button')).toHaveLength(1);
    expect(within(dialog).queryByText('عمر فريد')).not.toBeInTheDocument();
    await user.click(within(times).getByRole('button', { name: formatTime(later, cairo) }));
    expect(within(dialog).getByLabelText('ملخص الحجز')).toHaveTextContent(
      formatDateTime(interview.start, cairo),
    );
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الموعد الجديد' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        start: later.toISOString(),
      }),
    );
    expect(
      requests.some(
        (request) =>
          request.path.startsWith('/api/v1/user/interviewer/select') &&
          request.path.includes('exceptInterviewId=9'),
      ),
    ).toBe(true);
    expect(await screen.findByText('تم تغيير موعد المقابلة')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('warns that cancelling means waiting six months, then cancels', async () => {
    const user = userEvent.setup();
    const interview = makeInterview();
    const { requests } = renderApp({
      path: '/tutor/onboarding',
      account: tutorAccount(),
      api: onboardingApi(
        () => makeOnboarding({ interview: { standing: 'pending', latest: interview } }),
        ({ method, path }) =>
          method === 'PUT' && path === '/api/v1/interview/9'
            ? json(200, {
                ...interview,
                status: InterviewStatus.Canceled,
                canceledAt: new Date().toISOString(),
                canceledBy: { id: 3, name: 'منى خالد', image: null },
              })
            : undefined,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'إلغاء المقابلة' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء المقابلة؟' });
    expect(within(dialog).getByText(/قبل مرور ٦ أشهر/)).toBeInTheDocument();
    // Keeping it sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'الإبقاء على المقابلة' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'إلغاء المقابلة' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم، ألغِ المقابلة' }),
    );
    expect(await screen.findByText('تم إلغاء المقابلة.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      status: InterviewStatus.Canceled,
    });
  });

  it('says the interview is cancelled when the live update reached the page before the answer', async () => {
    const user = userEvent.setup();
    const interview = makeInterview();
    const canceled = {
      ...interview,
      status: InterviewStatus.Canceled,
      canceledAt: new Date().toISOString(),
      canceledBy: { id: 3, name: 'منى خالد', image: null },
    };
    let gone = false;
    // The server tells both members' tabs (`interview-updated`) before it answers the PUT: the page
    // refetches, the interview is no longer changeable, and its card drops the dialog before the answer.
    const rendered = renderApp({
      path: '/tutor/onboarding',
      account: tutorAccount(),
      api: onboardingApi(
        () => makeOnboarding({ interview: { standing: 'pending', latest: gone ? canceled : interview } }),
        ({ method, path }) =>
          method === 'PUT' && path === '/api/v1/interview/9' ? updateThenAnswer() : undefined,
      ),
    });
    async function updateThenAnswer(): Promise<Response> {
      gone = true;
      await rendered.services.queryClient.invalidateQueries();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      return json(200, canceled);
    }
    await user.click(await screen.findByRole('button', { name: 'إلغاء المقابلة' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم، ألغِ المقابلة' }),
    );
    expect(await screen.findByText('تم إلغاء المقابلة.')).toBeInTheDocument();
  });

  it('after a rejection, says from which date a retake may be booked', async () => {
    const retakeAt = '2027-03-15T10:00:00.000Z';
    const rejected = makeInterview({
      start: '2026-09-15T10:00:00.000Z',
      end: '2026-09-15T10:30:00.000Z',
      status: InterviewStatus.Rejected,
      level: 2,
      feedback: 'تحتاج إلى تحسين النطق قبل التدريس.',
    });
    const { requests } = renderApp({
      path: '/tutor/onboarding',
      account: tutorAccount(),
      api: onboardingApi(() =>
        makeOnboarding({ interview: { state: 'current', standing: 'wait', retakeAt, latest: rejected } }),
      ),
    });
    expect(await screen.findByText('لم تُقبل في المقابلة هذه المرة.')).toBeInTheDocument();
    expect(
      screen.getByText(`يمكنك حجز مقابلة جديدة بدءًا من ${formatDate(retakeAt, { dateStyle: 'long' })}.`),
    ).toBeInTheDocument();
    expect(screen.getByText('تحتاج إلى تحسين النطق قبل التدريس.')).toBeInTheDocument();
    expect(screen.getByText('٢ من ٥')).toBeInTheDocument();
    // No picker: the tutor may not book yet.
    expect(screen.queryByRole('button', { name: 'تأكيد حجز المقابلة' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith('/api/v1/user/interviewer/select'))).toBe(
      false,
    );
  });

  it('after passing, waits for the signature, then the studio and the profile', async () => {
    const passed = makeInterview({
      start: '2026-09-15T10:00:00.000Z',
      end: '2026-09-15T10:30:00.000Z',
      status: InterviewStatus.Passed,
      level: 4,
      feedback: 'أداء ممتاز.',
    });
    renderApp({
      path: '/tutor/onboarding',
      account: tutorAccount(),
      api: onboardingApi(() =>
        makeOnboarding({
          interview: { state: 'current', standing: 'passed', signed: false, latest: passed },
          studio: {
            state: 'current',
            assigned: { id: 30, name: 'ياسمين الاستوديو', image: null },
            missing: ['video'],
          },
          profile: { state: 'current', missing: ['bio', 'verified-phone'], topics: 2 },
        }),
      ),
    });
    expect(await screen.findByText('نجحت في المقابلة! بانتظار اعتمادها من الإدارة.')).toBeInTheDocument();
    const studio = screen.getByRole('region', { name: /زر الاستوديو/ });
    expect(within(studio).getByText('ياسمين الاستوديو')).toBeInTheDocument();
    const media = within(studio).getAllByRole('listitem');
    expect(media[0]).toHaveTextContent('الصورة الشخصية');
    expect(media[0]).toHaveTextContent('جاهزة');
    expect(media[1]).toHaveTextContent('الفيديو التعريفي');
    expect(media[1]).toHaveTextContent('لم تُرفع بعد');
    const profile = screen.getByRole('region', { name: /عرّف بنفسك/ });
    expect(within(profile).getByRole('link', { name: 'أكمل النبذة المختصرة' })).toHaveAttribute(
      'href',
      '/t/settings?tab=profile',
    );
    expect(within(profile).getByRole('link', { name: 'أكمل تأكيد رقم الهاتف' })).toHaveAttribute(
      'href',
      '/t/settings?tab=account',
    );
    expect(within(profile).getByText('مواضيعك: موضوعان.')).toBeInTheDocument();
    expect(within(profile).getByRole('link', { name: 'اختر مواضيعك' })).toHaveAttribute(
      'href',
      '/t/settings?tab=topics',
    );
  });

  it('tells a listed tutor so, with a link to the public profile', async () => {
    renderApp({
      path: '/tutor/onboarding',
      account: tutorAccount(),
      api: onboardingApi(listedOnboarding),
    });
    expect(await screen.findByText('أنت الآن ظاهر للطلاب', { selector: 'p.text-lg' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'صفحتك العامة' })[0]).toHaveAttribute('href', '/t/3');
    const steps = within(screen.getByRole('list', { name: 'مراحل الانضمام' })).getAllByRole('listitem');
    for (const step of steps) {
      expect(step).toHaveTextContent('مكتملة');
    }
  });
});

describe('/t/settings?tab=topics', () => {
  it('lets a tutor choose the topics they teach, linked from the onboarding', async () => {
    renderApp({
      path: '/t/settings?tab=topics',
      account: tutorAccount(),
      api: ({ path }) =>
        path === '/api/v1/topic/list'
          ? json(200, { list: [{ id: 1, nameAr: 'محادثة', nameEn: 'Conversation' }] })
          : path === '/api/v1/topic/of/user'
            ? json(200, { list: [] })
            : undefined,
    });
    expect(await screen.findByRole('tab', { name: 'المواضيع' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'مواضيع تدريسك' })).toBeInTheDocument();
    expect(await screen.findByText('محادثة')).toBeInTheDocument();
  });
});

describe('/tutor/onboarding for a TutorManager', () => {
  it('says the onboarding is for new tutors and leads to the interviews', async () => {
    const { requests } = renderApp({
      path: '/tutor/onboarding',
      account: makeAccount({ id: 21, role: Role.TutorManager }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'هذه الصفحة للمعلمين الجدد' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'المقابلات' })).toHaveAttribute(
      'href',
      '/interviews',
    );
    expect(requests.some((request) => request.path.startsWith('/api/v1/user/tutor/onboarding'))).toBe(false);
  });
});

describe('/t/dashboard for a tutor not listed yet', () => {
  it('sends the tutor on to the onboarding', async () => {
    const { router } = renderApp({
      path: '/t/dashboard',
      account: tutorAccount(),
      api: onboardingApi(makeOnboarding),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor/onboarding'));
    expect(await screen.findByRole('heading', { level: 1, name: 'خطوات الانضمام' })).toBeInTheDocument();
  });

  it('never sends a TutorManager there', async () => {
    const { router, requests } = renderApp({
      path: '/t/dashboard',
      account: makeAccount({ id: 21, role: Role.TutorManager }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/dashboard');
    expect(requests.some((request) => request.path.startsWith('/api/v1/user/tutor/onboarding'))).toBe(false);
  });
});
