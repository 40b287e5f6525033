import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeAccount } from '../../test/fixtures.ts';
import { listedOnboarding } from '../../test/interview-fixtures.ts';
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
  trial: false,
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
        if (path === '/api/v1/user/tutor/onboarding/3') {
          return json(200, listedOnboarding());
        }
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

  it('offers the lesson to enter now, the latest students and reviews', async () => {
    const soon = new Date(Date.now() + 5 * 60_000);
    const now = {
      ...lesson,
      id: 6,
      start: soon.toISOString(),
      end: new Date(soon.getTime() + 30 * 60_000).toISOString(),
    };
    const given = { ...lesson, id: 7, status: 'fulfilled', student: { id: 8, name: 'علي', image: null } };
    renderApp({
      path: '/t/dashboard',
      account: makeAccount({ id: 3, role: Role.Tutor }),
      api: ({ path }) => {
        if (path === '/api/v1/user/tutor/onboarding/3') {
          return json(200, listedOnboarding());
        }
        if (path.startsWith('/api/v1/user/tutor/stats/personalized')) {
          return json(200, {
            tutorId: 3,
            lessonCount: 12,
            studentCount: 4,
            minutesTaught: 300,
            rating: 4.5,
            ratingCount: 1,
            upcomingLessons: 2,
            canceledByTutor: 0,
            canceledByStudent: 0,
            earnings: { total: 100, thisMonth: 10 },
            nextLesson: null,
          });
        }
        if (path.startsWith('/api/v1/lesson/list/')) {
          const status = new URL(path, 'http://x').searchParams.get('status');
          const list = status === 'pending' ? [now, lesson] : status === 'fulfilled' ? [given] : [];
          return json(200, { list, total: list.length });
        }
        if (path.startsWith('/api/v1/rating/list/tutor/3')) {
          return json(200, {
            list: [
              {
                id: 1,
                raterId: 7,
                rateeId: 3,
                rater: { id: 7, name: 'سارة', image: null },
                value: 5,
                text: 'شرح واضح جدًا',
                createdAt: '2026-11-20T10:00:00.000Z',
                updatedAt: '2026-11-20T10:00:00.000Z',
              },
            ],
            total: 1,
          });
        }
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: 'الدرس الآن' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'دخول الدرس' })).toHaveAttribute('href', '/lesson/6');
    const students = await screen.findByRole('region', { name: 'آخر طلابك' });
    expect(within(students).getByText('علّمت ٤ طلاب حتى الآن.')).toBeTruthy();
    // Sara had two of the latest lessons, Ali one.
    expect(await within(students).findByText('درسان')).toBeTruthy();
    expect(within(students).getByText('درس واحد')).toBeTruthy();
    expect(within(students).getAllByRole('listitem')).toHaveLength(2);
    const reviews = screen.getByRole('region', { name: 'آخر التقييمات' });
    expect(await within(reviews).findByText('شرح واضح جدًا')).toBeTruthy();
  });
});
