import { Role } from '@hiwar/domain';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/accounts.ts';
import { ApiError, createApiClient, type FetchLike } from '../api-client.ts';
import { findChatMessages, findChatRooms, getRoomByMembers, newChat, updateRoom } from './chat.ts';
import { InvalidResponseError } from './parse-response.ts';

const stamp = '2030-01-01T09:00:00.000Z';
const message = {
  id: 5,
  roomId: 40,
  senderId: 7,
  text: 'Hello',
  clientRef: 'ref-1',
  createdAt: stamp,
  editedAt: null,
  deletedAt: null,
  attachments: [],
};
const room = {
  id: 40,
  other: { id: 3, name: 'منى', image: null, role: Role.Tutor, online: true },
  lastMessage: message,
  lastMessageAt: stamp,
  unread: 0,
  pinned: false,
  muted: false,
  otherLastReadMessageId: null,
};

function setup(answer: () => Response) {
  const fetch = vi.fn<FetchLike>(async () => answer());
  const client = createApiClient({ baseUrl: 'https://api.example', fetch, createXhr: null });
  const last = () => {
    const [url, init] = fetch.mock.calls.at(-1) ?? [];
    return { url: new URL(String(url)), method: init?.method, body: init?.body };
  };
  return { client, last };
}

describe('chat endpoints', () => {
  it('pages messages upwards with `before` and the page size', async () => {
    const { client, last } = setup(() => jsonResponse(200, { list: [message], hasMore: true }));
    await expect(findChatMessages(client, 40, { before: 9, size: 30 })).resolves.toEqual({
      list: [message],
      hasMore: true,
    });
    expect(last().url.pathname).toBe('/api/v1/chat/list/40/messages');
    expect(last().url.searchParams.get('before')).toBe('9');
    expect(last().url.searchParams.get('size')).toBe('30');
  });

  it('lists rooms of a user, sending the search only when there is one', async () => {
    const { client, last } = setup(() => jsonResponse(200, { list: [room], total: 1, unreadTotal: 0 }));
    await findChatRooms(client, 7, { page: 1, size: 10, search: '' });
    expect(last().url.pathname).toBe('/api/v1/chat/list/rooms/7/');
    expect(last().url.searchParams.has('search')).toBe(false);
    await findChatRooms(client, 7, { page: 2, search: 'منى' });
    expect(last().url.searchParams.get('search')).toBe('منى');
  });

  it('finds the pair’s room by members, and `null` (an empty answer, no error) when they have none', async () => {
    const { client, last } = setup(() => jsonResponse(200, room));
    await expect(getRoomByMembers(client, [7, 3])).resolves.toEqual(room);
    expect(last().url.searchParams.get('members')).toBe('7,3');

    const none = setup(() => jsonResponse(200, null));
    await expect(getRoomByMembers(none.client, [7, 3])).resolves.toBeNull();

    const refused = setup(() => jsonResponse(403, { code: 'not-member', message: 'no' }));
    await expect(getRoomByMembers(refused.client, [7, 3])).rejects.toBeInstanceOf(ApiError);
  });

  it('starts a chat and pins a room, parsing the answers', async () => {
    const { client, last } = setup(() => jsonResponse(200, { room, message }));
    await expect(newChat(client, { userId: 3, message: 'Hello', clientRef: 'ref-1' })).resolves.toEqual({
      room,
      message,
    });
    expect(last().method).toBe('POST');

    const pin = setup(() => jsonResponse(200, { ...room, pinned: true }));
    await expect(updateRoom(pin.client, 40, { pinned: true })).resolves.toMatchObject({ pinned: true });
    expect(pin.last().method).toBe('PUT');
    expect(pin.last().url.pathname).toBe('/api/v1/chat/room/40');
    expect(JSON.parse(String(pin.last().body))).toEqual({ pinned: true });
  });

  it('refuses an answer that does not fit the contract', async () => {
    const { client } = setup(() => jsonResponse(200, { list: [{ id: 'x' }], hasMore: false }));
    await expect(findChatMessages(client, 40)).rejects.toBeInstanceOf(InvalidResponseError);
  });
});
