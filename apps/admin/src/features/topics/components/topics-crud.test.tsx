import '../../../test/setup.ts';
import type { Topic } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeHandler } from '../../../test/fake-api.ts';
import { studio, superAdmin, tutorManager } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };

/** A topics catalogue kept in memory behind list, rename and delete. */
function topicsApi(initial: Topic[]): FakeHandler[] {
  let topics = [...initial];
  return [
    { method: 'GET', path: '/api/v1/topic/list', answer: () => ({ body: { list: topics } }) },
    {
      method: 'PUT',
      path: /^\/api\/v1\/topic\/\d+$/,
      answer: ({ url, body }) => {
        const id = Number(url.pathname.split('/').at(-1));
        topics = topics.map((topic) => (topic.id === id ? { ...topic, ...(body as object) } : topic));
        return { body: topics.find((topic) => topic.id === id) };
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/v1\/topic\/\d+$/,
      answer: ({ url }) => {
        const id = Number(url.pathname.split('/').at(-1));
        topics = topics.filter((topic) => topic.id !== id);
        return { body: { ok: true } };
      },
    },
  ];
}

describe('admin /topics rename and delete', () => {
  it('renames a topic from its row and shows the new names', async () => {
    const { api, user } = renderAdmin({
      path: '/topics',
      signedInAs: superAdmin,
      handlers: topicsApi([{ id: 1, nameAr: 'قواعد اللغة', nameEn: 'Grammar' }]),
    });
    await user.click(await screen.findByRole('button', { name: 'تعديل قواعد اللغة' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل الموضوع' }, LOAD);
    const arabic = within(dialog).getByLabelText('الاسم بالعربية');
    expect(arabic).toHaveValue('قواعد اللغة');
    await user.clear(arabic);
    await user.type(arabic, 'القواعد');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(api.calls('PUT', '/api/v1/topic/1')).toHaveLength(1));
    expect(api.calls('PUT', '/api/v1/topic/1')[0]?.body).toEqual({ nameAr: 'القواعد', nameEn: 'Grammar' });
    const table = await screen.findByRole('table', { name: 'المواضيع' }, LOAD);
    expect(await within(table).findByText('القواعد')).toBeInTheDocument();
  });

  it('deletes a topic only after confirming', async () => {
    const { api, user } = renderAdmin({
      path: '/topics',
      signedInAs: superAdmin,
      handlers: topicsApi([
        { id: 1, nameAr: 'قواعد اللغة', nameEn: 'Grammar' },
        { id: 2, nameAr: 'السفر', nameEn: 'Travel' },
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'حذف السفر' }, LOAD));
    const confirm = await screen.findByRole('dialog', { name: 'حذف الموضوع' }, LOAD);
    expect(api.calls('DELETE', '/api/v1/topic/2')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/v1/topic/2')).toHaveLength(1));
    expect(await screen.findByText('تم حذف الموضوع.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Travel')).not.toBeInTheDocument());
  });

  it.each([
    ['/topics', tutorManager],
    ['/platform-settings', tutorManager],
    ['/topics', studio],
  ])('keeps %s closed to staff outside it', async (path, viewer) => {
    const { api } = renderAdmin({ path, signedInAs: viewer, handlers: topicsApi([]) });
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('لا تملك صلاحية');
    expect(api.calls('GET', '/api/v1/topic/list')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'مسح ذاكرة المعلمين' })).not.toBeInTheDocument();
  });
});
