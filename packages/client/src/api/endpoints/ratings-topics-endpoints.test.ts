import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/accounts.ts';
import { createApiClient, type FetchLike } from '../api-client.ts';
import { findOwnRating, updateRating } from './ratings.ts';
import { findUserTopics, replaceUserTopics } from './topics.ts';

const stamp = '2026-01-10T08:00:00.000Z';
const rating = (id: number, rateeId: number) => ({
  id,
  raterId: 12,
  rateeId,
  rater: { id: 12, name: 'سارة', image: null },
  value: 4,
  text: null,
  createdAt: stamp,
  updatedAt: stamp,
});

function setup(answer: (url: URL, init: RequestInit) => Response) {
  const fetch = vi.fn<FetchLike>(async (url, init) => answer(new URL(String(url)), init));
  const client = createApiClient({ baseUrl: 'https://api.example', fetch, createXhr: null });
  const calls = () => fetch.mock.calls.map(([url, init]) => ({ url: new URL(String(url)), init }));
  return { client, calls };
}

describe('ratings and topics endpoints', () => {
  it("finds the student's rating of a tutor page after page, or null", async () => {
    const { client, calls } = setup((url) => {
      const page = Number(url.searchParams.get('page'));
      const list = page === 1 ? [rating(1, 5)] : page === 2 ? [rating(2, 3)] : [];
      return jsonResponse(200, { list, total: 101 });
    });
    expect((await findOwnRating(client, 12, 3))?.id).toBe(2);
    expect(calls().map(({ url }) => `${url.pathname}?${url.searchParams}`)).toEqual([
      '/api/v1/rating/list/rater/12?page=1&size=100',
      '/api/v1/rating/list/rater/12?page=2&size=100',
    ]);
    expect(await findOwnRating(client, 12, 99)).toBeNull();
  });

  it('edits a rating with PUT', async () => {
    const { client, calls } = setup(() => jsonResponse(200, { ...rating(7, 3), value: 5 }));
    expect((await updateRating(client, 7, { value: 5 })).value).toBe(5);
    const [call] = calls();
    expect(call?.url.pathname).toBe('/api/v1/rating/7');
    expect(call?.init.method).toBe('PUT');
    expect(JSON.parse(String(call?.init.body))).toEqual({ value: 5 });
  });

  it("reads and replaces the user's topics", async () => {
    const topics = [{ id: 1, nameAr: 'محادثة', nameEn: 'Conversation' }];
    const { client, calls } = setup(() => jsonResponse(200, { list: topics }));
    expect(await findUserTopics(client)).toEqual(topics);
    expect(await replaceUserTopics(client, { topicIds: [1] })).toEqual(topics);
    expect(calls().map(({ url, init }) => `${init.method} ${url.pathname}`)).toEqual([
      'GET /api/v1/topic/of/user',
      'PATCH /api/v1/topic/of/user',
    ]);
  });
});
