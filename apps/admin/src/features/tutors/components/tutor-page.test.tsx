import '../../../test/setup.ts';
import {
  addLocalDays,
  type Interview,
  InterviewStatus,
  type Lesson,
  localDateTimeToInstant,
  localDayRange,
  type Rating,
  Role,
  type TutorInfo,
  weekDates,
} from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeHandler } from '../../../test/fake-api.ts';
import {
  makeLesson,
  makeTutorMeta,
  makeUser,
  regularAdmin,
  studio,
  superAdmin,
  tutorManager,
} from '../../../test/fixtures.ts';
import { makeInterview, makeOnboarding } from '../../../test/interview-fixtures.ts';
import { currentLocation, renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };

const TUTOR_ID = 3;

function makeInfo(overrides: Partial<TutorInfo> = {}): TutorInfo {
  return {
    id: TUTOR_ID,
    role: Role.Tutor,
    name: 'ليلى المعلمة',
    image: 'http://files.test/laila.png',
    gender: 'female' as TutorInfo['gender'],
    bio: 'معلمة إنجليزي بخبرة عشر سنوات في المحادثة',
    about: 'أساعد المتعلمين المصريين على التحدث بثقة من خلال دروس قصيرة.',
    topics: [
      { id: 1, nameAr: 'المحادثة', nameEn: 'Conversation' },
      { id: 2, nameAr: 'السفر', nameEn: 'Travel' },
    ],
    rating: 4.5,
    ratingCount: 12,
    lessonCount: 30,
    studentCount: 9,
    notice: 21,
    video: 'http://files.test/laila.mp4',
    thumbnail: 'http://files.test/laila.jpg',
    nextAvailableAt: null,
    listed: true,
    ...overrides,
  };
}

function makeRating(id: number, overrides: Partial<Rating> = {}): Rating {
  return {
    id,
    raterId: 100 + id,
    rateeId: TUTOR_ID,
    rater: { id: 100 + id, name: `طالب ${id}`, image: null },
    value: 5,
    text: 'درس ممتاز ومفيد جدًا',
    createdAt: '2026-11-10T10:00:00.000Z',
    updatedAt: '2026-11-10T10:00:00.000Z',
    ...overrides,
  };
}

/** This week's Sunday (the second day of the Saturday-first week), 10:00–12:00 Cairo, 10:30–11:00 booked. */
const sunday = weekDates(new Date())[1] as string;
const at = (date: string, time: string) => localDateTimeToInstant(date, time).toISOString();

function tutorHandlers(
  options: { lessons?: Lesson[]; ratings?: Rating[]; ratingsTotal?: number; interviews?: Interview[] } = {},
): FakeHandler[] {
  const {
    lessons = [makeLesson()],
    ratings = [makeRating(1, { value: 4 })],
    ratingsTotal,
    interviews = [makeInterview({ signedAt: '2026-11-21T09:00:00.000Z' })],
  } = options;
  return [
    {
      method: 'GET',
      path: `/api/v1/user/tutor/onboarding/${TUTOR_ID}`,
      answer: () => ({ body: makeOnboarding() }),
    },
    {
      method: 'GET',
      path: '/api/v1/interview/list/',
      answer: () => ({ body: { list: interviews, total: interviews.length } }),
    },
    { method: 'GET', path: `/api/v1/user/tutor/info/${TUTOR_ID}`, answer: () => ({ body: makeInfo() }) },
    {
      method: 'GET',
      path: `/api/v1/user/tutor/meta/${TUTOR_ID}`,
      answer: () => ({
        body: makeTutorMeta({ activated: true, interviewSignedAt: '2026-10-05T09:00:00.000Z' }),
      }),
    },
    {
      method: 'GET',
      path: '/api/v1/availability-slot/',
      answer: ({ url }) => {
        const from = url.searchParams.get('from') ?? '';
        const inWeek = from === localDayRange(weekDates(new Date())[0] as string).start.toISOString();
        return {
          body: {
            tutorId: TUTOR_ID,
            notice: 21,
            list: inWeek
              ? [{ id: 1, tutorId: TUTOR_ID, start: at(sunday, '10:00'), end: at(sunday, '12:00') }]
              : [],
            booked: inWeek ? [{ start: at(sunday, '10:30'), end: at(sunday, '11:00') }] : [],
            bookable: { short: [], long: [] },
          },
        };
      },
    },
    {
      method: 'GET',
      path: '/api/v1/lesson/list/',
      answer: () => ({ body: { list: lessons, total: lessons.length } }),
    },
    {
      method: 'GET',
      path: `/api/v1/rating/list/tutor/${TUTOR_ID}`,
      answer: ({ url }) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        const size = Number(url.searchParams.get('size') ?? '10');
        return {
          body: {
            list: ratings.slice((page - 1) * size, page * size),
            total: ratingsTotal ?? ratings.length,
          },
        };
      },
    },
  ];
}

