import '../../../test/setup.ts';
import type { Lesson, Topic } from '@hiwar/domain';
import { localDayRange } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fake-api.ts';
import { regularAdmin, superAdmin } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

function makeLesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: 11,
    tutor: { id: 3, name: 'ليلى المعلمة', image: null },
    student: { id: 7, name: 'سارة الطالبة', image: null },
    start: '2026-12-01T10:00:00.000Z',
    end: '2026-12-01T10:30:00.000Z',
    duration: 30,
    price: 5000,
    intro: false,
    status: 'pending',
    canceledBy: null,
    canceledAt: null,
    minutesReturned: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

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

describe('admin /lessons', () => {
  it('filters by tutor, student, status and Cairo dates, and cancels as staff', async () => {
    const { api, user } = renderAdmin({
      path: '/lessons',
      signedInAs: superAdmin,
      handlers: [
        {
          method: 'GET',
          path: '/api/v1/lesson/list/',
          answer: () => ({ body: { list: [makeLesson()], total: 1 } }),
        },
        {
          method: 'DELETE',
          path: '/api/v1/lesson/11',
          answer: () => ({ body: { lesson: makeLesson({ status: 'canceled' }) } }),
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'الدروس' });
    expect(within(table).getByText('سارة الطالبة')).toBeInTheDocument();
    const filters = screen.getByRole('form', { name: 'تصفية الدروس' });
    await user.type(within(filters).getByLabelText('رقم المعلم'), '3');
    await user.type(within(filters).getByLabelText('رقم الطالب'), '7');
    await user.selectOptions(within(filters).getByLabelText('الحالة'), 'pending');
    await user.type(within(filters).getByLabelText('من تاريخ'), '2026-12-01');
    await user.type(within(filters).getByLabelText('إلى تاريخ'), '2026-12-07');
    await user.click(within(filters).getByRole('button', { name: 'تطبيق' }));
    await waitFor(() => {
      const last = api.calls('GET', '/api/v1/lesson/list/').at(-1)?.url.searchParams;
      expect(last?.get('tutorId')).toBe('3');
    });
    const query = api.calls('GET', '/api/v1/lesson/list/').at(-1)?.url.searchParams;
    expect(query?.get('studentId')).toBe('7');
    expect(query?.get('status')).toBe('pending');
    expect(query?.get('from')).toBe(localDayRange('2026-12-01').start.toISOString());
    expect(query?.get('to')).toBe(localDayRange('2026-12-08').start.toISOString());

    await user.click(within(table).getByRole('button', { name: 'إلغاء الدرس' }));
    const confirm = await screen.findByRole('dialog', { name: 'إلغاء الدرس' });
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء الدرس' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/v1/lesson/11')).toHaveLength(1));
    expect(await screen.findByText('تم إلغاء الدرس.')).toBeInTheDocument();
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
