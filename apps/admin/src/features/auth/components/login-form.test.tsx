import '../../../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fake-api.ts';
import { superAdmin } from '../../../test/fixtures.ts';
import { currentLocation, makeToken, renderAdmin } from '../../../test/render-admin.tsx';

/** Once signed in, the session asks who it is: the account that just logged in. */
const currentUser = {
  method: 'GET',
  path: '/api/v1/user/current',
  answer: () => ({ body: { user: superAdmin, tutor: null } }),
};

const passwordLogin = {
  method: 'POST',
  path: '/api/v1/auth/password',
  answer: () => ({ body: { user: superAdmin, tutor: null, token: makeToken(superAdmin.id) } }),
};

const userList = {
  method: 'GET',
  path: '/api/v1/user/list',
  answer: () => ({ body: { list: [superAdmin], total: 1 } }),
};

describe('login', () => {
  it('shows the Arabic wrong-password message and keeps the e-mail typed', async () => {
    const { user, api } = renderAdmin({
      path: '/login',
      handlers: [
        { method: 'POST', path: '/api/v1/auth/password', answer: () => apiError(400, 'wrong-password') },
      ],
    });
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'superadmin@hiwar.test');
    await user.type(screen.getByLabelText('كلمة المرور'), 'not-the-password-1!');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('كلمة المرور غير صحيحة.');
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveValue('superadmin@hiwar.test');
    expect(api.calls('POST', '/api/v1/auth/password')[0]?.body).toEqual({
      email: 'superadmin@hiwar.test',
      password: 'not-the-password-1!',
    });
  });

  it('checks the fields in Arabic before calling the server', async () => {
    const { user, api } = renderAdmin({ path: '/login' });
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    expect(await screen.findByText('البريد الإلكتروني غير صحيح. مثال: name@example.com')).toBeInTheDocument();
    expect(screen.getByText('هذا الحقل مطلوب.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/v1/auth/password')).toHaveLength(0);
  });

  it('marks the first field with a problem and puts the focus on it', async () => {
    const { user } = renderAdmin({ path: '/login' });
    const email = await screen.findByLabelText('البريد الإلكتروني');
    await user.type(email, 'superadmin@hiwar.test');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    const password = screen.getByLabelText('كلمة المرور');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('هذا الحقل مطلوب.');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('puts the focus back on the password when the server refuses it', async () => {
    const { user } = renderAdmin({
      path: '/login',
      handlers: [
        { method: 'POST', path: '/api/v1/auth/password', answer: () => apiError(400, 'wrong-password') },
      ],
    });
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'superadmin@hiwar.test');
    await user.type(screen.getByLabelText('كلمة المرور'), 'not-the-password-1!');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('كلمة المرور غير صحيحة.');
    expect(screen.getByLabelText('كلمة المرور')).toHaveFocus();
  });

  it('signs in and goes to the page asked for in ?redirect=', async () => {
    const { user, router } = renderAdmin({
      path: `/login?redirect=${encodeURIComponent('/users?role=4')}`,
      handlers: [userList, passwordLogin, currentUser],
    });
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'superadmin@hiwar.test');
    await user.type(screen.getByLabelText('كلمة المرور'), 'hiwar-demo-1');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'المستخدمون' })).toBeInTheDocument();
    expect(currentLocation(router)).toBe('/users?role=4');
    expect(localStorage.getItem('auth-token')).not.toBeNull();
  });

  it('keeps the session in memory only when "remember me" is off', async () => {
    const { user, router } = renderAdmin({
      path: '/login',
      handlers: [passwordLogin, currentUser],
    });
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'superadmin@hiwar.test');
    await user.type(screen.getByLabelText('كلمة المرور'), 'hiwar-demo-1');
    await user.click(screen.getByRole('checkbox', { name: /تذكّرني/ }));
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('auth-token')).toBeNull();
  });

  it('never redirects to another site', async () => {
    const { user, router } = renderAdmin({
      path: `/login?redirect=${encodeURIComponent('//evil.example/x')}`,
      handlers: [passwordLogin, currentUser],
    });
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'superadmin@hiwar.test');
    await user.type(screen.getByLabelText('كلمة المرور'), 'hiwar-demo-1');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await waitFor(() => expect(currentLocation(router)).toBe('/'));
  });
});
