import '../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';
import { PENDING_TUTOR_PATHS } from './app.routes.tsx';

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

  // Any tutor path still waiting for its screen (none once every screen is built).
  const pendingTutorPath = ([...PENDING_TUTOR_PATHS] as readonly string[])[0];

  it.skipIf(pendingTutorPath === undefined)(
    'renders only the layout for a screen that is not built yet',
    async () => {
      renderApp({ path: pendingTutorPath as string, user: { role: Role.Tutor } });
      expect(await screen.findByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('main')).toBeEmptyDOMElement();
    },
  );

  it.each([
    ['/tutor/onboarding', 'خطوات الانضمام'],
    ['/interviews', 'المقابلات'],
  ])('serves the real screen at %s, not a pending one', async (path, title) => {
    expect(PENDING_TUTOR_PATHS as readonly string[]).not.toContain(path);
    renderApp({ path, user: { role: Role.Tutor } });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('sends /s/settings-v2 on to /s/settings, keeping the query and the hash', async () => {
    const { router } = renderApp({
      path: '/s/settings-v2?tab=password#security',
      user: { role: Role.Student },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/s/settings'));
    expect(router.state.location.search).toBe('?tab=password');
    expect(router.state.location.hash).toBe('#security');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'الإعدادات' })).toBeInTheDocument();
  });
});
