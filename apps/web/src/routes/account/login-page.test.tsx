import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount } from '../../test/fixtures.ts';
import { makeToken, renderApp } from '../../test/render-app.tsx';

async function logIn(email = 'sara@example.com', password = 'secret-pass-1!') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('البريد الإلكتروني'), email);
  await user.type(screen.getByLabelText('كلمة المرور'), password);
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
  return user;
}

/** The server's answer to a good password: the account plus a fresh token. */
function signsInAs(account: ReturnType<typeof makeAccount>) {
  return ({ method, path }: { method: string; path: string }) => {
    if (method === 'POST' && path === '/api/v1/auth/password') {
      return json(200, { ...account, token: makeToken(account.user.id) });
    }
    if (path === '/api/v1/user/current') {
      return json(200, account);
    }
    return undefined;
  };
}

describe('login page', () => {
  it('signs a student in and lands on the student dashboard', async () => {
    const { router, requests } = renderApp({ path: '/login', api: signsInAs(makeAccount()) });

    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/s/dashboard'));
    expect(requests.find((request) => request.path === '/api/v1/auth/password')?.body).toEqual({
      email: 'sara@example.com',
      password: 'secret-pass-1!',
    });
    expect(await screen.findByRole('button', { name: 'قائمة الحساب: سارة أحمد' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth-token') ?? 'null')).toMatchObject({ type: 'bearer' });
  });

  it('signs a tutor in to the tutor dashboard, and a TutorManager too', async () => {
    const tutor = makeAccount({ id: 3, name: 'أحمد علي', role: Role.Tutor });
    const first = renderApp({ path: '/login', api: signsInAs(tutor) });
    await logIn('ahmed@example.com');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/t/dashboard'));
    first.unmount();

    const manager = makeAccount({ id: 5, name: 'هالة', role: Role.TutorManager });
    const second = renderApp({ path: '/login', api: signsInAs(manager) });
    await logIn('hala@example.com');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/t/dashboard'));
  });

  it('goes back to the page the visitor came from', async () => {
    const { router } = renderApp({
      path: `/login?redirect=${encodeURIComponent('/s/settings?tab=password')}`,
      api: signsInAs(makeAccount()),
    });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/s/settings'));
    expect(router.state.location.search).toBe('?tab=password');
  });

  it('never follows a redirect to another site', async () => {
    const { router } = renderApp({ path: '/login?redirect=//evil.example/x', api: signsInAs(makeAccount()) });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/s/dashboard'));
  });

  it('shows back-office staff the way to the admin app', async () => {
    const admin = makeAccount({ id: 1, name: 'مدير', role: Role.SuperAdmin });
    renderApp({ path: '/login', api: signsInAs(admin), config: { adminUrl: 'https://admin.hiwar.example' } });
    await logIn('admin@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'هذا حساب فريق العمل' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الذهاب إلى لوحة الإدارة' })).toHaveAttribute(
      'href',
      'https://admin.hiwar.example',
    );
  });

  it('shows the Arabic message for a wrong password and stays signed out', async () => {
    const { router } = renderApp({
      path: '/login',
      api: ({ path }) =>
        path === '/api/v1/auth/password'
          ? apiError(401, 'wrong-password', 'Wrong e-mail or password')
          : undefined,
    });

    await logIn('sara@example.com', 'not-my-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('كلمة المرور غير صحيحة.');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('auth-token')).toBeNull();
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeEnabled();
  });

  it('checks the fields before calling the server, in Arabic', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({ path: '/login' });
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'sara@');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    expect(await screen.findByText('البريد الإلكتروني غير صحيح. مثال: name@example.com')).toBeInTheDocument();
    expect(screen.getByText('هذا الحقل مطلوب.')).toBeInTheDocument();
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.path === '/api/v1/auth/password')).toBe(false);
  });

  it('does not remember the session when "remember me" is off', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/login', api: signsInAs(makeAccount()) });
    await user.click(await screen.findByRole('checkbox', { name: 'تذكّرني على هذا الجهاز' }));
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/s/dashboard'));
    expect(localStorage.getItem('auth-token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('hides Google sign-in without a client id and loads nothing from Google', async () => {
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' });
    expect(screen.queryByText('أو')).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('offers the forgotten-password page with the typed e-mail', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/login' });
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'sara@example.com');
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute(
      'href',
      '/forget-password?email=sara%40example.com',
    );
  });
});
