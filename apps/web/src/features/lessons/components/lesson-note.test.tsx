import '../../../test/setup.ts';
import { type LessonNoteFile, LessonStatus, Role } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, makeAccount } from '../../../test/fixtures.ts';
import { listedOnboarding } from '../../../test/interview-fixtures.ts';
import { makeLesson } from '../../../test/lesson-fixtures.ts';
import { type ApiRequest, renderApp } from '../../../test/render-app.tsx';

const HOUR = 3600_000;
const SUMMARY = 'تدربنا على الحديث عن السفر.';
// Ended an hour ago: the tutor may still write its summary.
const start = new Date(Math.floor((Date.now() - 2 * HOUR) / (15 * 60_000)) * 15 * 60_000).toISOString();
const lesson = makeLesson({
  id: 5,
  start,
  status: LessonStatus.Fulfilled,
  tutor: { id: 3, name: 'منى خالد', image: null },
});
const note = {
  lessonId: 5,
  summary: 'تدربنا على الحديث عن السفر.\nوراجعنا الماضي البسيط.',
  homework: null,
  author: { id: 3, name: 'منى خالد' },
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  editableUntil: new Date(Date.now() + 47 * HOUR).toISOString(),
  files: [] as LessonNoteFile[],
};
const FILES = 'http://localhost/api/v1/lesson/note-file';
const pictureFile: LessonNoteFile = {
  fileName: `${'a'.repeat(32)}.jpg`,
  name: 'السبورة.jpg',
  kind: 'picture',
  mime: 'image/jpeg',
  size: 120_000,
  width: 800,
  height: 400,
  url: `${FILES}/${'a'.repeat(32)}.jpg`,
};
const pdfFile: LessonNoteFile = {
  fileName: `${'b'.repeat(32)}.pdf`,
  name: 'كلمات الدرس.pdf',
  kind: 'pdf',
  mime: 'application/pdf',
  size: 2 * 1024 * 1024,
  width: null,
  height: null,
  url: `${FILES}/${'b'.repeat(32)}.pdf`,
};

function lessonsApi(extra: (request: ApiRequest) => Response | undefined) {
  return (request: ApiRequest) => {
    const answer = extra(request);
    if (answer) {
      return answer;
    }
    const { path } = request;
    if (path === '/api/v1/user/tutor/onboarding/3') {
      return json(200, listedOnboarding());
    }
    if (path.startsWith('/api/v1/user/tutor/stats/personalized')) {
      return json(404, {});
    }
    if (path.startsWith('/api/v1/lesson/list/')) {
      return path.includes('status=pending')
        ? json(200, { list: [], total: 0 })
        : json(200, { list: [lesson], total: 1 });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, null);
    }
    if (path === '/api/v1/lesson/trial') {
      return json(200, { available: false, reason: 'trial-already-used', minutes: 30, lessonId: 9 });
    }
    return undefined;
  };
}

