import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';

const mainNav = () => within(screen.getAllByRole('navigation', { name: 'التنقل الرئيسي' })[0] as HTMLElement);

describe('site header', () => {
  it('offers login and registration when signed out', async () => {
    renderApp();
    expect(await screen.findByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute('href', '/register/student');
    expect(mainNav().getByRole('link', { name: 'المعلمون' })).toHaveAttribute('href', '/tutors');
    expect(screen.queryByRole('button', { name: /قائمة الحساب/ })).not.toBeInTheDocument();
  });

  it("shows a student's navigation and name", async () => {
    renderApp({ user: { id: 12, name: 'سارة أحمد', email: 'sara@example.com', role: Role.Student } });
    expect(await screen.findByRole('button', { name: 'قائمة الحساب: سارة أحمد' })).toBeInTheDocument();
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'لوحة التحكم' })).toHaveAttribute('href', '/s/dashboard');
    expect(nav.getByRole('link', { name: 'الدروس القادمة' })).toHaveAttribute('href', '/upcoming-lessons');
    expect(nav.getByRole('link', { name: 'المحادثات' })).toHaveAttribute('href', '/chat');
    expect(nav.getByRole('link', { name: 'الاشتراك' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('link', { name: 'تسجيل الدخول' })).not.toBeInTheDocument();
  });

  it("shows a tutor's navigation", async () => {
    renderApp({ user: { id: 3, name: 'أحمد علي', email: 'ahmed@example.com', role: Role.Tutor } });
    await screen.findByRole('button', { name: 'قائمة الحساب: أحمد علي' });
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'لوحة التحكم' })).toHaveAttribute('href', '/t/dashboard');
    expect(nav.getByRole('link', { name: 'جدول المواعيد' })).toHaveAttribute('href', '/schedule-management');
    expect(nav.getByRole('link', { name: 'الدروس' })).toHaveAttribute('href', '/lessons-schedule');
    expect(nav.getByRole('link', { name: 'الأرباح' })).toHaveAttribute('href', '/invoices');
  });

  it('the open account menu stays in the header and leaves the page readable (issue 15)', async () => {
    const user = userEvent.setup();
    renderApp({ user: { id: 12, name: 'سارة أحمد', email: 'sara@example.com', role: Role.Student } });
    await user.click(await screen.findByRole('button', { name: 'قائمة الحساب: سارة أحمد' }));
    const menu = await screen.findByRole('menu');
    // Inside the banner landmark, not in a portal outside every landmark…
    expect(screen.getByRole('banner')).toContainElement(menu);
    // …and not modal: the main content is not hidden from assistive technology while it is open.
    expect(document.querySelector('[aria-hidden="true"] main, main[aria-hidden="true"]')).toBeNull();
    expect(screen.getByRole('main')).toBeInTheDocument();
    // The name is written in the menu: the picture beside it is decoration, not a second name.
    expect(within(menu).queryByRole('img')).not.toBeInTheDocument();
    expect(within(menu).getAllByText('سارة أحمد')).toHaveLength(1);
  });

  it('the account menu links to profile and settings and logs out', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      user: { id: 12, name: 'سارة أحمد', email: 'sara@example.com', role: Role.Student },
    });
    await user.click(await screen.findByRole('button', { name: 'قائمة الحساب: سارة أحمد' }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'الملف الشخصي' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'الإعدادات' })).toHaveAttribute('href', '/s/settings');
    expect(within(menu).getByRole('menuitem', { name: 'المدفوعات' })).toHaveAttribute('href', '/payments');

    await user.click(within(menu).getByRole('menuitem', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toBeInTheDocument());
    expect(localStorage.getItem('auth-token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // The server ends the session's tokens too, called with the token the session had.
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/v1/auth/logout')).toBeDefined(),
    );
    const logout = requests.find((request) => request.path === '/api/v1/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.Authorization).toMatch(/^Bearer /);
  });
});
