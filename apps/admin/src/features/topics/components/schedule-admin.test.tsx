import '../../../test/setup.ts';
import type { Topic } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fake-api.ts';
import { regularAdmin, superAdmin } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

describe('admin /topics', () => {
  it('creates a topic with Arabic and English names and shows it in the table', async () => {
    let topics: Topic[] = [{ id: 1, nameAr: 'قواعد اللغة', nameEn: 'Grammar' }];
    const { api, user } = renderAdmin({
      path: '/topics',
      signedInAs: superAdmin,
      handlers: [
        { method: 'GET', path: '/api/v1/topic/list', answer: () => ({ body: { list: topics } }) },
        {
          method: 'POST',
          path: '/api/v1/topic/',
          answer: ({ body }) => {
            const topic = { id: 2, ...(body as { nameAr: string; nameEn: string }) };
            topics = [...topics, topic];
            return { body: topic };
          },
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'المواضيع' });
    expect(within(table).getByText('Grammar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إضافة موضوع' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة موضوع' });
    await user.type(within(dialog).getByLabelText('الاسم بالعربية'), 'السفر');
    await user.type(within(dialog).getByLabelText('الاسم بالإنجليزية'), 'Travel');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(api.calls('POST', '/api/v1/topic/')).toHaveLength(1));
    expect(api.calls('POST', '/api/v1/topic/')[0]?.body).toEqual({ nameAr: 'السفر', nameEn: 'Travel' });
    expect(
      await within(await screen.findByRole('table', { name: 'المواضيع' })).findByText('Travel'),
    ).toBeInTheDocument();
  });

  it('explains a duplicate name in Arabic', async () => {
    const { user } = renderAdmin({
      path: '/topics',
      signedInAs: regularAdmin,
      handlers: [
        { method: 'GET', path: '/api/v1/topic/list', answer: () => ({ body: { list: [] } }) },
        { method: 'POST', path: '/api/v1/topic/', answer: () => apiError(409, 'topic-exists') },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'إضافة موضوع' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة موضوع' });
    await user.type(within(dialog).getByLabelText('الاسم بالعربية'), 'السفر');
    await user.type(within(dialog).getByLabelText('الاسم بالإنجليزية'), 'Travel');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('يوجد موضوع بهذا الاسم بالفعل.')).toBeInTheDocument();
  });
});

describe('admin /platform-settings', () => {
  it('flushes the tutors cache', async () => {
    const { api, user } = renderAdmin({
      path: '/platform-settings',
      signedInAs: regularAdmin,
      handlers: [
        {
          method: 'DELETE',
          path: '/api/v1/cache/flush',
          answer: () => ({ body: { ok: true, flushedAt: '2026-11-21T10:00:00.000Z' } }),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'مسح ذاكرة المعلمين' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/v1/cache/flush')).toHaveLength(1));
    expect(await screen.findByText('تم مسح ذاكرة المعلمين المؤقتة.')).toBeInTheDocument();
  });
});
