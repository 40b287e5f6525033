import '../../../test/setup.ts';
import { type Lesson, localDayRange, Role, type User } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeHandler, RecordedRequest } from '../../../test/fake-api.ts';
import { makeLesson, makeUser, studio, superAdmin, tutorManager } from '../../../test/fixtures.ts';
import { currentLocation, renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };

const laila = makeUser({ id: 3, email: 'laila@hiwar.test', name: 'ليلى المعلمة', role: Role.Tutor });
const manager = makeUser({ id: 5, email: 'mona@hiwar.test', name: 'منى المديرة', role: Role.TutorManager });
const sara = makeUser({ id: 7, email: 'sara@hiwar.test', name: 'سارة الطالبة', role: Role.Student });
const people = [laila, manager, sara];

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
      return found ? { body: found } : { status: 404, body: { code: 'user-not-found', message: '' } };
    },
  },
];

function lessonHandlers(list: Lesson[] = [makeLesson()], total = list.length): FakeHandler[] {
  return [
    { method: 'GET', path: '/api/v1/lesson/list/', answer: () => ({ body: { list, total } }) },
    ...peopleHandlers,
  ];
}

const lastListQuery = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === '/api/v1/lesson/list/').at(-1)?.url.searchParams;

describe('admin /lessons', () => {
  it('filters by a tutor and a student chosen by name, status and Cairo dates, all kept in the address', async () => {
    const { api, user, router } = renderAdmin({
      path: '/lessons',
      signedInAs: superAdmin,
      handlers: lessonHandlers(),
    });
    const table = await screen.findByRole('table', { name: 'الدروس' }, LOAD);
    expect(within(table).getByRole('link', { name: 'ليلى المعلمة' })).toHaveAttribute('href', '/tutor/3');
    const filters = screen.getByRole('search', { name: 'تصفية الدروس' });

    await user.type(within(filters).getByRole('combobox', { name: 'المعلم' }), 'ليلى');
    await user.click(await screen.findByRole('option', { name: /ليلى المعلمة/ }, LOAD));
    await waitFor(() => expect(lastListQuery(api.requests)?.get('tutorId')).toBe('3'));
    // Both tutor roles are searched: TutorManagers give the introductory lessons.
    const roles = api
      .calls('GET', '/api/v1/user/list')
      .map((request) => request.url.searchParams.get('role'));
    expect(new Set(roles)).toEqual(new Set(['3', '5']));

    const student = within(filters).getByRole('combobox', { name: 'الطالب' });
    await user.type(student, 'سارة');
    await screen.findByRole('option', { name: /سارة الطالبة/ }, LOAD);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('studentId')).toBe('7'));
    expect(within(filters).getByRole('group', { name: 'الطالب' })).toHaveTextContent('سارة الطالبة');

    await user.selectOptions(within(filters).getByLabelText('الحالة'), 'pending');
    await user.type(within(filters).getByLabelText('من تاريخ'), '2026-12-01');
    await user.type(within(filters).getByLabelText('إلى تاريخ'), '2026-12-07');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('to')).toBeTruthy());
    const query = lastListQuery(api.requests);
    expect(query?.get('status')).toBe('pending');
    expect(query?.get('from')).toBe(localDayRange('2026-12-01').start.toISOString());
    expect(query?.get('to')).toBe(localDayRange('2026-12-08').start.toISOString());
    expect(query?.get('order')).toBe('desc');
    expect(currentLocation(router)).toBe(
      '/lessons?tutor=3&student=7&status=pending&from=2026-12-01&to=2026-12-07',
    );

    await user.click(within(filters).getByRole('button', { name: 'إزالة ليلى المعلمة من التصفية' }));
    await waitFor(() => expect(lastListQuery(api.requests)?.get('tutorId')).toBeNull());
    await user.click(within(filters).getByRole('button', { name: 'مسح' }));
    await waitFor(() => expect(currentLocation(router)).toBe('/lessons'));
  });

  it('opens a shared link with its filters and page, naming the chosen people', async () => {
    const many = Array.from({ length: 20 }, (_, index) => makeLesson({ id: 100 + index }));
    const { api, user, router } = renderAdmin({
      path: '/lessons?tutor=3&student=7&status=fulfilled&from=2026-11-01&page=2',
      signedInAs: superAdmin,
      handlers: lessonHandlers(many, 45),
    });
    await screen.findByRole('table', { name: 'الدروس' }, LOAD);
    const query = lastListQuery(api.requests);
    expect(query?.get('tutorId')).toBe('3');
    expect(query?.get('studentId')).toBe('7');
    expect(query?.get('status')).toBe('fulfilled');
    expect(query?.get('page')).toBe('2');
    const filters = screen.getByRole('search', { name: 'تصفية الدروس' });
    await waitFor(() =>
      expect(within(filters).getByRole('group', { name: 'المعلم' })).toHaveTextContent('ليلى المعلمة'),
    );
    await waitFor(() =>
      expect(within(filters).getByRole('group', { name: 'الطالب' })).toHaveTextContent('سارة الطالبة'),
    );
    expect(within(filters).getByLabelText('الحالة')).toHaveValue('fulfilled');

    await user.click(screen.getByRole('button', { name: 'الصفحة التالية' }));
    await waitFor(() => expect(lastListQuery(api.requests)?.get('page')).toBe('3'));
    expect(currentLocation(router)).toContain('page=3');
  });

  it('writes every figure of a row in Arabic-Indic digits, and names a person without a name', async () => {
    const nameless = makeLesson({ id: 1207, student: { id: 58, name: null, image: null } });
    renderAdmin({ path: '/lessons', signedInAs: superAdmin, handlers: lessonHandlers([nameless], 1207) });
    const table = await screen.findByRole('table', { name: 'الدروس' }, LOAD);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(/^١٢٠٧$/);
    expect(within(row).getByRole('link', { name: 'مستخدم رقم ٥٨' })).toHaveAttribute('href', '/user/58');
    expect(row.textContent).toMatch(/[٠-٩]/);
    expect(row.textContent).not.toMatch(/[0-9]/);
    const pager = screen.getByRole('navigation', { name: 'الدروس' });
    expect(pager).toHaveTextContent('١–٢٠ من ١٬٢٠٧');
    expect(pager.textContent).not.toMatch(/[0-9]/);
  });

  it('cancels a lesson as staff after confirming', async () => {
    const { api, user } = renderAdmin({
      path: '/lessons',
      signedInAs: superAdmin,
      handlers: [
        ...lessonHandlers(),
        {
          method: 'DELETE',
          path: '/api/v1/lesson/11',
          answer: () => ({ body: { lesson: makeLesson({ status: 'canceled' }) } }),
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'الدروس' }, LOAD);
    await user.click(within(table).getByRole('button', { name: 'إلغاء الدرس' }));
    const confirm = await screen.findByRole('dialog', { name: 'إلغاء الدرس' }, LOAD);
    expect(api.calls('DELETE', '/api/v1/lesson/11')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء الدرس' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/v1/lesson/11')).toHaveLength(1));
    expect(await screen.findByText('تم إلغاء الدرس.')).toBeInTheDocument();
  });

  it('lets a TutorManager search their lessons by name, without the users pickers', async () => {
    const { api, user, router } = renderAdmin({
      path: '/lessons',
      signedInAs: tutorManager,
      handlers: lessonHandlers(),
    });
    await screen.findByRole('table', { name: 'الدروس' }, LOAD);
    const filters = screen.getByRole('search', { name: 'تصفية الدروس' });
    expect(within(filters).queryByRole('combobox', { name: 'المعلم' })).not.toBeInTheDocument();
    expect(within(filters).queryByRole('combobox', { name: 'الطالب' })).not.toBeInTheDocument();
    await user.type(within(filters).getByRole('searchbox', { name: 'اسم المعلم أو الطالب' }), 'سارة');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('search')).toBe('سارة'));
    expect(currentLocation(router)).toBe(`/lessons?search=${encodeURIComponent('سارة')}`);
    expect(api.calls('GET', '/api/v1/user/list')).toHaveLength(0);
  });

  it('shows the Studio no lessons at all', async () => {
    const { api } = renderAdmin({ path: '/lessons', signedInAs: studio, handlers: lessonHandlers() });
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('لا تملك صلاحية');
    expect(api.calls('GET', '/api/v1/lesson/list/')).toHaveLength(0);
  });
});
