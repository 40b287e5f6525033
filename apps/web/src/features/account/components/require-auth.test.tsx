import '../../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeAccount } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login?redirect=<the page>', async () => {
    const { router } = renderApp({ path: '/s/settings?tab=password' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/s/settings?tab=password',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeInTheDocument();
  });

  it('guards the screens not built yet as well', async () => {
    const { router } = renderApp({ path: '/upcoming-lessons' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fupcoming-lessons');
  });

  it('tells a user of another role to use another account or contact an admin', async () => {
    renderApp({ path: '/s/settings', user: { id: 3, name: 'أحمد علي', role: Role.Tutor } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'هذه الصفحة غير متاحة لحسابك' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/استخدم حسابًا آخر أو تواصل مع أحد المسؤولين/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الرئيسية' })).toHaveAttribute('href', '/t/dashboard');
  });

  it('"use another account" signs out and returns here after the next login', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderApp({ path: '/t/settings', user: { role: Role.Student } });
    await user.click(await screen.findByRole('button', { name: 'الدخول بحساب آخر' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Ft%2Fsettings');
    expect(localStorage.getItem('auth-token')).toBeNull();
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/v1/auth/logout')).toBe(true),
    );
  });

  it('offers a retry when the account cannot be loaded, instead of a blank or forbidden page', async () => {
    const user = userEvent.setup();
    let online = false;
    renderApp({
      path: '/profile',
      account: makeAccount(),
      storeUser: false,
      api: ({ path }) => {
        if (path !== '/api/v1/user/current') {
          return undefined;
        }
        if (!online) {
          throw new TypeError('Failed to fetch');
        }
        return json(200, makeAccount());
      },
    });
    // Signed in (a token), but nothing stored and the network is down (after the one retry).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تعذّر تحميل بيانات حسابك' }, { timeout: 4000 }),
    ).toBeInTheDocument();

    online = true;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ملفي الشخصي' })).toBeInTheDocument();
  });

  it('lets the right role in', async () => {
    renderApp({ path: '/s/settings', user: { role: Role.Student } });
    expect(await screen.findByRole('heading', { level: 1, name: 'الإعدادات' })).toBeInTheDocument();
  });
});
