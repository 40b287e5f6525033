import '../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

describe('web routes', () => {
  it('welcomes visitors on the home page with the first steps', async () => {
    renderApp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تعلّم الإنجليزية بدروس فردية مع معلمين يفهمونك' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'أنشئ حسابك' })).toHaveAttribute('href', '/register/student');
    expect(screen.getByRole('link', { name: 'تصفّح المعلمين' })).toHaveAttribute('href', '/tutors');
  });

  it('shows the 404 page for an unknown path, inside the layout', async () => {
    renderApp({ path: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الرئيسية' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('renders only the layout for a screen that is not built yet', async () => {
    renderApp({ path: '/interviews', user: { role: Role.Tutor } });
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeEmptyDOMElement();
  });
});
