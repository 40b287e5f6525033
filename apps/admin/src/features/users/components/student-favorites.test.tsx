import '../../../test/setup.ts';
import type { MyTutor } from '@hiwar/domain';
import { formatDate } from '@hiwar/ui';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeHandler } from '../../../test/fake-api.ts';
import { regularAdmin, student, superAdmin, tutor } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

const SAVED = '2026-01-10T09:00:00.000Z';

const favourite = (overrides: Partial<MyTutor> = {}): MyTutor => ({
  id: 3,
  name: 'ليلى المعلمة',
  image: null,
  rating: 4.5,
  ratingCount: 12,
  listed: true,
  isFavorite: true,
  savedAt: SAVED,
  lastLessonAt: null,
  nextLessonAt: null,
  ...overrides,
});

function routes(list: MyTutor[]): FakeHandler[] {
  return [
    { method: 'GET', path: `/api/v1/user/${student.id}`, answer: () => ({ body: student }) },
    { method: 'GET', path: `/api/v1/user/${tutor.id}`, answer: () => ({ body: tutor }) },
    {
      method: 'GET',
      path: `/api/v1/favorite/student/${student.id}`,
      answer: () => ({ body: { list, total: list.length } }),
    },
  ];
}

async function favouritesCard() {
  const heading = await screen.findByRole('heading', { name: 'المعلمون المفضلون' });
  return heading.closest('.rounded-2xl') as HTMLElement;
}

describe("a student's favourite tutors in the back office", () => {
  it('lists them, read-only, with their rating, when they were saved and whether they are listed', async () => {
    const { api } = renderAdmin({
      path: `/user/${student.id}`,
      signedInAs: superAdmin,
      handlers: routes([favourite(), favourite({ id: 8, name: 'سامي', rating: null, listed: false })]),
    });
    const card = await favouritesCard();
    const list = await within(card).findByRole('list', { name: 'المعلمون المفضلون' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'ليلى المعلمة' })).toHaveAttribute(
      'href',
      '/user/3',
    );
    expect(
      within(items[0] as HTMLElement).getByText(
        `التقييم ٤٫٥ من ٥ (١٢) · حُفظ ${formatDate(SAVED, { day: 'numeric', month: 'long', year: 'numeric' })}`,
      ),
    ).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('لا يظهر للطلاب حاليًا')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText(/^بلا تقييم/)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls('GET', `/api/v1/favorite/student/${student.id}`)[0]?.url.searchParams.get('size')).toBe(
      '100',
    );
  });

  it('shows a RegularAdmin the same, and says when there are none', async () => {
    renderAdmin({ path: `/user/${student.id}`, signedInAs: regularAdmin, handlers: routes([]) });
    const card = await favouritesCard();
    expect(await within(card).findByText('لم يحفظ هذا الطالب أي معلم بعد.')).toBeInTheDocument();
  });

  it('is not on a tutor’s page', async () => {
    const { api } = renderAdmin({ path: `/user/${tutor.id}`, signedInAs: superAdmin, handlers: routes([]) });
    await screen.findByRole('heading', { name: 'ليلى المعلمة', level: 1 });
    expect(screen.queryByRole('heading', { name: 'المعلمون المفضلون' })).not.toBeInTheDocument();
    expect(api.calls('GET', /\/favorite\//)).toEqual([]);
  });
});
