import '../../../test/setup.ts';
import { addLocalDays, toLocalDate } from '@hiwar/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fixtures.ts';
import { makeTutorCard } from '../../../test/lesson-fixtures.ts';
import { type ApiRequest, renderApp } from '../../../test/render-app.tsx';
import { readTutorFilters } from '../lib/tutor-filters.ts';

const LIST = '/api/v1/user/tutor/list/onboarded';

function tutorsApi({ path }: ApiRequest) {
  if (path.startsWith(LIST)) {
    const query = new URL(path, 'http://x').searchParams;
    return json(
      200,
      query.has('gender') && query.has('time')
        ? { list: [], total: 0 }
        : { list: [makeTutorCard()], total: 1 },
    );
  }
  if (path === '/api/v1/topic/list') {
    return json(200, {
      list: [
        { id: 1, nameAr: 'محادثة', nameEn: 'Conversation' },
        { id: 2, nameAr: 'قواعد', nameEn: 'Grammar' },
      ],
    });
  }
  return undefined;
}

const lastListQuery = (requests: ApiRequest[]) => {
  const last = requests.filter((request) => request.path.startsWith(LIST)).at(-1);
  return new URL(last?.path ?? LIST, 'http://x').searchParams;
};

describe('tutors filters', { timeout: 20_000 }, () => {
  it('filters by topic, gender, day, time and sort, in the URL and the server query', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderApp({ path: '/tutors', api: tutorsApi });
    await screen.findByRole('link', { name: 'منى خالد' });

    // The browser's own selects: a phone opens its native picker.
    const pick = async (name: string, option: string | RegExp) => {
      const select = screen.getByRole<HTMLSelectElement>('combobox', { name });
      const match = [...select.options].find((item) =>
        typeof option === 'string' ? item.text === option : option.test(item.text),
      );
      await user.selectOptions(select, match?.value ?? '');
    };
    await waitFor(() => expect(screen.getByRole('option', { name: 'قواعد' })).toBeInTheDocument());
    await pick('الموضوع', 'قواعد');
    await waitFor(() => expect(lastListQuery(requests).get('topics')).toBe('2'));

    await pick('المعلم', 'معلمة');
    await pick('متاح يوم', /^غدًا/);
    await pick('الترتيب', 'الأحدث انضمامًا');
    await pick('وقت الدرس', /^مساءً/);

    const tomorrow = addLocalDays(toLocalDate(new Date()), 1);
    await waitFor(() =>
      expect(Object.fromEntries(lastListQuery(requests))).toMatchObject({
        topics: '2',
        gender: 'female',
        day: tomorrow,
        time: 'evening',
        sort: 'newest',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      topics: '2',
      gender: 'female',
      day: tomorrow,
      sort: 'newest',
      time: 'evening',
    });
    expect(await screen.findByText(/لا يوجد معلمون بهذه الشروط/)).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'مسح التصفية' })[0] as HTMLElement);
    expect(await screen.findByRole('link', { name: 'منى خالد' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('reads shared links and drops values the server would refuse', () => {
    expect(
      readTutorFilters(
        new URLSearchParams('q=mona&topics=1,2&gender=female&day=2030-01-05&time=night&sort=lessons'),
      ),
    ).toEqual({
      search: 'mona',
      topics: [1, 2],
      gender: 'female',
      day: '2030-01-05',
      time: 'night',
      available: null,
      sort: 'lessons',
    });
    expect(
      readTutorFilters(new URLSearchParams('topics=x&gender=other&day=tomorrow&time=noon&sort=price')),
    ).toEqual({
      search: '',
      topics: [],
      gender: null,
      day: null,
      time: null,
      available: null,
      sort: 'rating',
    });
  });

  it('keeps the tutors free today with a checkbox, in the URL and the server query (issue 27)', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderApp({ path: '/tutors', api: tutorsApi });
    await screen.findByRole('link', { name: 'منى خالد' });
    const today = screen.getByRole('checkbox', { name: 'متاح اليوم' });
    expect(today).not.toBeChecked();

    await user.click(today);
    await waitFor(() => expect(lastListQuery(requests).get('available')).toBe('today'));
    expect(new URLSearchParams(router.state.location.search).get('available')).toBe('today');
    expect(screen.getByRole('checkbox', { name: 'متاح اليوم' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'متاح اليوم' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(lastListQuery(requests).has('available')).toBe(false);
  });
});
