import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/accounts.ts';
import { ApiError, createApiClient, type FetchLike } from '../api-client.ts';
import { InvalidResponseError } from './parse-response.ts';
import { getVideoSession } from './sessions.ts';

const session = {
  ref: { kind: 'lesson', id: 5 },
  members: [
    { id: 3, name: 'منى', image: null, role: 3, isHost: true },
    { id: 12, name: 'سارة', image: null, role: 4, isHost: false },
  ],
  start: '2026-01-12T08:00:00.000Z',
  end: '2026-01-12T08:30:00.000Z',
  access: { opensAt: '2026-01-12T07:50:00.000Z', closesAt: '2026-01-12T08:30:00.000Z' },
  chatRoomId: 9,
  iceServers: [{ urls: ['turn:turn.example:3478'], username: '1768208400:12', credential: 'abc=' }],
  now: '2026-01-12T08:01:00.000Z',
};

function setup(answer: () => Response) {
  const fetch = vi.fn<FetchLike>(async () => answer());
  const client = createApiClient({ baseUrl: 'https://api.example', fetch, createXhr: null });
  return { client, url: () => new URL(String(fetch.mock.calls.at(-1)?.[0])) };
}

describe('session endpoint', () => {
  it('asks GET /api/v1/session/{id} with the kind and returns the room', async () => {
    const { client, url } = setup(() => jsonResponse(200, session));
    await expect(getVideoSession(client, { kind: 'lesson', id: 5 })).resolves.toEqual(session);
    expect(url().pathname).toBe('/api/v1/session/5');
    expect(url().searchParams.get('kind')).toBe('lesson');
  });

  it('raises the refusal code, and refuses a body that is not a session', async () => {
    const refused = setup(() => jsonResponse(403, { code: 'unallowed', message: 'unallowed' }));
    await expect(getVideoSession(refused.client, { kind: 'lesson', id: 5 })).rejects.toEqual(
      expect.objectContaining({ code: 'unallowed', status: 403 }),
    );
    await expect(getVideoSession(refused.client, { kind: 'lesson', id: 5 })).rejects.toBeInstanceOf(ApiError);
    const garbled = setup(() => jsonResponse(200, { ...session, members: [] }));
    await expect(getVideoSession(garbled.client, { kind: 'lesson', id: 5 })).rejects.toBeInstanceOf(
      InvalidResponseError,
    );
  });
});
