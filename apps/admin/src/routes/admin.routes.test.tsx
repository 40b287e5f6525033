import '../test/setup.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app-providers.tsx';
import { readRuntimeConfig } from '../config.ts';
import { createAppServices } from '../lib/app-services.ts';
import { adminRoutes } from './admin.routes.tsx';

function renderAdmin(path: string) {
  localStorage.clear();
  const services = createAppServices(readRuntimeConfig({}));
  const router = createMemoryRouter(adminRoutes, { initialEntries: [path] });
  render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('admin routes', () => {
  it('shows a spinner while a screen loads, then its heading', async () => {
    renderAdmin('/users');
    expect(screen.getByTestId('route-spinner')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'المستخدمون' })).toBeInTheDocument();
    expect(screen.queryByTestId('route-spinner')).not.toBeInTheDocument();
  });

  it('opens the dashboard at / with its heading', async () => {
    renderAdmin('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' })).toBeInTheDocument();
  });

  it('lists every back-office section in the sidebar', () => {
    renderAdmin('/');
    const sidebar = screen.getAllByRole('navigation', { name: 'قائمة الإدارة' })[0] as HTMLElement;
    const links = Array.from(sidebar.querySelectorAll('a')).map((link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['لوحة التحكم', '/'],
      ['جلسات التصوير', '/photo-sessions'],
      ['المستخدمون', '/users'],
      ['طلبات السحب', '/invoices'],
      ['الخطط', '/plans'],
      ['المقابلات', '/interviews'],
      ['الدروس', '/lessons'],
      ['المواضيع', '/topics'],
      ['إعدادات المنصة', '/platform-settings'],
      ['إعدادات الحساب', '/user-settings'],
    ]);
  });

  it('navigates to another lazy screen from the sidebar', async () => {
    const user = userEvent.setup();
    renderAdmin('/');
    await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' });
    const sidebar = screen.getAllByRole('navigation', { name: 'قائمة الإدارة' })[0] as HTMLElement;
    await user.click(
      Array.from(sidebar.querySelectorAll('a')).find((a) => a.textContent === 'الخطط') as HTMLElement,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'الخطط' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path', async () => {
    renderAdmin('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الرئيسية' })).toHaveAttribute('href', '/');
  });
});