describe('after the lesson: summary and homework (issue 27)', () => {
  it('lets the tutor write it from their past lessons, checked before it is sent', async () => {
    let sent: unknown;
    renderApp({
      path: '/t/dashboard',
      account: makeAccount({ id: 3, role: Role.Tutor }),
      api: lessonsApi(({ method, path, body }) => {
        if (path === '/api/v1/lesson/5/note') {
          if (method === 'PUT') {
            sent = body;
            return json(200, { ...note, summary: (body as { summary: string }).summary });
          }
          return apiError(404, 'lesson-note-not-found');
        }
        return undefined;
      }),
    });
    const user = userEvent.setup();
    const past = await screen.findByRole('list', { name: 'الدروس السابقة' });
    await user.click(await within(past).findByRole('button', { name: 'اكتب ملخص الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'ملخص درسك مع سارة أحمد' });
    const summary = await within(dialog).findByRole('textbox', { name: /ملخص الدرس/ });
    await user.type(summary, 'قصير');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الملخص' }));
    expect(await within(dialog).findByText(/الملخص قصير/)).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(summary);
    await user.type(summary, 'تدربنا على الحديث عن السفر.');
    await user.type(within(dialog).getByRole('textbox', { name: /الواجب/ }), 'اكتب فقرة.');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الملخص' }));
    expect(await screen.findByText('تم حفظ ملخص الدرس')).toBeInTheDocument();
    expect(sent).toEqual({ summary: 'تدربنا على الحديث عن السفر.', homework: 'اكتب فقرة.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the student what the tutor wrote, as text, or that nothing is written yet', async () => {
    let written = false;
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: lessonsApi(({ path }) => {
        if (path === '/api/v1/lesson/5/note') {
          return written ? json(200, note) : apiError(404, 'lesson-note-not-found');
        }
        return undefined;
      }),
    });
    const user = userEvent.setup();
    const past = await screen.findByRole('region', { name: 'الدروس السابقة' });
    await user.click(await within(past).findByRole('button', { name: 'ملخص الدرس' }));
    let dialog = await screen.findByRole('dialog', { name: 'ملخص الدرس مع منى خالد' });
    expect(await within(dialog).findByText(/لم يكتب المعلم ملخصًا لهذا الدرس بعد/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    written = true;
    await user.click(within(past).getByRole('button', { name: 'ملخص الدرس' }));
    dialog = await screen.findByRole('dialog', { name: 'ملخص الدرس مع منى خالد' });
    expect(await within(dialog).findByText(/وراجعنا الماضي البسيط/)).toBeInTheDocument();
    expect(within(dialog).getByText('لا يوجد واجب لهذا الدرس.')).toBeInTheDocument();
  });

  it('lets the tutor attach pictures and PDFs, checked first and uploaded once the note is saved', async () => {
    const calls: string[] = [];
    let uploaded: FormData | null = null;
    renderApp({
      path: '/t/dashboard',
      account: makeAccount({ id: 3, role: Role.Tutor }),
      api: lessonsApi(({ method, path, body }) => {
        if (path === '/api/v1/lesson/5/note') {
          if (method === 'PUT') {
            calls.push('PUT');
            return json(200, { ...note, summary: (body as { summary: string }).summary });
          }
          return apiError(404, 'lesson-note-not-found');
        }
        if (path === '/api/v1/lesson/5/note/files' && method === 'POST') {
          calls.push('POST');
          uploaded = body as FormData;
          return json(200, { ...note, files: [pictureFile, pdfFile] });
        }
        return undefined;
      }),
    });
    // The picker offers pictures and PDFs only; a file dropped past it is still checked.
    const user = userEvent.setup({ applyAccept: false });
    const past = await screen.findByRole('list', { name: 'الدروس السابقة' });
    await user.click(await within(past).findByRole('button', { name: 'اكتب ملخص الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'ملخص درسك مع سارة أحمد' });
    await user.type(await within(dialog).findByRole('textbox', { name: /ملخص الدرس/ }), SUMMARY);
    const attach = within(dialog).getByRole('button', { name: 'إرفاق صورة أو ملف PDF' });
    attach.focus();
    expect(attach).toHaveFocus();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('application/pdf');

    await user.upload(input, new File(['<html>'], 'page.html', { type: 'text/html' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('نوع الملف غير مدعوم');
    const four = ['1', '2', '3', '4'].map(
      (name) => new File(['%PDF-1.7'], `${name}.pdf`, { type: 'application/pdf' }),
    );
    await user.upload(input, four);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('٣ ملفات على الأكثر');

    await user.upload(input, [
      new File(['png'], 'board.png', { type: 'image/png' }),
      new File(['%PDF-1.7'], 'words.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.7'], 'extra.pdf', { type: 'application/pdf' }),
    ]);
    const chosen = within(dialog).getByRole('list', { name: 'المرفقات' });
    expect(within(chosen).getByText('board.png')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // Three chosen: the note is full, until one is taken off.
    expect(attach).toBeDisabled();
    await user.click(within(chosen).getByRole('button', { name: 'إزالة extra.pdf' }));
    expect(attach).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'حفظ الملخص' }));
    expect(await screen.findByText('تم حفظ ملخص الدرس')).toBeInTheDocument();
    expect(calls).toEqual(['PUT', 'POST']);
    const form = uploaded as unknown as FormData;
    expect((form.getAll('file') as File[]).map((file) => file.name)).toEqual(['board.png', 'words.pdf']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the files when their upload is refused, and removes an attached file', async () => {
    let files: LessonNoteFile[] = [pictureFile, pdfFile];
    const removed: string[] = [];
    renderApp({
      path: '/t/dashboard',
      account: makeAccount({ id: 3, role: Role.Tutor }),
      api: lessonsApi(({ method, path }) => {
        if (path === '/api/v1/lesson/5/note') {
          return json(200, { ...note, files });
        }
        if (path === '/api/v1/lesson/5/note/files' && method === 'POST') {
          return apiError(409, 'lesson-note-too-many-files');
        }
        if (path.startsWith('/api/v1/lesson/5/note/files/') && method === 'DELETE') {
          removed.push(path);
          files = files.filter((file) => !path.endsWith(file.fileName));
          return json(200, { ...note, files });
        }
        return undefined;
      }),
    });
    const user = userEvent.setup();
    const past = await screen.findByRole('list', { name: 'الدروس السابقة' });
    await user.click(await within(past).findByRole('button', { name: 'اكتب ملخص الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'ملخص درسك مع سارة أحمد' });
    const list = await within(dialog).findByRole('list', { name: 'المرفقات' });
    expect(within(list).getByText('السبورة.jpg')).toBeInTheDocument();

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.7'], 'more.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الملخص' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('٣ ملفات على الأكثر بملخص الدرس');
    expect(within(list).getByText('more.pdf')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'إزالة السبورة.jpg' }));
    await waitFor(() => expect(within(list).queryByText('السبورة.jpg')).not.toBeInTheDocument());
    expect(removed).toEqual([`/api/v1/lesson/5/note/files/${pictureFile.fileName}`]);
    expect(within(list).getByText('كلمات الدرس.pdf')).toBeInTheDocument();
  });

  it('shows the student the note’s pictures inline (fetched with the token) and its PDFs as chips', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:note-file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const fileRequests: ApiRequest[] = [];
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: lessonsApi((request) => {
        if (request.path === '/api/v1/lesson/5/note') {
          return json(200, { ...note, files: [pictureFile, pdfFile] });
        }
        if (request.path.startsWith('/api/v1/lesson/note-file/')) {
          fileRequests.push(request);
          return new Response(new Blob(['x']), { status: 200 });
        }
        return undefined;
      }),
    });
    const user = userEvent.setup();
    const past = await screen.findByRole('region', { name: 'الدروس السابقة' });
    await user.click(await within(past).findByRole('button', { name: 'ملخص الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'ملخص الدرس مع منى خالد' });
    const picture = await within(dialog).findByRole('img', { name: /السبورة\.jpg/ });
    expect(picture).toHaveAttribute('src', 'blob:note-file');
    expect(fileRequests[0]?.headers.Authorization ?? fileRequests[0]?.headers.authorization).toMatch(
      /^Bearer /,
    );
    const chip = within(dialog).getByRole('button', { name: /^تنزيل الملف كلمات الدرس\.pdf/ });
    expect(chip).toHaveTextContent('٢ م.ب');
    // Nothing to change for the student.
    expect(within(dialog).queryByRole('button', { name: /إزالة/ })).not.toBeInTheDocument();
  });
});
