import '../../../test/setup.ts';
import {
  INTERVIEW_UPDATED_EVENT,
  type Interview,
  InterviewStatus,
  localDayRange,
  Role,
  type User,
} from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeHandler, type RecordedRequest } from '../../../test/fake-api.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { makeUser, regularAdmin, studio, superAdmin, tutorManager } from '../../../test/fixtures.ts';
import { makeInterview } from '../../../test/interview-fixtures.ts';
import { currentLocation, renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };
const LIST = '/api/v1/interview/list/';

const laila = makeUser({ id: 3, email: 'laila@hiwar.test', name: 'ليلى المعلمة', role: Role.Tutor });
const mona = makeUser({ id: 5, email: 'mona@hiwar.test', name: 'منى المديرة', role: Role.TutorManager });
const people = [laila, mona];

const passed = makeInterview();
const pending = makeInterview({
  id: 10,
  interviewee: { id: 8, name: 'عمر المعلم', image: null },
  status: InterviewStatus.Pending,
  level: null,
  feedback: null,
  intervieweeFeedback: null,
  note: null,
  start: '2026-12-02T12:00:00.000Z',
  end: '2026-12-02T12:30:00.000Z',
});
const signed = makeInterview({
  id: 11,
  interviewee: { id: 12, name: 'هبة المعلمة', image: null },
  signedAt: '2026-11-22T08:00:00.000Z',
  signedBy: { id: 1, name: 'سارة المدير', image: null },
});

/** The users list (by role and search) and one user by id, over `people`. */
const peopleHandlers: FakeHandler[] = [
  {
    method: 'GET',
    path: '/api/v1/user/list',
    answer: ({ url }) => {
      const role = Number(url.searchParams.get('role'));
      const search = url.searchParams.get('search') ?? '';
      const list = people.filter((user) => user.role === role && (user.name ?? '').includes(search));
      return { body: { list, total: list.length } };
    },
  },
  {
    method: 'GET',
    path: /^\/api\/v1\/user\/\d+$/,
    answer: ({ url }) => {
      const found: User | undefined = people.find((user) => url.pathname.endsWith(`/${user.id}`));
      return found ? { body: found } : apiError(404, 'user-not-found');
    },
  },
];

function interviewHandlers(
  list: Interview[] = [passed, pending, signed],
  total = list.length,
): FakeHandler[] {
  return [
    { method: 'GET', path: LIST, answer: () => ({ body: { list, total } }) },
    {
      method: 'GET',
      path: /^\/api\/v1\/interview\/\d+$/,
      answer: ({ url }) => {
        const found = list.find((interview) => url.pathname.endsWith(`/${interview.id}`));
        return found ? { body: found } : apiError(404, 'interview-not-found');
      },
    },
    ...peopleHandlers,
  ];
}

const lastListQuery = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === LIST).at(-1)?.url.searchParams;

