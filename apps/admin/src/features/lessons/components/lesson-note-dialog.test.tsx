import '../../../test/setup.ts';
import { LessonStatus } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeLesson, superAdmin } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };
const FILES = 'http://localhost/api/v1/lesson/note-file';

describe('admin: a lesson’s note with its files (issue 27, decision 0049)', () => {
  it('lists the note’s pictures and PDFs, fetched with the token', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:note-file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const lesson = makeLesson({ status: LessonStatus.Fulfilled });
    const { api, user } = renderAdmin({
      path: '/lessons',
      signedInAs: superAdmin,
      handlers: [
        {
          method: 'GET',
          path: '/api/v1/lesson/list/',
          answer: () => ({ body: { list: [lesson], total: 1 } }),
        },
        {
          method: 'GET',
          path: `/api/v1/lesson/${lesson.id}/note`,
          answer: () => ({
            body: {
              lessonId: lesson.id,
              summary: 'تدربنا على الحديث عن السفر.',
              homework: null,
              author: { id: 3, name: 'ليلى المعلمة' },
              createdAt: '2026-12-01T11:00:00.000Z',
              updatedAt: '2026-12-01T11:00:00.000Z',
              editableUntil: '2026-12-03T10:30:00.000Z',
              files: [
                {
                  fileName: `${'a'.repeat(32)}.jpg`,
                  name: 'السبورة.jpg',
                  kind: 'picture',
                  mime: 'image/jpeg',
                  size: 120_000,
                  width: 800,
                  height: 400,
                  url: `${FILES}/${'a'.repeat(32)}.jpg`,
                },
                {
                  fileName: `${'b'.repeat(32)}.pdf`,
                  name: 'كلمات الدرس.pdf',
                  kind: 'pdf',
                  mime: 'application/pdf',
                  size: 2 * 1024 * 1024,
                  width: null,
                  height: null,
                  url: `${FILES}/${'b'.repeat(32)}.pdf`,
                },
              ],
            },
          }),
        },
        { method: 'GET', path: /^\/api\/v1\/lesson\/note-file\//, answer: () => ({ body: 'x' }) },
      ],
    });
    const table = await screen.findByRole('table', { name: 'الدروس' }, LOAD);
    await user.click(within(table).getByRole('button', { name: 'ملخص الدرس' }));
    const dialog = await screen.findByRole('dialog');
    const picture = await within(dialog).findByRole('img', { name: /السبورة\.jpg/ });
    expect(picture).toHaveAttribute('src', 'blob:note-file');
    const fetched = api.requests.find((request) => request.url.pathname.endsWith('.jpg'));
    expect(fetched?.headers.get('authorization')).toMatch(/^Bearer /);

    const chip = within(dialog).getByRole('button', { name: /^تنزيل الملف كلمات الدرس\.pdf/ });
    expect(chip).toHaveTextContent('٢ م.ب');
    await user.click(chip);
    await waitFor(() =>
      expect(api.requests.filter((request) => request.url.pathname.endsWith('.pdf'))).toHaveLength(1),
    );
  });
});
