import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeAccount } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const lesson = {
  id: 5,
  tutor: { id: 3, name: 'ليلى', image: null },
  student: { id: 7, name: 'سارة', image: null },
  start: '2026-12-01T10:00:00.000Z',
  end: '2026-12-01T10:30:00.000Z',
  duration: 30,
  price: 5000,
  intro: false,
  status: 'pending',
  canceledBy: null,
  canceledAt: null,
  minutesReturned: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('/t/dashboard', () => {
  it('shows the figures and the upcoming and past lessons', async () => {
    renderApp({
      path: '/t/dashboard',
      account: makeAccount({ id: 3, role: Role.Tutor }),
      api: ({ path }) => {
        if (path.startsWith('/api/v1/user/tutor/stats/personalized')) {
          return json(200, {
            tutorId: 3,
            lessonCount: 12,
            studentCount: 4,
            minutesTaught: 300,
            rating: 4.5,
            ratingCount: 3,
            upcomingLessons: 2,
            canceledByTutor: 0,
            canceledByStudent: 1,
            earnings: { total: 100, thisMonth: 10 },
            nextLesson: null,
          });
        }
        if (path.startsWith('/api/v1/lesson/list/')) {
          return path.includes('status=pending')
            ? json(200, { list: [lesson], total: 1 })
            : json(200, { list: [], total: 0 });
        }
        return undefined;
      },
    });
    const upcoming = await screen.findByRole('list', { name: 'الدروس القادمة' });
    expect(within(upcoming).getByText('مع سارة')).toBeTruthy();
    expect(await screen.findByText('٤٫٥')).toBeTruthy();
    expect(screen.getByText('لا توجد دروس سابقة بعد.')).toBeTruthy();
  });
});
