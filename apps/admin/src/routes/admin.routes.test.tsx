import '../test/setup.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { superAdmin } from '../test/fixtures.ts';
import { renderAdmin } from '../test/render-admin.tsx';

const emptyUserList = {
  method: 'GET',
  path: '/api/v1/user/list',
  answer: () => ({ body: { list: [], total: 0 } }),
};

function sidebarLinks() {
  const sidebar = screen.getAllByRole('navigation', { name: 'قائمة الإدارة' })[0] as HTMLElement;
  return within(sidebar)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('admin routes', () => {
  it('shows a spinner while a screen loads, then its heading', async () => {
    renderAdmin({ path: '/users', signedInAs: superAdmin, handlers: [emptyUserList] });
    expect(screen.getByTestId('route-spinner')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'المستخدمون' })).toBeInTheDocument();
    expect(screen.queryByTestId('route-spinner')).not.toBeInTheDocument();
  });

  it('opens the dashboard at / with its heading', async () => {
    renderAdmin({ path: '/', signedInAs: superAdmin });
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' })).toBeInTheDocument();
  });

  it('lists every back-office section in the sidebar for a super admin', () => {
    renderAdmin({ path: '/', signedInAs: superAdmin });
    expect(sidebarLinks()).toEqual([
      ['لوحة التحكم', '/'],
      ['جلسات التصوير', '/photo-sessions'],
      ['المستخدمون', '/users'],
      ['طلبات السحب', '/invoices'],
      ['طلبات الاسترداد', '/refund-requests'],
      ['الخطط', '/plans'],
      ['المقابلات', '/interviews'],
      ['الدروس', '/lessons'],
      ['المواضيع', '/topics'],
      ['البلاغات', '/reports'],
      ['طلبات التواصل', '/contact-requests'],
      ['إعدادات المنصة', '/platform-settings'],
      ['الملفات المخزنة', '/media'],
      ['حالة الخادم', '/server-stats'],
      ['إعدادات الحساب', '/user-settings'],
    ]);
  });

  it('navigates to another lazy screen from the sidebar', async () => {
    const { user } = renderAdmin({ path: '/', signedInAs: superAdmin });
    await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' });
    const sidebar = screen.getAllByRole('navigation', { name: 'قائمة الإدارة' })[0] as HTMLElement;
    await user.click(within(sidebar).getByRole('link', { name: 'الخطط' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'الخطط' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path', async () => {
    renderAdmin({ path: '/nowhere', signedInAs: superAdmin });
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الرئيسية' })).toHaveAttribute('href', '/');
  });
});
