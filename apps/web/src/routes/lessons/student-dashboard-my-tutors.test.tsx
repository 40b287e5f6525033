import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { formatDate, formatDateTime } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMyTutor } from '../../test/favorite-fixtures.ts';
import { json } from '../../test/fixtures.ts';
import { makeTutorInfo } from '../../test/lesson-fixtures.ts';
import { makeCurrent } from '../../test/payment-fixtures.ts';
import { type ApiRequest, renderApp } from '../../test/render-app.tsx';

const MY_TUTORS = '/api/v1/favorite/my-tutors';
const next = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();

/** The home's answers, with `tutors` as "my tutors" and the favourite ids saved among them. */
function homeApi(
  tutors: ReturnType<typeof makeMyTutor>[],
  extra?: (request: ApiRequest) => Response | undefined,
) {
  let saved = tutors.filter((tutor) => tutor.isFavorite).map((tutor) => tutor.id);
  return (request: ApiRequest) => {
    const { method, path } = request;
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    if (path.startsWith(MY_TUTORS)) {
      return json(200, { list: tutors, total: tutors.length });
    }
    if (path === '/api/v1/favorite/tutor/ids') {
      return json(200, { ids: saved });
    }
    if (method === 'DELETE' && path.startsWith('/api/v1/favorite/tutor/')) {
      saved = saved.filter((id) => id !== Number(path.split('/').at(-1)));
      return json(200, { ok: true });
    }
    if (path.startsWith('/api/v1/lesson/list/')) {
      return json(200, { list: [], total: 0 });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, makeCurrent());
    }
    return undefined;
  };
}

describe('my tutors on the student home', { timeout: 20_000 }, () => {
  it('lists saved tutors and lesson partners with their lessons, and books again', async () => {
    const user = userEvent.setup();
    const partner = makeMyTutor({
      id: 4,
      name: 'أحمد علي',
      isFavorite: false,
      savedAt: null,
      rating: null,
      ratingCount: 0,
      nextLessonAt: next,
      lastLessonAt: null,
    });
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: homeApi([partner, makeMyTutor()], ({ path }) =>
        path === '/api/v1/user/tutor/info/4'
          ? json(200, makeTutorInfo({ id: 4, name: 'أحمد علي' }))
          : undefined,
      ),
    });
    const section = await screen.findByRole('region', { name: 'معلموك' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'أحمد علي' })).toHaveAttribute('href', '/t/4');
    expect(within(first).getByText(`الدرس القادم: ${formatDateTime(next)}`)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'حفظ أحمد علي في المفضلة' })).not.toBePressed();
    expect(
      within(second).getByText(
        `آخر درس: ${formatDate('2026-01-03T09:00:00.000Z', { weekday: 'long', day: 'numeric', month: 'long' })}`,
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(second).getByRole('button', { name: 'حفظ منى خالد في المفضلة' })).toBePressed(),
    );

    await user.click(within(first).getByRole('button', { name: 'احجز مرة أخرى مع أحمد علي' }));
    expect(await screen.findByRole('dialog', { name: 'احجز درسًا مع أحمد علي' })).toBeInTheDocument();
  });

  it('unsaves a tutor from the list, who stays with an empty heart until the list is opened again', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: homeApi([makeMyTutor()]),
    });
    const heart = await screen.findByRole('button', { name: 'حفظ منى خالد في المفضلة' });
    await waitFor(() => expect(heart).toBePressed());
    await user.click(heart);
    await waitFor(() => expect(heart).not.toBePressed());
    expect(requests.find((request) => request.method === 'DELETE')?.path).toBe('/api/v1/favorite/tutor/3');
    expect(requests.filter((request) => request.path.startsWith(MY_TUTORS))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'منى خالد' })).toBeInTheDocument();
  });

  it('offers no booking with a tutor who no longer takes bookings', async () => {
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      api: homeApi([makeMyTutor({ listed: false, lastLessonAt: null })]),
    });
    const section = await screen.findByRole('region', { name: 'معلموك' });
    expect(await within(section).findByText('لا يستقبل حجوزات حاليًا')).toBeInTheDocument();
    expect(within(section).getByText('لا دروس بينكما بعد')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /احجز مرة أخرى/ })).not.toBeInTheDocument();
  });

  it('shows the empty state with the way to the tutors', async () => {
    renderApp({ path: '/s/dashboard', user: { role: Role.Student }, api: homeApi([]) });
    const section = await screen.findByRole('region', { name: 'معلموك' });
    expect(await within(section).findByText('لا يوجد معلمون هنا بعد')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'تصفّح المعلمين' })).toHaveAttribute('href', '/tutors');
  });
});
