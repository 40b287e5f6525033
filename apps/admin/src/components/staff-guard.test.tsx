import '../test/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../test/fake-api.ts';
import { makeUser, student, studio, superAdmin, tutor, tutorManager } from '../test/fixtures.ts';
import { currentLocation, renderAdmin } from '../test/render-admin.tsx';

function sidebarLinkNames() {
  const sidebar = screen.getAllByRole('navigation', { name: 'قائمة الإدارة' })[0] as HTMLElement;
  return within(sidebar)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('staff guard', () => {
  it('sends a signed-out visitor to the login page, remembering where they were going', async () => {
    const { router } = renderAdmin({ path: '/users?role=3&page=2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(currentLocation(router)).toBe(`/login?redirect=${encodeURIComponent('/users?role=3&page=2')}`);
  });

  it('shows a student the forbidden screen, and signs them out to use another account', async () => {
    const { router, user, api } = renderAdmin({ path: '/users', signedInAs: student });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'هذا الحساب لا يملك صلاحية دخول لوحة الإدارة' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/سجّل الدخول بحساب آخر، أو تواصل مع أحد المسؤولين/)).toBeInTheDocument();
    expect(screen.getAllByText('كريم الطالب').length).toBeGreaterThan(0);
    expect(screen.queryByRole('navigation', { name: 'قائمة الإدارة' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج والدخول بحساب آخر' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth-token')).toBeNull();
    expect(api.calls('POST', '/api/v1/auth/logout')).toHaveLength(1);
  });

  it('shows a tutor the forbidden screen too', async () => {
    renderAdmin({ path: '/', signedInAs: tutor });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'هذا الحساب لا يملك صلاحية دخول لوحة الإدارة' }),
    ).toBeInTheDocument();
  });

  it('sends staff with an unverified e-mail to /verify-email', async () => {
    const { router } = renderAdmin({ path: '/users', signedInAs: makeUser({ verifiedEmail: false }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تأكيد البريد الإلكتروني' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it('shows the studio only the sections it may use', async () => {
    renderAdmin({ path: '/', signedInAs: studio });
    await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' });
    expect(sidebarLinkNames()).toEqual(['لوحة التحكم', 'جلسات التصوير', 'إعدادات الحساب']);
  });

  it('shows a tutor manager interviews, lessons and the users list', async () => {
    renderAdmin({ path: '/', signedInAs: tutorManager });
    await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' });
    expect(sidebarLinkNames()).toEqual([
      'لوحة التحكم',
      'المستخدمون',
      'المقابلات',
      'الدروس',
      'إعدادات الحساب',
    ]);
  });

  it('explains instead of opening a section the role may not use', async () => {
    renderAdmin({ path: '/plans', signedInAs: tutorManager });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'لا تملك صلاحية فتح هذه الصفحة' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'الخطط' })).not.toBeInTheDocument();
  });

  it('explains a failed account check and retries it', async () => {
    let down = true;
    const { user } = renderAdmin({
      path: '/',
      signedInAs: superAdmin,
      storeUser: false,
      handlers: [
        {
          method: 'GET',
          path: '/api/v1/user/current',
          answer: () =>
            down ? apiError(503, 'service-unavailable') : { body: { user: superAdmin, tutor: null } },
        },
      ],
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('تعذّر التحقق من حسابك');
    expect(alert).toHaveTextContent('الخدمة غير متاحة حاليًا');

    down = false;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' })).toBeInTheDocument();
  });

  it('shows who is signed in at the bottom of the sidebar, and logs out', async () => {
    const { router, user } = renderAdmin({ path: '/', signedInAs: superAdmin });
    const account = screen.getAllByRole('region', { name: 'حسابك' })[0] as HTMLElement;
    expect(within(account).getByText('سارة المدير')).toBeInTheDocument();
    expect(within(account).getByText('مدير عام')).toBeInTheDocument();

    await user.click(within(account).getByRole('button', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('user')).toBeNull();
  });
});