describe('admin /interviews', () => {
  it('lists interviews with tutor, interviewer, time, status, level and signature', async () => {
    const { api } = renderAdmin({
      path: '/interviews',
      signedInAs: regularAdmin,
      handlers: interviewHandlers(),
    });
    const table = await screen.findByRole('table', { name: 'المقابلات' }, LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'ليلى المعلمة' })).toHaveAttribute('href', '/tutor/3');
    expect(first).toHaveTextContent('منى المديرة');
    expect(first).toHaveTextContent('ناجحة');
    expect(first).toHaveTextContent('٤ من ٥');
    expect(first).toHaveTextContent('غير معتمدة');
    expect(first).toHaveTextContent('٢٠');
    expect(rows[1]).toHaveTextContent('قيد الانتظار');
    expect(rows[1]).toHaveTextContent('لم يُحدَّد');
    expect(within(rows[2] as HTMLElement).getByLabelText(/^اعتُمدت في/)).toHaveTextContent('معتمدة');
    expect(screen.getByText('٣ مقابلات')).toBeInTheDocument();
    // A RegularAdmin views only: no sign action anywhere.
    expect(screen.queryByRole('button', { name: /^اعتماد/ })).not.toBeInTheDocument();
    const query = lastListQuery(api.requests);
    expect(query?.get('order')).toBe('desc');
    expect(query?.get('page')).toBe('1');
  });

  it('filters by interviewer and tutor chosen by name, status, signed, a name and Cairo dates, all in the address', async () => {
    const { api, user, router } = renderAdmin({
      path: '/interviews',
      signedInAs: superAdmin,
      handlers: interviewHandlers(),
    });
    await screen.findByRole('table', { name: 'المقابلات' }, LOAD);
    const filters = screen.getByRole('search', { name: 'تصفية المقابلات' });

    await user.type(within(filters).getByRole('combobox', { name: 'مدير المعلمين' }), 'منى');
    await user.click(await screen.findByRole('option', { name: /منى المديرة/ }, LOAD));
    await waitFor(() => expect(lastListQuery(api.requests)?.get('interviewerId')).toBe('5'));
    expect(
      api.calls('GET', '/api/v1/user/list').map((request) => request.url.searchParams.get('role')),
    ).toContain(String(Role.TutorManager));

    await user.type(within(filters).getByRole('combobox', { name: 'المعلم' }), 'ليلى');
    await user.click(await screen.findByRole('option', { name: /ليلى المعلمة/ }, LOAD));
    await waitFor(() => expect(lastListQuery(api.requests)?.get('intervieweeId')).toBe('3'));

    await user.selectOptions(within(filters).getByLabelText('الحالة'), 'ناجحة');
    await user.selectOptions(within(filters).getByLabelText('الاعتماد'), 'غير المعتمدة');
    await user.type(within(filters).getByLabelText('من تاريخ'), '2026-11-01');
    await user.type(within(filters).getByLabelText('إلى تاريخ'), '2026-11-30');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('to')).toBeTruthy());
    const query = lastListQuery(api.requests);
    expect(query?.get('status')).toBe('2');
    expect(query?.get('signed')).toBe('false');
    expect(query?.get('from')).toBe(localDayRange('2026-11-01').start.toISOString());
    expect(query?.get('to')).toBe(localDayRange('2026-12-01').start.toISOString());
    expect(currentLocation(router)).toBe(
      '/interviews?interviewer=5&interviewee=3&status=2&signed=false&from=2026-11-01&to=2026-11-30',
    );

    await user.type(within(filters).getByRole('searchbox', { name: 'اسم المعلم أو مدير المعلمين' }), 'هبة');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('search')).toBe('هبة'));
    expect(currentLocation(router)).toContain(`search=${encodeURIComponent('هبة')}`);

    await user.click(within(filters).getByRole('button', { name: 'مسح' }));
    await waitFor(() => expect(currentLocation(router)).toBe('/interviews'));
  });

  it('opens a shared link with its filters, page and open interview', async () => {
    const many = [passed, ...Array.from({ length: 19 }, (_, index) => makeInterview({ id: 100 + index }))];
    const { api, user, router } = renderAdmin({
      path: '/interviews?interviewee=3&status=2&signed=true&page=2&interview=9',
      signedInAs: superAdmin,
      handlers: interviewHandlers(many, 45),
    });
    const dialog = await screen.findByRole('dialog', { name: 'مقابلة ليلى المعلمة' }, LOAD);
    const query = lastListQuery(api.requests);
    expect(query?.get('intervieweeId')).toBe('3');
    expect(query?.get('status')).toBe('2');
    expect(query?.get('signed')).toBe('true');
    expect(query?.get('page')).toBe('2');
    expect(api.calls('GET', '/api/v1/interview/9')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'إغلاق' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentLocation(router)).toBe('/interviews?interviewee=3&status=2&signed=true&page=2');
    await user.click(screen.getByRole('button', { name: 'الصفحة التالية' }));
    await waitFor(() => expect(lastListQuery(api.requests)?.get('page')).toBe('3'));
  });

  it('shows an interview’s feedback, the tutor’s own feedback and the staff note', async () => {
    const { user, router } = renderAdmin({
      path: '/interviews',
      signedInAs: regularAdmin,
      handlers: interviewHandlers(),
    });
    const table = await screen.findByRole('table', { name: 'المقابلات' }, LOAD);
    await user.click(within(table).getByRole('button', { name: 'التفاصيل: مقابلة ليلى المعلمة' }));
    const dialog = await screen.findByRole('dialog', { name: 'مقابلة ليلى المعلمة' }, LOAD);
    expect(currentLocation(router)).toBe('/interviews?interview=9');
    const feedback = within(dialog).getByRole('heading', {
      name: 'تقييم مدير المعلمين للمعلم',
    }).parentElement;
    expect(feedback).toHaveTextContent('نطق ممتاز وشرح واضح.');
    expect(within(feedback as HTMLElement).getByText('ممتاز').tagName).toBe('STRONG');
    expect(
      within(dialog).getByRole('heading', { name: 'رأي المعلم في المقابلة' }).parentElement,
    ).toHaveTextContent('كانت المقابلة مريحة ومفيدة.');
    expect(within(dialog).getByRole('heading', { name: 'ملاحظة داخلية' }).parentElement).toHaveTextContent(
      'تصلح للمبتدئين والمحادثة.',
    );
    expect(within(dialog).getByText('٤ من ٥')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'ملف المعلم' })).toHaveAttribute('href', '/tutor/3');
    expect(within(dialog).queryByRole('button', { name: 'اعتماد المقابلة' })).not.toBeInTheDocument();
  });

  it('lets a SuperAdmin sign only a passed, unsigned interview, after confirming it cannot be undone', async () => {
    const bodies: unknown[] = [];
    const { api, user } = renderAdmin({
      path: '/interviews',
      signedInAs: superAdmin,
      handlers: [
        {
          method: 'PUT',
          path: '/api/v1/interview/9',
          answer: ({ body }) => {
            bodies.push(body);
            return {
              body: makeInterview({
                signedAt: '2026-11-25T08:00:00.000Z',
                signedBy: { id: 1, name: 'سارة المدير', image: null },
              }),
            };
          },
        },
        ...interviewHandlers(),
      ],
    });
    const table = await screen.findByRole('table', { name: 'المقابلات' }, LOAD);
    // Only the passed, unsigned row offers it: not the pending one, not the signed one.
    const signButtons = within(table).getAllByRole('button', { name: /^اعتماد/ });
    expect(signButtons).toHaveLength(1);
    expect(signButtons[0]).toHaveAccessibleName('اعتماد مقابلة ليلى المعلمة');

    await user.click(signButtons[0] as HTMLElement);
    const confirm = await screen.findByRole('dialog', { name: 'اعتماد المقابلة' }, LOAD);
    expect(confirm).toHaveTextContent('لا يمكن التراجع عن الاعتماد');
    expect(confirm).toHaveTextContent('ليلى المعلمة');
    expect(api.calls('PUT', '/api/v1/interview/9')).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PUT', '/api/v1/interview/9')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'اعتماد مقابلة ليلى المعلمة' }));
    const again = await screen.findByRole('dialog', { name: 'اعتماد المقابلة' }, LOAD);
    await user.click(within(again).getByRole('button', { name: 'اعتماد نهائي' }));
    await waitFor(() => expect(bodies).toEqual([{ signed: true }]));
    expect(await screen.findByText('تم اعتماد المقابلة.')).toBeInTheDocument();
    // The list is read again after the change.
    await waitFor(() => expect(api.calls('GET', LIST).length).toBeGreaterThan(1));
  });

  it('signs from the details too, and explains a refusal in Arabic', async () => {
    const { user } = renderAdmin({
      path: '/interviews?interview=9',
      signedInAs: superAdmin,
      handlers: [
        {
          method: 'PUT',
          path: '/api/v1/interview/9',
          answer: () => apiError(409, 'interview-already-signed'),
        },
        ...interviewHandlers(),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'مقابلة ليلى المعلمة' }, LOAD);
    await user.click(within(dialog).getByRole('button', { name: 'اعتماد المقابلة' }));
    const confirm = await screen.findByRole('dialog', { name: 'اعتماد المقابلة' }, LOAD);
    await user.click(within(confirm).getByRole('button', { name: 'اعتماد نهائي' }));
    expect(await screen.findByText('تم اعتماد هذه المقابلة بالفعل ولا يمكن تغييرها.')).toBeInTheDocument();
  });

  it('shows a TutorManager their own interviews without the interviewer filter or signing', async () => {
    const { api } = renderAdmin({
      path: '/interviews',
      signedInAs: tutorManager,
      handlers: interviewHandlers(),
    });
    expect(await screen.findByText('المقابلات التي تجريها، الأحدث أولًا.', {}, LOAD)).toBeInTheDocument();
    await screen.findByRole('table', { name: 'المقابلات' }, LOAD);
    const filters = screen.getByRole('search', { name: 'تصفية المقابلات' });
    expect(within(filters).queryByRole('combobox', { name: 'مدير المعلمين' })).not.toBeInTheDocument();
    expect(within(filters).getByRole('combobox', { name: 'المعلم' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^اعتماد/ })).not.toBeInTheDocument();
    expect(lastListQuery(api.requests)?.get('interviewerId')).toBeNull();
  });

  it('keeps the Studio out', async () => {
    const { api } = renderAdmin({ path: '/interviews', signedInAs: studio, handlers: interviewHandlers() });
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('لا تملك صلاحية');
    expect(api.calls('GET', LIST)).toHaveLength(0);
  });

  it('refreshes live when an interview is booked or updated', async () => {
    const socket = new FakeSocket();
    let list: Interview[] = [pending];
    const { api } = renderAdmin({
      path: '/interviews',
      signedInAs: superAdmin,
      socket,
      handlers: [{ method: 'GET', path: LIST, answer: () => ({ body: { list, total: list.length } }) }],
    });
    const table = await screen.findByRole('table', { name: 'المقابلات' }, LOAD);
    expect(table).toHaveTextContent('قيد الانتظار');
    await waitFor(() => expect(socket.listenerCount(INTERVIEW_UPDATED_EVENT)).toBe(1));
    const before = api.calls('GET', LIST).length;

    const decided = { ...pending, status: InterviewStatus.Passed, level: 3 };
    list = [decided];
    socket.fire(INTERVIEW_UPDATED_EVENT, { interview: decided });
    await waitFor(() => expect(api.calls('GET', LIST).length).toBeGreaterThan(before));
    await waitFor(() => expect(table).toHaveTextContent('ناجحة'));
    expect(table).toHaveTextContent('٣ من ٥');
  });

  it('says why the list failed and retries', async () => {
    let down = true;
    const { user } = renderAdmin({
      path: '/interviews',
      signedInAs: superAdmin,
      handlers: [
        {
          method: 'GET',
          path: LIST,
          answer: () => (down ? apiError(403, 'forbidden') : { body: { list: [passed], total: 1 } }),
        },
      ],
    });
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert).toHaveTextContent('تعذّر تحميل المقابلات.');
    expect(alert).toHaveTextContent('ليست لديك صلاحية');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('table', { name: 'المقابلات' }, LOAD)).toBeInTheDocument();
  });
});
