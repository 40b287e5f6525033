import '../../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, type FakeHandler } from '../../../test/fake-api.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { makeTutorMeta, makeUser, regularAdmin, studio, superAdmin } from '../../../test/fixtures.ts';
import { makeStudioTutorDetail } from '../../../test/interview-fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };
const TUTOR_ID = 3;
const DETAIL = `/api/v1/user/tutor/${TUTOR_ID}/for/studio`;

const lailaUser = makeUser({
  id: TUTOR_ID,
  email: 'laila@hiwar.test',
  name: 'ليلى المعلمة',
  role: Role.Tutor,
});
/** What `PUT /api/v1/user/asset/tutor` answers: the tutor with their media. */
const uploaded = {
  user: { ...lailaUser, image: 'http://files.test/laila.jpg' },
  tutor: makeTutorMeta({ video: 'http://files.test/laila-new.mp4' }),
};

function sessionHandlers(detail = makeStudioTutorDetail()): FakeHandler[] {
  return [{ method: 'GET', path: DETAIL, answer: () => ({ body: detail }) }];
}

/** One card of the screen (contact, or a medium), by its title. */
const card = (name: string) => screen.getByRole('region', { name });

const video = () => new File(['fake video bytes'], 'intro.mp4', { type: 'video/mp4' });

beforeEach(() => {
  FakeXhr.reset();
});

