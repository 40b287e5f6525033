import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/accounts.ts';
import { createApiClient, type FetchLike } from '../api-client.ts';
import { isInvalidResponseError } from './index.ts';
import { getTutorFreeTimes } from './tutor-free-times.ts';
import { findTutors } from './tutors.ts';

function clientAnswering(body: unknown) {
  const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(200, body)));
  const client = createApiClient({ baseUrl: 'https://api.example', fetch, createXhr: null });
  return { client, url: () => String(fetch.mock.calls[0]?.[0]) };
}

const freeTimes = {
  tutorId: 3,
  until: '2030-01-07T22:00:00.000Z',
  days: [{ date: '2030-01-05', weekStart: '2030-01-05', starts: ['2030-01-05T07:00:00.000Z'] }],
};

describe('tutors endpoints (issue 27)', () => {
  it('getTutorFreeTimes reads a tutor’s free times, checked against the contract', async () => {
    const { client, url } = clientAnswering(freeTimes);
    await expect(getTutorFreeTimes(client, 3)).resolves.toEqual(freeTimes);
    expect(url()).toBe('https://api.example/api/v1/user/tutor/free-times/3');

    const wrong = clientAnswering({ ...freeTimes, days: [{ date: 'Saturday', starts: [] }] });
    const error = await getTutorFreeTimes(wrong.client, 3).catch((caught: unknown) => caught);
    expect(isInvalidResponseError(error)).toBe(true);
  });

  it('findTutors sends the available-today filter', async () => {
    const { client, url } = clientAnswering({ list: [], total: 0 });
    await findTutors(client, { available: 'today', page: 1, size: 10 });
    expect(new URL(url()).searchParams.get('available')).toBe('today');
  });
});