describe('admin /tutor/{id}', () => {
  it('shows an admin the profile, activation, signed interview, figures and intro video', async () => {
    renderAdmin({ path: `/tutor/${TUTOR_ID}`, signedInAs: regularAdmin, handlers: tutorHandlers() });
    expect(await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'صورة ليلى المعلمة' })).toHaveAttribute(
      'src',
      'http://files.test/laila.png',
    );
    expect(screen.getAllByText('معلمة إنجليزي بخبرة عشر سنوات في المحادثة').length).toBeGreaterThan(0);
    expect(screen.getByText('المحادثة')).toBeInTheDocument();
    expect(screen.getByText('السفر')).toBeInTheDocument();
    expect(screen.getByText('٢١ يومًا مقدمًا')).toBeInTheDocument();
    expect(await screen.findAllByText('مفعّل')).not.toHaveLength(0);
    expect(screen.getByText(/^موقّعة في/)).toHaveTextContent('٢٠٢٦');
    expect(screen.getByText('٤٫٥ من ٥ · ١٢ تقييمًا')).toBeInTheDocument();
    expect(screen.getByText('٣٠ درسًا')).toBeInTheDocument();
    expect(screen.getByText('٩ طلاب')).toBeInTheDocument();
    const video = screen.getByRole('region', { name: 'الفيديو التعريفي' }).querySelector('video');
    expect(video).toHaveAttribute('src', 'http://files.test/laila.mp4');
    expect(video).toHaveAttribute('poster', 'http://files.test/laila.jpg');
    expect(screen.getByRole('link', { name: 'بيانات الحساب' })).toHaveAttribute('href', `/user/${TUTOR_ID}`);
  });

  it('shows where the tutor stands on the way to being listed: interview, studio, profile', async () => {
    renderAdmin({ path: `/tutor/${TUTOR_ID}`, signedInAs: superAdmin, handlers: tutorHandlers() });
    const steps = await screen.findByRole('list', { name: 'الخطوات' }, LOAD);
    const interview = within(steps).getByRole('listitem', { name: '١. المقابلة' });
    const studioStep = within(steps).getByRole('listitem', { name: '٢. جلسة التصوير' });
    const profile = within(steps).getByRole('listitem', { name: '٣. الملف التعريفي' });
    expect(interview).toHaveTextContent('تمّت');
    expect(interview).toHaveTextContent('نجح في المقابلة');
    expect(interview).toHaveTextContent('المقابلة معتمدة');
    expect(within(interview).getByRole('link', { name: /^آخر مقابلة: ناجحة/ })).toHaveAttribute(
      'href',
      `/interviews?interviewee=${TUTOR_ID}&interview=9`,
    );
    expect(studioStep).toHaveTextContent('الخطوة الحالية');
    expect(studioStep).toHaveTextContent('الاستوديو: استوديو حوار');
    expect(studioStep).toHaveTextContent('الفيديو التعريفي');
    expect(studioStep).toHaveTextContent('صورة غلاف الفيديو');
    expect(within(studioStep).getByRole('link', { name: 'فتح جلسة التصوير' })).toHaveAttribute(
      'href',
      `/photo-session/${TUTOR_ID}`,
    );
    expect(profile).toHaveTextContent('في الانتظار');
    expect(profile).toHaveTextContent('تأكيد رقم الهاتف');
    expect(profile).toHaveTextContent('المواضيع: ٣ مواضيع');
    const missing = screen.getByRole('heading', { name: 'ما ينقص حتى يظهر للطلاب' })
      .parentElement as HTMLElement;
    expect(missing).toHaveTextContent('تفعيل الحساب من الإدارة');
    expect(screen.getByText('لا يظهر للطلاب بعد')).toBeInTheDocument();
  });

  it('lists the tutor’s interviews with links to them on the interviews page', async () => {
    const rejected = makeInterview({
      id: 4,
      status: InterviewStatus.Rejected,
      level: 2,
      start: '2026-03-01T10:00:00.000Z',
      end: '2026-03-01T10:30:00.000Z',
    });
    const { api } = renderAdmin({
      path: `/tutor/${TUTOR_ID}`,
      signedInAs: regularAdmin,
      handlers: tutorHandlers({
        interviews: [makeInterview({ signedAt: '2026-11-21T09:00:00.000Z' }), rejected],
      }),
    });
    const history = await screen.findByRole('list', { name: 'مقابلات المعلم' }, LOAD);
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('ناجحة');
    expect(items[0]).toHaveTextContent('معتمدة');
    expect(items[0]).toHaveTextContent('مع منى المديرة');
    expect(items[0]).toHaveTextContent('المستوى: ٤ من ٥');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: /^فتح مقابلة/ })).toHaveAttribute(
      'href',
      `/interviews?interviewee=${TUTOR_ID}&interview=9`,
    );
    expect(items[1]).toHaveTextContent('مرفوضة');
    expect(items[1]).toHaveTextContent('غير معتمدة');
    expect(screen.getByRole('link', { name: 'كل مقابلاته في صفحة المقابلات' })).toHaveAttribute(
      'href',
      `/interviews?interviewee=${TUTOR_ID}`,
    );
    const query = api.calls('GET', '/api/v1/interview/list/')[0]?.url.searchParams;
    expect(query?.get('intervieweeId')).toBe(String(TUTOR_ID));
    expect(query?.get('order')).toBe('desc');
  });

  it('shows the week Saturday to Friday with windows and booked parts, and moves between weeks', async () => {
    const { api, user } = renderAdmin({
      path: `/tutor/${TUTOR_ID}`,
      signedInAs: superAdmin,
      handlers: tutorHandlers(),
    });
    const days = await screen.findByRole('list', { name: 'أيام الأسبوع' }, LOAD);
    const items = within(days).getAllByRole('listitem', { name: /.+/ });
    expect(items).toHaveLength(7);
    expect(items[0]?.getAttribute('aria-label')).toMatch(/^السبت/);
    expect(items[6]?.getAttribute('aria-label')).toMatch(/^الجمعة/);
    await waitFor(() => expect(within(items[1] as HTMLElement).getByText(/^موعد من/)).toBeInTheDocument());
    expect(within(items[1] as HTMLElement).getByText(/^درس محجوز من/)).toBeInTheDocument();
    const first = api.calls('GET', '/api/v1/availability-slot/')[0]?.url.searchParams;
    expect(first?.get('tutorId')).toBe(String(TUTOR_ID));
    const saturday = weekDates(new Date())[0] as string;
    expect(first?.get('from')).toBe(localDayRange(saturday).start.toISOString());
    expect(first?.get('to')).toBe(localDayRange(addLocalDays(saturday, 7)).start.toISOString());
    expect(screen.getByRole('button', { name: 'هذا الأسبوع' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'الأسبوع التالي' }));
    await waitFor(() =>
      expect(api.calls('GET', '/api/v1/availability-slot/').at(-1)?.url.searchParams.get('from')).toBe(
        localDayRange(addLocalDays(saturday, 7)).start.toISOString(),
      ),
    );
    expect(await screen.findByText('لا مواعيد متاحة في هذا الأسبوع.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'هذا الأسبوع' }));
    expect(await screen.findByText(/^موعد من/)).toBeInTheDocument();
  });

  it('lists only this tutor’s lessons, filters them in the address, and cancels one after confirming', async () => {
    const { api, user, router } = renderAdmin({
      path: `/tutor/${TUTOR_ID}`,
      signedInAs: superAdmin,
      handlers: [
        ...tutorHandlers(),
        {
          method: 'DELETE',
          path: '/api/v1/lesson/11',
          answer: () => ({ body: { lesson: makeLesson({ status: 'canceled' }) } }),
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'الدروس' }, LOAD);
    expect(within(table).getByText('سارة الطالبة')).toBeInTheDocument();
    expect(api.calls('GET', '/api/v1/lesson/list/')[0]?.url.searchParams.get('tutorId')).toBe(
      String(TUTOR_ID),
    );
    const filters = screen.getByRole('search', { name: 'تصفية الدروس' });
    expect(within(filters).queryByRole('combobox', { name: 'المعلم' })).not.toBeInTheDocument();
    await user.selectOptions(within(filters).getByLabelText('الحالة'), 'pending');
    await waitFor(() =>
      expect(api.calls('GET', '/api/v1/lesson/list/').at(-1)?.url.searchParams.get('status')).toBe('pending'),
    );
    expect(currentLocation(router)).toBe(`/tutor/${TUTOR_ID}?status=pending`);

    await user.click(within(table).getByRole('button', { name: 'إلغاء الدرس' }));
    const confirm = await screen.findByRole('dialog', { name: 'إلغاء الدرس' }, LOAD);
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء الدرس' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/v1/lesson/11')).toHaveLength(1));
    expect(await screen.findByText('تم إلغاء الدرس.')).toBeInTheDocument();
  });

  it('pages the ratings, newest first, keeping the page in the address', async () => {
    const ratings = Array.from({ length: 12 }, (_, index) => makeRating(index + 1));
    const { api, user, router } = renderAdmin({
      path: `/tutor/${TUTOR_ID}`,
      signedInAs: superAdmin,
      handlers: tutorHandlers({ ratings }),
    });
    const list = await screen.findByRole('list', { name: 'تقييمات المعلم' }, LOAD);
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByRole('img', { name: '٥ من ٥' })).toHaveLength(10);
    const pager = screen.getByRole('navigation', { name: 'تقييمات المعلم' });
    await user.click(within(pager).getByRole('button', { name: 'الصفحة التالية' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(list).toHaveTextContent('طالب 12');
    expect(
      api.calls('GET', `/api/v1/rating/list/tutor/${TUTOR_ID}`).at(-1)?.url.searchParams.get('page'),
    ).toBe('2');
    expect(currentLocation(router)).toBe(`/tutor/${TUTOR_ID}?ratingsPage=2`);
  });

  it('shows a TutorManager another tutor’s profile, schedule and ratings but not their lessons', async () => {
    const { api } = renderAdmin({
      path: `/tutor/${TUTOR_ID}`,
      signedInAs: tutorManager,
      handlers: tutorHandlers(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'تقييمات المعلم' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'الدروس' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/v1/lesson/list/')).toHaveLength(0);
    // Onboarding and the interviews they may see, but no photo session (not a TutorManager's area).
    expect(await screen.findByRole('list', { name: 'مقابلات المعلم' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'الخطوات' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'فتح جلسة التصوير' })).not.toBeInTheDocument();
  });

  it('keeps the Studio out: the page is not theirs', async () => {
    const { api } = renderAdmin({
      path: `/tutor/${TUTOR_ID}`,
      signedInAs: studio,
      handlers: tutorHandlers(),
    });
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('لا تملك صلاحية');
    expect(api.calls('GET', `/api/v1/user/tutor/info/${TUTOR_ID}`)).toHaveLength(0);
  });

  it('says when the id is not a tutor', async () => {
    renderAdmin({
      path: '/tutor/99',
      signedInAs: superAdmin,
      handlers: [
        { method: 'GET', path: '/api/v1/user/tutor/info/99', answer: () => apiError(404, 'tutor-not-found') },
        { method: 'GET', path: '/api/v1/user/tutor/meta/99', answer: () => apiError(404, 'tutor-not-found') },
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'المعلم غير موجود' }, LOAD),
    ).toBeInTheDocument();
  });
});

describe('links to the tutor page', () => {
  it('offers it on a tutor’s user page', async () => {
    const laila = makeUser({
      id: TUTOR_ID,
      email: 'laila@hiwar.test',
      name: 'ليلى المعلمة',
      role: Role.Tutor,
    });
    renderAdmin({
      path: `/user/${TUTOR_ID}`,
      signedInAs: superAdmin,
      handlers: [
        { method: 'GET', path: `/api/v1/user/${TUTOR_ID}`, answer: () => ({ body: laila }) },
        {
          method: 'GET',
          path: `/api/v1/user/tutor/meta/${TUTOR_ID}`,
          answer: () => ({ body: makeTutorMeta() }),
        },
      ],
    });
    const link = await screen.findByRole('link', { name: 'ملف المعلم' }, LOAD);
    expect(link).toHaveAttribute('href', `/tutor/${TUTOR_ID}`);
  });
});
