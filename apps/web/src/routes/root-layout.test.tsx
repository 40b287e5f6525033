import '../test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../test/fixtures.ts';
import { makeTutorCard, makeTutorInfo } from '../test/lesson-fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

describe('focus after a navigation', () => {
  it('a link of the old screen followed with Enter leaves the focus on the main content', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/tutors',
      api: ({ path }) => {
        if (path.startsWith('/api/v1/user/tutor/list/onboarded')) {
          return json(200, { list: [makeTutorCard()], total: 1 });
        }
        if (path === '/api/v1/user/tutor/info/3') {
          return json(200, makeTutorInfo());
        }
        if (path.startsWith('/api/v1/rating/')) {
          return json(200, { list: [], total: 0 });
        }
        return undefined;
      },
    });
    (await screen.findByRole('link', { name: 'منى خالد' })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/3'));
    await screen.findByRole('heading', { level: 1, name: 'منى خالد' });
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('a header link that stays keeps the focus', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/',
      api: ({ path }) =>
        path.startsWith('/api/v1/user/tutor/list/onboarded') ? json(200, { list: [], total: 0 }) : undefined,
    });
    const link = screen.getAllByRole('link', { name: 'المعلمون' })[0] as HTMLElement;
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutors'));
    expect(link).toHaveFocus();
  });

  it('a focused element that leaves the page (a card gone with its lesson) leaves the focus on the main content', async () => {
    renderApp({
      path: '/',
      api: ({ path }) =>
        path.startsWith('/api/v1/user/tutor/list/onboarded') ? json(200, { list: [], total: 0 }) : undefined,
    });
    const main = screen.getByRole('main');
    const card = document.createElement('button');
    main.append(card);
    card.focus();
    expect(card).toHaveFocus();
    card.remove();
    await waitFor(() => expect(main).toHaveFocus());
  });
});
