import '../../../test/setup.ts';
import { Role, type User } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeHandler, type RecordedRequest } from '../../../test/fake-api.ts';
import { makeStudents, superAdmin, tutor, tutorManager } from '../../../test/fixtures.ts';
import { currentLocation, renderAdmin } from '../../../test/render-admin.tsx';

/** `GET /api/v1/user/list` over a fixed set of users, filtering and paging like the server. */
function userListOver(all: User[]): FakeHandler {
  return {
    method: 'GET',
    path: '/api/v1/user/list',
    answer: ({ url }: RecordedRequest) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 10);
      const role = url.searchParams.get('role');
      const search = url.searchParams.get('search');
      const matching = all.filter(
        (user) =>
          (!role || user.role === Number(role)) &&
          (!search || user.name?.includes(search) || user.email.includes(search)),
      );
      return { body: { list: matching.slice((page - 1) * size, page * size), total: matching.length } };
    },
  };
}

const people = [tutor, ...makeStudents(33)];

function rowNames() {
  const table = screen.getByRole('table', { name: 'المستخدمون' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent);
}

describe('users list', () => {
  it('shows a page of users with their role, governorate and verification, and the range', async () => {
    renderAdmin({ path: '/users', signedInAs: superAdmin, handlers: [userListOver(people)] });

    const table = await screen.findByRole('table', { name: 'المستخدمون' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'ليلى المعلمة' })).toHaveAttribute('href', '/user/3');
    expect(within(first).getByText('معلم')).toBeInTheDocument();
    expect(within(first).getByText('القاهرة')).toBeInTheDocument();
    expect(within(first).getAllByText('tutor@hiwar.test').length).toBeGreaterThan(0);
    expect(within(first).getByText('مؤكَّد')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('الجيزة')).toBeInTheDocument();
    expect(screen.getByText('١–١٠ من ٣٤')).toBeInTheDocument();
  });

  it('asks for page 1 in the stored page size', async () => {
    const { api } = renderAdmin({
      path: '/users',
      signedInAs: superAdmin,
      pageSize: 20,
      handlers: [userListOver(people)],
    });
    expect(await screen.findByText('١–٢٠ من ٣٤')).toBeInTheDocument();
    const [request] = api.calls('GET', '/api/v1/user/list');
    expect(request?.url.searchParams.get('page')).toBe('1');
    expect(request?.url.searchParams.get('size')).toBe('20');
  });

  it('pages forward and back, keeping the page in the address', async () => {
    const { user, router, api } = renderAdmin({
      path: '/users',
      signedInAs: superAdmin,
      handlers: [userListOver(people)],
    });
    await screen.findByText('١–١٠ من ٣٤');

    await user.click(screen.getByRole('button', { name: 'الصفحة التالية' }));
    expect(await screen.findByText('١١–٢٠ من ٣٤')).toBeInTheDocument();
    expect(currentLocation(router)).toBe('/users?page=2');
    expect(api.calls('GET', '/api/v1/user/list').at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(rowNames()[0]).toBe('طالب رقم 10');

    await user.click(screen.getByRole('button', { name: 'الصفحة التالية' }));
    await user.click(await screen.findByRole('button', { name: 'الصفحة التالية' }));
    expect(await screen.findByText('٣١–٣٤ من ٣٤')).toBeInTheDocument();
    // The last page: the pressed "next" button is unavailable yet keeps the focus (no page beyond).
    const next = screen.getByRole('button', { name: 'الصفحة التالية' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
    await user.click(next);
    expect(screen.getByText('٣١–٣٤ من ٣٤')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'الصفحة السابقة' }));
    expect(await screen.findByText('٢١–٣٠ من ٣٤')).toBeInTheDocument();
  });

  it('filters by role through the query string and the request, back on page 1', async () => {
    const { user, router, api } = renderAdmin({
      path: '/users?page=2',
      signedInAs: superAdmin,
      handlers: [userListOver(people)],
    });
    await screen.findByText('١١–٢٠ من ٣٤');

    await user.click(screen.getByRole('combobox', { name: 'الدور' }));
    await user.click(await screen.findByRole('option', { name: 'معلم' }));

    expect(await screen.findByText('١–١ من ١')).toBeInTheDocument();
    expect(currentLocation(router)).toBe('/users?role=3');
    const request = api.calls('GET', '/api/v1/user/list').at(-1);
    expect(request?.url.searchParams.get('role')).toBe('3');
    expect(request?.url.searchParams.get('page')).toBe('1');
    expect(rowNames()).toEqual(['ليلى المعلمة']);
  });

  it('restores filters from the address on load', async () => {
    const { api } = renderAdmin({
      path: '/users?role=4&verified=false&city=3&search=%D8%B7%D8%A7%D9%84%D8%A8',
      signedInAs: superAdmin,
      handlers: [userListOver(people)],
    });
    await screen.findByRole('table', { name: 'المستخدمون' });
    const params = api.calls('GET', '/api/v1/user/list')[0]?.url.searchParams;
    expect(params?.get('role')).toBe('4');
    expect(params?.get('verified')).toBe('false');
    expect(params?.get('city')).toBe('3');
    expect(params?.get('search')).toBe('طالب');
    expect(screen.getByRole('searchbox', { name: 'بحث' })).toHaveValue('طالب');
    expect(screen.getByRole('combobox', { name: 'الدور' })).toHaveTextContent('طالب');
    expect(screen.getByRole('combobox', { name: 'المحافظة' })).toHaveTextContent('الجيزة');
  });

  it('searches as you type, once the typing pauses', async () => {
    const { user, router, api } = renderAdmin({
      path: '/users',
      signedInAs: superAdmin,
      handlers: [userListOver(people)],
    });
    await screen.findByText('١–١٠ من ٣٤');
    const before = api.calls('GET', '/api/v1/user/list').length;

    await user.type(screen.getByRole('searchbox', { name: 'بحث' }), 'ليلى');
    await waitFor(() => expect(currentLocation(router)).toBe(`/users?search=${encodeURIComponent('ليلى')}`));
    expect(await screen.findByText('١–١ من ١')).toBeInTheDocument();
    const searches = api.calls('GET', '/api/v1/user/list').slice(before);
    expect(searches.map((request) => request.url.searchParams.get('search'))).toEqual(['ليلى']);
  });

  it('says when nothing matches and clears the filters', async () => {
    const { user, router } = renderAdmin({
      path: '/users?search=nobody',
      signedInAs: superAdmin,
      handlers: [userListOver(people)],
    });
    expect(await screen.findByRole('heading', { name: 'لا توجد نتائج مطابقة' })).toBeInTheDocument();
    const clearButtons = screen.getAllByRole('button', { name: 'مسح التصفية' });
    await user.click(clearButtons.at(-1) as HTMLElement);
    expect(await screen.findByText('١–١٠ من ٣٤')).toBeInTheDocument();
    expect(currentLocation(router)).toBe('/users');
  });

  it('shows an empty state when there are no users at all', async () => {
    renderAdmin({ path: '/users', signedInAs: superAdmin, handlers: [userListOver([])] });
    expect(await screen.findByRole('heading', { name: 'لا يوجد مستخدمون بعد' })).toBeInTheDocument();
  });

  it('shows the error in Arabic with a retry that loads the list', async () => {
    let fail = true;
    const list = userListOver(people);
    const { user } = renderAdmin({
      path: '/users',
      signedInAs: superAdmin,
      handlers: [
        {
          ...list,
          answer: (request) => (fail ? apiError(429, 'too-many-requests') : list.answer(request)),
        },
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر تحميل المستخدمين');
    expect(alert).toHaveTextContent('محاولات كثيرة في وقت قصير');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('١–١٠ من ٣٤')).toBeInTheDocument();
  });

  it('opens a user when their row is clicked', async () => {
    const { user, router } = renderAdmin({
      path: '/users',
      signedInAs: superAdmin,
      handlers: [userListOver(people)],
    });
    const table = await screen.findByRole('table', { name: 'المستخدمون' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    await user.click(within(row).getByText('القاهرة'));
    expect(router.state.location.pathname).toBe('/user/3');
  });

  it('offers the new staff account button to super admins only', async () => {
    renderAdmin({ path: '/users', signedInAs: superAdmin, handlers: [userListOver(people)] });
    expect(await screen.findByRole('button', { name: 'حساب فريق عمل جديد' })).toBeInTheDocument();
  });

  it('lists the tutors within reach for a tutor manager: no role filter, no staff button', async () => {
    // An old address naming another role: the request leaves it out (the server would refuse it).
    const { api } = renderAdmin({
      path: '/users?role=5',
      signedInAs: tutorManager,
      handlers: [userListOver([tutor])],
    });
    const table = await screen.findByRole('table', { name: 'المستخدمون' });
    expect(within(table).getByRole('link', { name: 'ليلى المعلمة' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حساب فريق عمل جديد' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'الدور' })).not.toBeInTheDocument();
    expect(screen.getByText('المعلمون الذين تقابلهم، والمعلمون الذين ينتظرون مقابلة.')).toBeInTheDocument();
    const asked = api.calls('GET', '/api/v1/user/list');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((request) => !request.url.searchParams.has('role'))).toBe(true);
  });

  it('creates a staff account from the dialog', async () => {
    const created = {
      ...superAdmin,
      id: 50,
      email: 'nour@hiwar.test',
      name: 'نور الاستوديو',
      role: Role.Studio,
    };
    const { user, api } = renderAdmin({
      path: '/users',
      signedInAs: superAdmin,
      handlers: [
        userListOver(people),
        {
          method: 'POST',
          path: '/api/v1/user/',
          answer: () => ({ body: { user: created, tutor: null, token: null } }),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'حساب فريق عمل جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'حساب فريق عمل جديد' });
    await user.type(within(dialog).getByLabelText('الاسم'), 'نور الاستوديو');
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'nour@hiwar.test');
    await user.type(within(dialog).getByLabelText('كلمة المرور المؤقتة'), 'Temp-pass-1');
    await user.click(within(dialog).getByRole('combobox', { name: 'الدور' }));
    await user.click(await screen.findByRole('option', { name: 'الاستوديو' }));
    await user.click(within(dialog).getByRole('button', { name: 'إنشاء الحساب' }));

    expect(await screen.findByText('تم إنشاء حساب نور الاستوديو.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/v1/user/')[0]?.body).toEqual({
      name: 'نور الاستوديو',
      email: 'nour@hiwar.test',
      password: 'Temp-pass-1',
      role: Role.Studio,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
