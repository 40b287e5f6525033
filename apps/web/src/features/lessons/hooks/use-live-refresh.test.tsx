import '../../../test/setup.ts';
import {
  LESSON_BOOKED_EVENT,
  LESSON_CANCELED_EVENT,
  LESSON_REMINDER_EVENT,
  Role,
  TUTORS_CACHE_EVENT,
} from '@hiwar/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { json } from '../../../test/fixtures.ts';
import { makeLesson, makeTutorCard } from '../../../test/lesson-fixtures.ts';
import { makeCurrent } from '../../../test/payment-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('live refresh', { timeout: 20_000 }, () => {
  it('refetches the lessons and the minutes when a lesson event arrives', async () => {
    const socket = new FakeSocket();
    let lessons = [] as ReturnType<typeof makeLesson>[];
    const { requests } = renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      socket,
      api: ({ path }) => {
        if (path.startsWith('/api/v1/lesson/list/')) {
          const list = new URL(path, 'http://x').searchParams.has('to') ? [] : lessons;
          return json(200, { list, total: list.length });
        }
        if (path === '/api/v1/sub/current') {
          return json(200, makeCurrent());
        }
        return undefined;
      },
    });
    expect(await screen.findByText('لا يوجد درس محجوز.')).toBeInTheDocument();
    await waitFor(() => expect(socket.listenerCount(LESSON_BOOKED_EVENT)).toBe(1));
    const minutesReads = () => requests.filter((request) => request.path === '/api/v1/sub/current').length;
    const before = minutesReads();

    // Booked in another tab: the event alone brings it here.
    lessons = [makeLesson()];
    act(() => socket.fire(LESSON_BOOKED_EVENT, { lesson: lessons[0] }));
    expect(await screen.findByText('درس مع منى خالد')).toBeInTheDocument();
    await waitFor(() => expect(minutesReads()).toBeGreaterThan(before));

    // A malformed payload is ignored.
    const count = requests.length;
    act(() => socket.fire(LESSON_CANCELED_EVENT, { lesson: { id: 'x' } }));
    expect(requests.length).toBe(count);
  });

  it('refetches the tutors list on the TutorsCache channel', async () => {
    const socket = new FakeSocket();
    let rating = 4.8;
    renderApp({
      path: '/tutors',
      socket,
      user: { role: Role.Student },
      api: ({ path }) =>
        path.startsWith('/api/v1/user/tutor/list/onboarded')
          ? json(200, { list: [makeTutorCard({ rating })], total: 1 })
          : undefined,
    });
    expect(await screen.findByText('٤٫٨')).toBeInTheDocument();
    await waitFor(() => expect(socket.listenerCount(TUTORS_CACHE_EVENT)).toBe(1));
    rating = 3.5;
    act(() => socket.fire(TUTORS_CACHE_EVENT, { reason: 'ratings', at: new Date().toISOString() }));
    expect(await screen.findByText('٣٫٥')).toBeInTheDocument();
  });

  it('shows a lesson reminder as a toast naming the other member, and ignores a malformed one', async () => {
    const socket = new FakeSocket();
    renderApp({
      path: '/s/dashboard',
      user: { role: Role.Student },
      socket,
      api: ({ path }) => {
        if (path.startsWith('/api/v1/lesson/list/')) {
          return json(200, { list: [], total: 0 });
        }
        if (path === '/api/v1/sub/current') {
          return json(200, makeCurrent());
        }
        return undefined;
      },
    });
    await waitFor(() => expect(socket.listenerCount(LESSON_REMINDER_EVENT)).toBe(1));
    act(() => socket.fire(LESSON_REMINDER_EVENT, { kind: 'day', lesson: { id: 1 } }));
    act(() => socket.fire(LESSON_REMINDER_EVENT, { kind: 'hour', lesson: makeLesson() }));
    expect(await screen.findByText('تذكير: درسك يبدأ بعد ساعة')).toBeInTheDocument();
    expect(screen.getByText(/درس مع منى خالد/)).toBeInTheDocument();
    expect(screen.queryByText('تذكير: لديك درس غدًا')).toBeNull();
  });
});
