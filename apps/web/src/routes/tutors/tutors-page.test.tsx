import '../../test/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fixtures.ts';
import { makeTutorCard } from '../../test/lesson-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const LIST = '/api/v1/user/tutor/list/onboarded';

describe('tutors list', { timeout: 20_000 }, () => {
  it('renders tutor cards and loads the next page', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/tutors',
      api: ({ path }) => {
        if (!path.startsWith(LIST)) {
          return undefined;
        }
        const page = new URL(path, 'http://x').searchParams.get('page');
        if (page === '2') {
          return json(200, {
            list: [makeTutorCard({ id: 4, name: 'أحمد علي', rating: null, ratingCount: 0 })],
            total: 2,
          });
        }
        return json(200, { list: [makeTutorCard()], total: 2 });
      },
    });

    const list = await screen.findByRole('region', { name: 'قائمة المعلمين' });
    await within(list).findByRole('link', { name: 'منى خالد' });
    expect(within(list).getByRole('link', { name: 'منى خالد' })).toHaveAttribute('href', '/t/3');
    expect(within(list).getByText('محادثة')).toBeInTheDocument();
    expect(within(list).getByLabelText(/التقييم ٤٫٨ من ٥/)).toBeInTheDocument();
    expect(within(list).getByText('١٤٠ درسًا')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'عرض المزيد' }));
    expect(await within(list).findByRole('link', { name: 'أحمد علي' })).toBeInTheDocument();
    expect(within(list).getByText('جديد')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'عرض المزيد' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path.startsWith(LIST))).toHaveLength(2);
  });

  it('searches (debounced, in the URL) and shows the empty state', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderApp({
      path: '/tutors',
      api: ({ path }) => {
        if (!path.startsWith(LIST)) {
          return undefined;
        }
        const search = new URL(path, 'http://x').searchParams.get('search');
        return json(200, search ? { list: [], total: 0 } : { list: [makeTutorCard()], total: 1 });
      },
    });
    await screen.findByRole('link', { name: 'منى خالد' });
    await user.type(screen.getByRole('searchbox', { name: 'ابحث عن معلم' }), 'xyz');
    // The search settles after the debounce, then the list is fetched again.
    expect(await screen.findByText('لا يوجد معلمون مطابقون', {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?q=xyz'));
    const searches = requests.filter((request) => request.path.includes('search='));
    expect(searches).toHaveLength(1);
  });

  it('offers a retry when the list fails', async () => {
    renderApp({
      path: '/tutors',
      api: ({ path }) => (path.startsWith(LIST) ? json(500, { message: 'boom' }) : undefined),
    });
    expect(await screen.findByText('تعذّر تحميل المعلمين', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
