import '../../../test/setup.ts';
import { Role, type StudioTutor } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeHandler, type RecordedRequest } from '../../../test/fake-api.ts';
import { makeUser, regularAdmin, studio, superAdmin, tutorManager } from '../../../test/fixtures.ts';
import { makeStudioTutor, makeStudioTutorDetail } from '../../../test/interview-fixtures.ts';
import { currentLocation, renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };
const LIST = '/api/v1/user/tutor/all/for/studio';

const hiwarStudio = makeUser({ id: 6, email: 'studio@hiwar.test', name: 'استوديو حوار', role: Role.Studio });
const nileStudio = makeUser({ id: 7, email: 'nile@hiwar.test', name: 'استوديو النيل', role: Role.Studio });

const laila = makeStudioTutor();
const omar = makeStudioTutor({
  id: 8,
  name: 'عمر المعلم',
  email: 'omar@hiwar.test',
  phone: null,
  image: null,
  missing: ['image', 'video', 'thumbnail'],
  studio: null,
});
const heba = makeStudioTutor({
  id: 12,
  name: 'هبة المعلمة',
  email: 'heba@hiwar.test',
  video: 'http://files.test/heba.mp4',
  thumbnail: 'http://files.test/heba.jpg',
  missing: [],
});

function studioHandlers(list: StudioTutor[] = [laila, omar, heba], total = list.length): FakeHandler[] {
  return [
    { method: 'GET', path: LIST, answer: () => ({ body: { list, total } }) },
    {
      method: 'GET',
      path: '/api/v1/user/list',
      answer: ({ url }) =>
        url.searchParams.get('role') === String(Role.Studio)
          ? { body: { list: [hiwarStudio, nileStudio], total: 2 } }
          : apiError(403, 'forbidden'),
    },
  ];
}

const lastListQuery = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === LIST).at(-1)?.url.searchParams;

