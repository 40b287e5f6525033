import '../../../test/setup.ts';
import type { DashboardStats } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeHandler } from '../../../test/fake-api.ts';
import { regularAdmin, studio, tutorManager } from '../../../test/fixtures.ts';
import { currentLocation, renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };
const DASHBOARD = '/api/v1/stats/dashboard';

const weeks = Array.from({ length: 8 }, (_, index) =>
  new Date(Date.UTC(2027, 0, 8 + index * 7, 22)).toISOString(),
);

const everything: DashboardStats = {
  weeks,
  generatedAt: '2027-03-01T08:00:00.000Z',
  cards: {
    lessons: { today: 2, week: 3, series: [0, 0, 0, 0, 0, 0, 1, 3] },
    newUsers: { today: 12, week: 40, series: [10, 12, 9, 20, 18, 25, 30, 40] },
    revenue: { week: 130_000, month: 100_050, series: [0, 0, 0, 0, 0, 0, 10_000, 130_000] },
    pendingInvoices: { count: 3, series: [0, 0, 0, 0, 0, 0, 0, 4] },
    pendingInterviews: { count: 2, series: [0, 0, 0, 0, 0, 1, 0, 4] },
    unsignedInterviews: { count: 1, series: [0, 0, 0, 0, 0, 0, 0, 2] },
    openReports: { count: 5, series: [1, 0, 0, 0, 0, 0, 0, 3] },
    photoSessions: { count: 7, series: [0, 0, 0, 0, 0, 0, 0, 1] },
  },
};

const answering = (stats: DashboardStats): FakeHandler => ({
  method: 'GET',
  path: DASHBOARD,
  answer: () => ({ body: stats }),
});

/** No unknown `/url/{name}` links visited (the admins' table under the cards). */
const noUnknownLinks: FakeHandler = {
  method: 'GET',
  path: '/api/v1/stats/lead-sources',
  answer: () => ({ body: { weeks, unknown: [], generatedAt: everything.generatedAt } }),
};

/** A card is a region named by its heading. */
const card = (name: string) => screen.getByRole('region', { name });

describe('admin dashboard /', () => {
  it('shows an admin every card: its figures, a described weekly chart and a link to its screen', async () => {
    renderAdmin({ path: '/', signedInAs: regularAdmin, handlers: [answering(everything), noUnknownLinks] });

    const lessons = await screen.findByRole('region', { name: 'الدروس' }, LOAD);
    expect(lessons).toHaveTextContent('٢');
    expect(lessons).toHaveTextContent('اليوم');
    expect(lessons).toHaveTextContent('هذا الأسبوع: ٣');
    expect(within(lessons).getByRole('img')).toHaveAccessibleName(
      'الدروس أسبوعيًا خلال آخر ٨ أسابيع، من الأقدم إلى الأحدث: ٠، ٠، ٠، ٠، ٠، ٠، ١، ٣. هذا الأسبوع: ٣.',
    );
    expect(screen.getByRole('link', { name: 'عرض الدروس' })).toHaveAttribute('href', '/lessons');

    const revenue = card('الإيرادات');
    expect(revenue).toHaveTextContent('١٬٣٠٠');
    expect(revenue).toHaveTextContent('هذا الشهر: ‏١٬٠٠٠٫٥٠');
    expect(within(revenue).getByRole('img').getAttribute('aria-label')).toContain('١٠٠');

    expect(card('المستخدمون الجدد')).toHaveTextContent('هذا الأسبوع: ٤٠');
    expect(card('طلبات سحب معلّقة')).toHaveTextContent('٣');
    expect(card('بلاغات مفتوحة')).toHaveTextContent('٥');
    expect(card('جلسات تصوير ناقصة')).toHaveTextContent('٧');
    const links = [
      ['عرض الطلبات المعلّقة', '/invoices?status=open'],
      ['عرض المقابلات قيد الانتظار', '/interviews?status=1'],
      ['عرض المقابلات غير المعتمدة', '/interviews?status=2&signed=false'],
      ['عرض البلاغات', '/reports'],
      ['عرض جلسات التصوير', '/photo-sessions?missing=true'],
      ['عرض المستخدمين', '/users'],
      ['عرض الخطط', '/plans'],
    ];
    for (const [name, href] of links) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getAllByRole('img')).toHaveLength(8);
  });

  it('follows a card’s link with the keyboard', async () => {
    const { user, router } = renderAdmin({
      path: '/',
      signedInAs: regularAdmin,
      handlers: [
        answering(everything),
        { method: 'GET', path: '/api/v1/interview/list/', answer: () => ({ body: { list: [], total: 0 } }) },
      ],
    });
    const link = await screen.findByRole('link', { name: 'عرض المقابلات غير المعتمدة' }, LOAD);
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentLocation(router)).toBe('/interviews?status=2&signed=false'));
  });

  it('shows a TutorManager only the cards the server gives them, about their own work', async () => {
    renderAdmin({
      path: '/',
      signedInAs: tutorManager,
      handlers: [
        answering({
          ...everything,
          cards: {
            lessons: { today: 1, week: 1, series: [0, 0, 0, 0, 0, 0, 0, 1] },
            pendingInterviews: { count: 1, series: [0, 0, 0, 0, 0, 0, 0, 2] },
            unsignedInterviews: { count: 1, series: [0, 0, 0, 0, 0, 0, 0, 1] },
          },
        }),
      ],
    });
    await screen.findByRole('region', { name: 'الدروس' }, LOAD);
    expect(screen.getByText(/عملك هذا الأسبوع/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'الدروس',
      'مقابلات قيد الانتظار',
      'مقابلات تنتظر الاعتماد',
    ]);
    expect(screen.queryByRole('region', { name: 'الإيرادات' })).not.toBeInTheDocument();
  });

  it('shows a Studio member the photo sessions card', async () => {
    renderAdmin({
      path: '/',
      signedInAs: studio,
      handlers: [
        answering({
          ...everything,
          cards: { photoSessions: { count: 2, series: [0, 0, 0, 0, 0, 0, 0, 0] } },
        }),
      ],
    });
    expect(await screen.findByRole('region', { name: 'جلسات تصوير ناقصة' }, LOAD)).toHaveTextContent('٢');
  });

  it('says when the figures cannot load, and loads them again on retry', async () => {
    let fail = true;
    const { user } = renderAdmin({
      path: '/',
      signedInAs: regularAdmin,
      handlers: [
        {
          method: 'GET',
          path: DASHBOARD,
          answer: () => (fail ? apiError(500, 'unexpected') : { body: everything }),
        },
        noUnknownLinks,
      ],
    });
    expect(await screen.findByText('تعذّر تحميل أرقام لوحة التحكم.', {}, LOAD)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('region', { name: 'الدروس' })).toBeInTheDocument();
  });
});