describe('admin /photo-session/{tutorId}', () => {
  it('shows the tutor’s name, contact, studio and the current avatar, video and thumbnail', async () => {
    renderAdmin({
      path: `/photo-session/${TUTOR_ID}`,
      signedInAs: studio,
      handlers: sessionHandlers(
        makeStudioTutorDetail({
          video: 'http://files.test/laila.mp4',
          thumbnail: 'http://files.test/laila-poster.jpg',
          missing: [],
        }),
      ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'laila@hiwar.test' })).toHaveAttribute(
      'href',
      'mailto:laila@hiwar.test',
    );
    expect(screen.getByRole('link', { name: '01012345678' })).toHaveAttribute('href', 'tel:01012345678');
    expect(within(card('بيانات التواصل')).getByText('استوديو حوار')).toBeInTheDocument();
    expect(screen.getByText('اكتملت وسائط هذا المعلم.')).toBeInTheDocument();
    expect(
      within(card('الصورة الشخصية')).getByRole('img', { name: 'الصورة الشخصية: ليلى المعلمة' }),
    ).toHaveAttribute('src', 'http://files.test/laila.jpg');
    const current = card('الفيديو التعريفي').querySelector('video');
    expect(current).toHaveAttribute('src', 'http://files.test/laila.mp4');
    expect(current).toHaveAttribute('poster', 'http://files.test/laila-poster.jpg');
    expect(current).toHaveAttribute('controls');
    expect(within(card('صورة غلاف الفيديو')).getByRole('img')).toHaveAttribute(
      'src',
      'http://files.test/laila-poster.jpg',
    );
    // Every medium can be replaced; a Studio member never removes anything.
    expect(screen.getByLabelText('استبدال الصورة الشخصية')).toHaveAttribute('type', 'file');
    expect(screen.queryByRole('button', { name: 'حذف الصورة' })).not.toBeInTheDocument();
  });

  it('previews the chosen video before anything is sent, and can discard it', async () => {
    const { api, user } = renderAdmin({
      path: `/photo-session/${TUTOR_ID}`,
      signedInAs: studio,
      xhr: FakeXhr,
      handlers: sessionHandlers(),
    });
    await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' }, LOAD);
    expect(within(card('بيانات التواصل')).getByRole('status')).toHaveTextContent(
      'ينقص: الفيديو التعريفي وصورة غلاف الفيديو.',
    );
    const videoCard = card('الفيديو التعريفي');
    expect(within(videoCard).getByText('لم يُرفع بعد.')).toBeInTheDocument();
    const picker = within(videoCard).getByLabelText('اختيار ملف: الفيديو التعريفي');
    expect(picker).toHaveAttribute('accept', expect.stringContaining('video/mp4'));
    expect(picker).toHaveAttribute('accept', expect.stringContaining('video/webm'));

    await user.upload(picker, video());
    const preview = within(videoCard).getByLabelText('معاينة الفيديو التعريفي', { selector: 'video' });
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(within(videoCard).getByText('معاينة قبل الحفظ')).toBeInTheDocument();
    expect(within(videoCard).getByText(/^intro\.mp4 · /)).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await user.click(within(videoCard).getByRole('button', { name: 'التراجع عن الفيديو التعريفي المختارة' }));
    expect(within(videoCard).getByText('لم يُرفع بعد.')).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('uploads with a progress bar, then shows the saved file', async () => {
    let detail = makeStudioTutorDetail();
    const { user } = renderAdmin({
      path: `/photo-session/${TUTOR_ID}`,
      signedInAs: studio,
      xhr: FakeXhr,
      handlers: [{ method: 'GET', path: DETAIL, answer: () => ({ body: detail }) }],
    });
    await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' }, LOAD);
    const videoCard = card('الفيديو التعريفي');
    await user.upload(within(videoCard).getByLabelText('اختيار ملف: الفيديو التعريفي'), video());
    await user.click(within(videoCard).getByRole('button', { name: 'حفظ الفيديو التعريفي' }));

    const bar = within(videoCard).getByRole('progressbar', { name: 'جارٍ رفع الفيديو التعريفي' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('PUT');
    const url = new URL(xhr.url);
    expect(url.pathname).toBe('/api/v1/user/asset/tutor');
    expect(url.searchParams.get('tutorId')).toBe(String(TUTOR_ID));
    expect(xhr.sent?.get('video')).toBeInstanceOf(File);
    expect(xhr.sent?.has('image')).toBe(false);

    act(() => xhr.progress(40, 100));
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '٤٠٪');
    act(() => xhr.progress(100, 100));
    expect(bar).toHaveAttribute('aria-valuenow', '100');

    detail = makeStudioTutorDetail({ video: 'http://files.test/laila-new.mp4', missing: ['thumbnail'] });
    act(() => xhr.respond(200, uploaded));
    expect(await screen.findByText('تم حفظ الفيديو التعريفي.')).toBeInTheDocument();
    expect(within(videoCard).queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(videoCard.querySelector('video')).toHaveAttribute('src', 'http://files.test/laila-new.mp4'),
    );
    expect(within(videoCard).getByLabelText('استبدال الفيديو التعريفي')).toBeInTheDocument();
  });

  it('cancels an upload in progress and keeps the chosen file to try again', async () => {
    const { user } = renderAdmin({
      path: `/photo-session/${TUTOR_ID}`,
      signedInAs: studio,
      xhr: FakeXhr,
      handlers: sessionHandlers(),
    });
    await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' }, LOAD);
    const videoCard = card('الفيديو التعريفي');
    await user.upload(within(videoCard).getByLabelText('اختيار ملف: الفيديو التعريفي'), video());
    await user.click(within(videoCard).getByRole('button', { name: 'حفظ الفيديو التعريفي' }));
    act(() => FakeXhr.last().progress(25, 100));
    expect(within(videoCard).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');

    await user.click(within(videoCard).getByRole('button', { name: 'إيقاف الرفع' }));
    expect(FakeXhr.last().aborted).toBe(true);
    expect(await screen.findByText('أُوقف الرفع. لم يتغير شيء.')).toBeInTheDocument();
    await waitFor(() => expect(within(videoCard).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(within(videoCard).getByRole('button', { name: 'حفظ الفيديو التعريفي' })).toBeInTheDocument();
  });

  it('explains the server’s refusal in Arabic', async () => {
    const { user } = renderAdmin({
      path: `/photo-session/${TUTOR_ID}`,
      signedInAs: studio,
      xhr: FakeXhr,
      handlers: sessionHandlers(),
    });
    await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' }, LOAD);
    const thumbnailCard = card('صورة غلاف الفيديو');
    await user.upload(
      within(thumbnailCard).getByLabelText('اختيار ملف: صورة غلاف الفيديو'),
      new File(['tiny'], 'poster.png', { type: 'image/png' }),
    );
    expect(within(thumbnailCard).getByRole('img', { name: 'معاينة صورة غلاف الفيديو' })).toBeInTheDocument();
    await user.click(within(thumbnailCard).getByRole('button', { name: 'حفظ صورة غلاف الفيديو' }));
    act(() => FakeXhr.last().respond(400, { code: 'image-too-small', message: 'too small' }));
    expect(await within(thumbnailCard).findByRole('alert')).toHaveTextContent('الصورة صغيرة');

    await user.click(within(thumbnailCard).getByRole('button', { name: 'حفظ صورة غلاف الفيديو' }));
    act(() => FakeXhr.last().respond(413, { code: 'payload-too-large', message: 'too large' }));
    expect(await within(thumbnailCard).findByRole('alert')).toHaveTextContent('حجم الملف أكبر من المسموح به');
  });

  it('refuses a file of the wrong type before uploading it', async () => {
    renderAdmin({
      path: `/photo-session/${TUTOR_ID}`,
      signedInAs: studio,
      xhr: FakeXhr,
      handlers: sessionHandlers(),
    });
    await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' }, LOAD);
    const avatarCard = card('الصورة الشخصية');
    const picker = within(avatarCard).getByLabelText('استبدال الصورة الشخصية');
    fireEvent.change(picker, {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(avatarCard).findByRole('alert')).toHaveTextContent('نوع الملف غير مدعوم');
    expect(within(avatarCard).queryByRole('button', { name: 'حفظ الصورة الشخصية' })).not.toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('lets an admin remove the avatar after confirming', async () => {
    const bodies: unknown[] = [];
    const { user } = renderAdmin({
      path: `/photo-session/${TUTOR_ID}`,
      signedInAs: regularAdmin,
      handlers: [
        {
          method: 'PUT',
          path: `/api/v1/user/${TUTOR_ID}`,
          answer: ({ body }) => {
            bodies.push(body);
            return { body: { user: lailaUser, tutor: makeTutorMeta() } };
          },
        },
        ...sessionHandlers(),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' }, LOAD);
    await user.click(within(card('الصورة الشخصية')).getByRole('button', { name: 'حذف الصورة' }));
    const confirm = await screen.findByRole('dialog', { name: 'حذف الصورة الشخصية' }, LOAD);
    expect(bodies).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'حذف الصورة' }));
    await waitFor(() => expect(bodies).toEqual([{ image: null }]));
    expect(await screen.findByText('حُذفت الصورة الشخصية.')).toBeInTheDocument();
  });

  it('tells a Studio member when the tutor is not theirs', async () => {
    renderAdmin({
      path: `/photo-session/${TUTOR_ID}`,
      signedInAs: studio,
      handlers: [{ method: 'GET', path: DETAIL, answer: () => apiError(403, 'forbidden') }],
    });
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert).toHaveTextContent('تعذّر تحميل بيانات المعلم.');
    expect(alert).toHaveTextContent('ليست لديك صلاحية');
  });

  it('says when the tutor does not exist', async () => {
    renderAdmin({
      path: '/photo-session/99',
      signedInAs: superAdmin,
      handlers: [
        {
          method: 'GET',
          path: '/api/v1/user/tutor/99/for/studio',
          answer: () => apiError(404, 'tutor-not-found'),
        },
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'المعلم غير موجود' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى جلسات التصوير' })).toHaveAttribute(
      'href',
      '/photo-sessions',
    );
  });
});
