import '../../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../../test/fixtures.ts';
import { makeTutorCard, makeTutorInfo } from '../../../test/lesson-fixtures.ts';
import { type ApiRequest, renderApp } from '../../../test/render-app.tsx';

const LIST = '/api/v1/user/tutor/list/onboarded';
const IDS = '/api/v1/favorite/tutor/ids';
const cards = [makeTutorCard(), makeTutorCard({ id: 4, name: 'أحمد علي' })];

/**
 * The directory and profile answers and the favourite ids `saved`, which PUT and DELETE change (`onChange`
 * answers them instead when given).
 */
function favoritesApi(saved: number[], onChange?: (request: ApiRequest) => Response | Promise<Response>) {
  const store = (request: ApiRequest) => {
    const id = Number(request.path.split('/').at(-1));
    saved =
      request.method === 'PUT'
        ? [id, ...saved.filter((one) => one !== id)]
        : saved.filter((one) => one !== id);
    return json(200, { ok: true });
  };
  return (request: ApiRequest) => {
    const { method, path } = request;
    if (path.startsWith(LIST)) {
      return json(200, { list: cards, total: cards.length });
    }
    if (path === '/api/v1/user/tutor/info/3') {
      return json(200, makeTutorInfo());
    }
    if (path.startsWith('/api/v1/rating/list/tutor/3') || path.startsWith('/api/v1/lesson/list/')) {
      return json(200, { list: [], total: 0 });
    }
    if (path === IDS) {
      return json(200, { ids: saved });
    }
    if ((method === 'PUT' || method === 'DELETE') && path.startsWith('/api/v1/favorite/tutor/')) {
      return (onChange ?? store)(request);
    }
    return undefined;
  };
}

const heart = (name: string) => screen.findByRole('button', { name: `حفظ ${name} في المفضلة` });

describe('the favourite heart', { timeout: 20_000 }, () => {
  it('shows a visitor an unpressed heart that leads to sign-in and back', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderApp({ path: '/tutors?q=x', api: favoritesApi([]) });
    const button = await heart('منى خالد');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(requests.some((request) => request.path.startsWith('/api/v1/favorite/'))).toBe(false);
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/tutors?q=x')}`);
  });

  it('shows a student which tutors they saved, from one request, and saves one at once', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { requests } = renderApp({
      path: '/tutors',
      user: { role: Role.Student },
      api: favoritesApi([4], () => new Promise<Response>((resolve) => (answer = resolve))),
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'حفظ أحمد علي في المفضلة' })).toBePressed(),
    );
    const mona = await heart('منى خالد');
    expect(mona).not.toBePressed();
    expect(requests.filter((request) => request.path === IDS)).toHaveLength(1);

    await user.click(mona);
    // Pressed before the server answers.
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.path).toBe('/api/v1/favorite/tutor/3'),
    );
    expect(mona).toBePressed();
    answer(json(200, { ok: true }));
    // The ids are read again once the change is stored.
    await waitFor(() => expect(requests.filter((request) => request.path === IDS)).toHaveLength(2));
  });

  it('turns the heart back and says why when saving fails', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/tutors',
      user: { role: Role.Student },
      api: favoritesApi([], () => apiError(409, 'reached-favorites-limit')),
    });
    // A student's heart comes with its own code, which asks for the saved ids.
    await waitFor(() => expect(requests.some((request) => request.path === IDS)).toBe(true));
    const mona = await heart('منى خالد');
    await user.click(mona);
    expect(await screen.findByText('تعذّر حفظ المعلم في المفضلة')).toBeInTheDocument();
    expect(
      await screen.findByText('وصلت إلى الحد الأقصى للمعلمين المفضلين. احذف معلمًا من المفضلة لتحفظ غيره.'),
    ).toBeInTheDocument();
    expect(mona).not.toBePressed();
  });

  it('shows no heart to a tutor', async () => {
    renderApp({ path: '/tutors', user: { role: Role.Tutor }, api: favoritesApi([]) });
    const list = await screen.findByRole('region', { name: 'قائمة المعلمين' });
    await within(list).findByRole('link', { name: 'منى خالد' });
    expect(within(list).queryByRole('button', { name: /في المفضلة/ })).not.toBeInTheDocument();
  });

  it('on the profile: shows the tutor saved and unsaves them', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({ path: '/t/3', user: { role: Role.Student }, api: favoritesApi([3]) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'حفظ في المفضلة' })).toBePressed());
    const button = screen.getByRole('button', { name: 'حفظ في المفضلة' });
    await user.click(button);
    await waitFor(() => expect(button).not.toBePressed());
    expect(requests.find((request) => request.method === 'DELETE')?.path).toBe('/api/v1/favorite/tutor/3');
    // Read again after the change: still unsaved.
    await waitFor(() => expect(requests.filter((request) => request.path === IDS)).toHaveLength(2));
    expect(button).not.toBePressed();
  });

  it('on the profile: sends a visitor to sign in and back', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/t/3', api: favoritesApi([]) });
    const button = await screen.findByRole('button', { name: 'حفظ في المفضلة' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/t/3')}`);
  });
});