describe('admin /photo-sessions', () => {
  it('lists tutors with which of the avatar, video and thumbnail they still lack', async () => {
    renderAdmin({ path: '/photo-sessions', signedInAs: regularAdmin, handlers: studioHandlers() });
    const table = await screen.findByRole('table', { name: 'معلمو جلسات التصوير' }, LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'ليلى المعلمة' })).toHaveAttribute(
      'href',
      '/photo-session/3',
    );
    expect(within(first).getByRole('link', { name: 'فتح الجلسة: ليلى المعلمة' })).toHaveAttribute(
      'href',
      '/photo-session/3',
    );
    const media = within(first).getByRole('list', { name: 'الوسائط' });
    expect(within(media).getByText('الصورة الشخصية: موجودة')).toBeInTheDocument();
    expect(within(media).getByText('الفيديو التعريفي: ناقصة')).toBeInTheDocument();
    expect(within(media).getByText('صورة غلاف الفيديو: ناقصة')).toBeInTheDocument();
    expect(first).toHaveTextContent('استوديو حوار');
    expect(rows[1]).toHaveTextContent('لم يُسنَد');
    expect(within(rows[1] as HTMLElement).getByText('الصورة الشخصية: ناقصة')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('الفيديو التعريفي: موجودة')).toBeInTheDocument();
    expect(screen.getByText('٣ معلمين')).toBeInTheDocument();
  });

  it('filters by studio (or the unassigned), only missing and a search, all in the address', async () => {
    const { api, user, router } = renderAdmin({
      path: '/photo-sessions',
      signedInAs: superAdmin,
      handlers: studioHandlers(),
    });
    await screen.findByRole('table', { name: 'معلمو جلسات التصوير' }, LOAD);
    const filters = screen.getByRole('search', { name: 'تصفية المعلمين' });
    const studioSelect = within(filters).getByLabelText('الاستوديو');
    await waitFor(() =>
      expect(within(studioSelect).getByRole('option', { name: 'استوديو النيل' })).toBeInTheDocument(),
    );
    expect(api.calls('GET', '/api/v1/user/list')[0]?.url.searchParams.get('role')).toBe(String(Role.Studio));

    await user.selectOptions(studioSelect, 'استوديو النيل');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('studioId')).toBe('7'));
    await user.click(within(filters).getByRole('switch', { name: 'من ينقصهم شيء فقط' }));
    await waitFor(() => expect(lastListQuery(api.requests)?.get('missing')).toBe('true'));
    await user.type(within(filters).getByRole('searchbox', { name: 'اسم المعلم أو بريده أو هاتفه' }), 'ليلى');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('search')).toBe('ليلى'));
    expect(currentLocation(router)).toBe(
      `/photo-sessions?studio=7&missing=true&search=${encodeURIComponent('ليلى')}`,
    );

    await user.selectOptions(studioSelect, 'بدون استوديو');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('unassigned')).toBe('true'));
    expect(lastListQuery(api.requests)?.get('studioId')).toBeNull();

    await user.click(within(filters).getByRole('button', { name: 'مسح' }));
    await waitFor(() => expect(currentLocation(router)).toBe('/photo-sessions'));
  });

  it('pages through the tutors, keeping the page in the address', async () => {
    const many = Array.from({ length: 20 }, (_, index) => makeStudioTutor({ id: 100 + index }));
    const { api, user, router } = renderAdmin({
      path: '/photo-sessions?missing=true',
      signedInAs: superAdmin,
      handlers: studioHandlers(many, 30),
    });
    await screen.findByRole('table', { name: 'معلمو جلسات التصوير' }, LOAD);
    expect(lastListQuery(api.requests)?.get('missing')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'الصفحة التالية' }));
    await waitFor(() => expect(lastListQuery(api.requests)?.get('page')).toBe('2'));
    expect(currentLocation(router)).toBe('/photo-sessions?missing=true&page=2');
  });

  it('assigns a tutor to a Studio member, and unassigns', async () => {
    const bodies: unknown[] = [];
    const { api, user } = renderAdmin({
      path: '/photo-sessions',
      signedInAs: regularAdmin,
      handlers: [
        {
          method: 'PUT',
          path: /^\/api\/v1\/user\/tutor\/\d+\/studio$/,
          answer: ({ body }) => {
            bodies.push(body);
            return {
              body: makeStudioTutorDetail({ id: 8, studio: { id: 7, name: 'استوديو النيل', image: null } }),
            };
          },
        },
        ...studioHandlers(),
      ],
    });
    const table = await screen.findByRole('table', { name: 'معلمو جلسات التصوير' }, LOAD);
    await user.click(within(table).getByRole('button', { name: 'إسناد عمر المعلم إلى استوديو' }));
    const dialog = await screen.findByRole('dialog', { name: 'إسناد عمر المعلم إلى استوديو' }, LOAD);
    const select = within(dialog).getByLabelText('عضو الاستوديو');
    expect(select).toHaveValue('');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'استوديو النيل' })).toBeInTheDocument(),
    );
    await user.selectOptions(select, 'استوديو النيل');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(bodies).toEqual([{ studioId: 7 }]));
    expect(api.calls('PUT', '/api/v1/user/tutor/8/studio')).toHaveLength(1);
    expect(await screen.findByText('تم حفظ الإسناد.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'إسناد ليلى المعلمة إلى استوديو' }));
    const second = await screen.findByRole('dialog', { name: 'إسناد ليلى المعلمة إلى استوديو' }, LOAD);
    expect(within(second).getByLabelText('عضو الاستوديو')).toHaveValue('6');
    await user.selectOptions(within(second).getByLabelText('عضو الاستوديو'), 'بدون استوديو (إلغاء الإسناد)');
    await user.click(within(second).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(bodies).toEqual([{ studioId: 7 }, { studioId: null }]));
    expect(api.calls('PUT', '/api/v1/user/tutor/3/studio')).toHaveLength(1);
  });

  it('shows a Studio member only their own tutors, with no studio filter and no assign action', async () => {
    const { api } = renderAdmin({
      path: '/photo-sessions?studio=7',
      signedInAs: studio,
      handlers: studioHandlers(),
    });
    const table = await screen.findByRole('table', { name: 'معلمو جلسات التصوير' }, LOAD);
    expect(screen.getByText('المعلمون المُسندون إليك، وما ينقص كلًّا منهم من صور وفيديو.')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^إسناد/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'الاستوديو' })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'فتح الجلسة: ليلى المعلمة' })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'تصفية المعلمين' });
    expect(within(filters).queryByLabelText('الاستوديو')).not.toBeInTheDocument();
    // The server decides whose tutors a Studio member sees: no studio is asked for, no users listed.
    expect(lastListQuery(api.requests)?.get('studioId')).toBeNull();
    expect(api.calls('GET', '/api/v1/user/list')).toHaveLength(0);
  });

  it('keeps a TutorManager out', async () => {
    const { api } = renderAdmin({
      path: '/photo-sessions',
      signedInAs: tutorManager,
      handlers: studioHandlers(),
    });
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('لا تملك صلاحية');
    expect(api.calls('GET', LIST)).toHaveLength(0);
  });

  it('says when nobody lacks anything', async () => {
    renderAdmin({ path: '/photo-sessions?missing=true', signedInAs: studio, handlers: studioHandlers([]) });
    expect(
      await screen.findByRole('heading', { name: 'لا ينقص أحدًا شيء. أحسنت!' }, LOAD),
    ).toBeInTheDocument();
  });
});
