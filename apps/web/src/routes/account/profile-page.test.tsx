import '../../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeAccount } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

/** happy-dom decodes no pictures: this Image "loads" with the size its test chooses (also for Radix's Avatar). */
let pictureSize = { width: 800, height: 800 };
class FakeImage extends EventTarget {
  naturalWidth = 0;
  naturalHeight = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_value: string) {
    this.naturalWidth = pictureSize.width;
    this.naturalHeight = pictureSize.height;
    queueMicrotask(() => {
      this.onload?.();
      this.dispatchEvent(new Event('load'));
    });
  }
}

beforeEach(() => {
  vi.stubGlobal('Image', FakeImage);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const picture = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

describe('profile page', () => {
  it('shows the account with verification badges and the role', async () => {
    renderApp({ path: '/profile', account: makeAccount({ verifiedPhone: false }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'ملفي الشخصي' })).toBeInTheDocument();
    expect(screen.getByText('sara@example.com')).toBeInTheDocument();
    expect(screen.getByText('01012345678')).toBeInTheDocument();
    expect(screen.getByText('القاهرة')).toBeInTheDocument();
    expect(screen.getByText('طالب')).toBeInTheDocument();
    expect(screen.getByText('مؤكَّد')).toBeInTheDocument();
    expect(screen.getByText('غير مؤكَّد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'أكّد الآن' })).toHaveAttribute(
      'href',
      '/s/settings?tab=verification',
    );
  });

  it('uploads a new avatar and shows it', async () => {
    const user = userEvent.setup();
    const account = makeAccount();
    const withImage = {
      ...account,
      user: { ...account.user, image: 'http://localhost/assets/uploads/me.png' },
    };
    const { requests, container } = renderApp({
      path: '/profile',
      account,
      api: ({ method, path }) =>
        method === 'PUT' && path === '/api/v1/user/asset' ? json(200, withImage) : undefined,
    });
    await screen.findByRole('button', { name: 'اختر صورة' });
    await user.upload(container.querySelector('input[type=file]') as HTMLInputElement, picture());

    expect(await screen.findByText('تم تحديث صورتك.')).toBeInTheDocument();
    const upload = requests.find((request) => request.path === '/api/v1/user/asset');
    expect((upload?.body as FormData | undefined)?.get('image')).toBeInstanceOf(File);
    expect(screen.getByRole('button', { name: 'تغيير الصورة' })).toBeInTheDocument();
  });

  it('refuses a picture under 480×480 before uploading it', async () => {
    pictureSize = { width: 300, height: 300 };
    const user = userEvent.setup();
    const { requests, container } = renderApp({ path: '/profile', account: makeAccount() });
    await screen.findByRole('button', { name: 'اختر صورة' });
    await user.upload(container.querySelector('input[type=file]') as HTMLInputElement, picture());
    expect(await screen.findByRole('alert')).toHaveTextContent('الصورة صغيرة');
    expect(requests.some((request) => request.path === '/api/v1/user/asset')).toBe(false);
    pictureSize = { width: 800, height: 800 };
  });

  it("shows the server's refusal in Arabic", async () => {
    const user = userEvent.setup();
    const { container } = renderApp({
      path: '/profile',
      account: makeAccount(),
      api: ({ path }) => (path === '/api/v1/user/asset' ? apiError(413, 'payload-too-large') : undefined),
    });
    await screen.findByRole('button', { name: 'اختر صورة' });
    await user.upload(container.querySelector('input[type=file]') as HTMLInputElement, picture());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('حجم الملف أكبر من المسموح به. اختر ملفًا أصغر.'),
    );
  });
});
