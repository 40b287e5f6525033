import '../../../test/setup.ts';
import type { DashboardStats, LeadSourceStats } from '@hiwar/domain';
import { formatDateTime } from '@hiwar/ui';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeHandler } from '../../../test/fake-api.ts';
import { regularAdmin, tutorManager } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };
const LEAD_SOURCES = '/api/v1/stats/lead-sources';

const weeks = Array.from({ length: 8 }, (_, index) =>
  new Date(Date.UTC(2027, 0, 8 + index * 7, 22)).toISOString(),
);
const generatedAt = '2027-03-01T08:00:00.000Z';
const noCards: FakeHandler = {
  method: 'GET',
  path: '/api/v1/stats/dashboard',
  answer: () => ({ body: { weeks, cards: {}, generatedAt } satisfies DashboardStats }),
};

const visited: LeadSourceStats = {
  weeks,
  generatedAt,
  unknown: [
    {
      name: 'promo-2027',
      series: [0, 0, 0, 0, 0, 0, 4, 12],
      total: 16,
      lastVisitAt: '2027-03-01T07:30:00.000Z',
    },
    { name: 'tv', series: [1, 0, 0, 0, 0, 0, 0, 0], total: 1, lastVisitAt: '2027-01-09T10:00:00.000Z' },
  ],
};

const answering = (stats: LeadSourceStats): FakeHandler => ({
  method: 'GET',
  path: LEAD_SOURCES,
  answer: () => ({ body: stats }),
});

describe('unknown marketing links on the dashboard', () => {
  it('lists each unknown /url link an admin should know about, with its visits over the weeks', async () => {
    const { api } = renderAdmin({
      path: '/',
      signedInAs: regularAdmin,
      handlers: [noCards, answering(visited)],
    });

    const table = await screen.findByRole('table', { name: 'زيارات الروابط غير المعروفة' }, LOAD);
    expect(screen.getByRole('heading', { level: 2, name: 'روابط تسويقية غير معروفة' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['الرابط', 'هذا الأسبوع', 'آخر ٨ أسابيع', 'الاتجاه', 'آخر زيارة']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '/url/promo-2027',
      '/url/tv',
    ]);
    const first = within(rows[0] as HTMLElement);
    expect(first.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '١٢',
      '١٦',
      '',
      formatDateTime('2027-03-01T07:30:00.000Z'),
    ]);
    expect(first.getByRole('img')).toHaveAccessibleName(
      'زيارات الرابط promo-2027 أسبوعيًا خلال آخر ٨ أسابيع، من الأقدم إلى الأحدث: ٠، ٠، ٠، ٠، ٠، ٠، ٤، ١٢. هذا الأسبوع: ١٢.',
    );
    expect(api.calls('GET', LEAD_SOURCES)[0]?.url.searchParams.get('weeks')).toBe('8');
  });

  it('says so when no unknown link was visited', async () => {
    renderAdmin({
      path: '/',
      signedInAs: regularAdmin,
      handlers: [noCards, answering({ ...visited, unknown: [] })],
    });
    expect(
      await screen.findByText('لم يزر أحد روابط غير معروفة خلال آخر ٨ أسابيع.', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the visits cannot load, and loads them again on retry', async () => {
    let fail = true;
    const { user } = renderAdmin({
      path: '/',
      signedInAs: regularAdmin,
      handlers: [
        noCards,
        {
          method: 'GET',
          path: LEAD_SOURCES,
          answer: () => (fail ? apiError(500, 'unexpected') : { body: visited }),
        },
      ],
    });
    expect(await screen.findByText('تعذّر تحميل زيارات الروابط غير المعروفة.', {}, LOAD)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('table', { name: 'زيارات الروابط غير المعروفة' })).toBeInTheDocument();
  });

  it('is not shown to other staff, nor asked for', async () => {
    const { api } = renderAdmin({ path: '/', signedInAs: tutorManager, handlers: [noCards] });
    await screen.findByText('لا توجد بطاقات لدورك في لوحة التحكم.', {}, LOAD);
    expect(screen.queryByRole('heading', { name: 'روابط تسويقية غير معروفة' })).not.toBeInTheDocument();
    expect(api.calls('GET', LEAD_SOURCES)).toHaveLength(0);
  });
});
