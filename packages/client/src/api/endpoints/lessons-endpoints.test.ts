import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/accounts.ts';
import { ApiError, createApiClient, type FetchLike } from '../api-client.ts';
import { getTutorSchedule } from './availability.ts';
import { bookLesson, cancelLesson } from './lessons.ts';
import { findTutors } from './tutors.ts';

const stamp = '2026-01-10T08:00:00.000Z';
const lesson = {
  id: 5,
  tutor: { id: 3, name: 'منى', image: null },
  student: { id: 12, name: 'سارة', image: null },
  start: '2026-01-12T08:00:00.000Z',
  end: '2026-01-12T08:30:00.000Z',
  duration: 30,
  price: 7500,
  intro: false,
  trial: false,
  status: 'pending',
  canceledBy: null,
  canceledAt: null,
  minutesReturned: null,
  createdAt: stamp,
  updatedAt: stamp,
};

function setup(answer: () => Response) {
  const fetch = vi.fn<FetchLike>(async () => answer());
  const client = createApiClient({ baseUrl: 'https://api.example', fetch, createXhr: null });
  const last = () => {
    const [url, init] = fetch.mock.calls.at(-1) ?? [];
    return { url: String(url), method: init?.method };
  };
  return { client, last };
}

describe('lessons endpoints', () => {
  it('asks the tutors list with comma-joined topics and the search', async () => {
    const { client, last } = setup(() => jsonResponse(200, { list: [], total: 0 }));
    await findTutors(client, { search: 'منى', topics: [1, 2], page: 2, size: 10 });
    const url = new URL(last().url);
    expect(url.pathname).toBe('/api/v1/user/tutor/list/onboarded');
    expect(url.searchParams.get('topics')).toBe('1,2');
    expect(url.searchParams.get('search')).toBe('منى');
    expect(url.searchParams.get('page')).toBe('2');
  });

  it('reads a tutor schedule', async () => {
    const { client, last } = setup(() =>
      jsonResponse(200, { tutorId: 3, notice: 14, list: [], booked: [], bookable: { short: [], long: [] } }),
    );
    const schedule = await getTutorSchedule(client, { tutorId: 3, from: stamp, to: lesson.start });
    expect(schedule.notice).toBe(14);
    expect(new URL(last().url).searchParams.get('tutorId')).toBe('3');
  });

  it('books, and cancels returning the lesson', async () => {
    const { client, last } = setup(() => jsonResponse(200, lesson));
    await expect(bookLesson(client, { tutorId: 3, start: lesson.start, duration: 30 })).resolves.toEqual(
      lesson,
    );
    expect(last()).toEqual({ url: 'https://api.example/api/v1/lesson/', method: 'POST' });

    const cancel = setup(() => jsonResponse(200, { lesson: { ...lesson, status: 'canceled' } }));
    await expect(cancelLesson(cancel.client, 5)).resolves.toMatchObject({ id: 5, status: 'canceled' });
    expect(cancel.last().method).toBe('DELETE');
  });

  it('rejects a busy tutor with its code', async () => {
    const { client } = setup(() => jsonResponse(409, { code: 'busy-tutor', message: 'busy' }));
    const failure = bookLesson(client, { tutorId: 3, start: lesson.start, duration: 30 });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'busy-tutor' });
  });
});
