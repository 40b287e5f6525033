import { CHAT_CLIENT_EVENTS, CHAT_SERVER_EVENTS, type ChatMessage, type ChatRoom, Role } from '@hiwar/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getValidToken } from '../../session/authorization.ts';
import { SessionProvider } from '../../session/session.tsx';
import { createTokenStore } from '../../session/token-store.ts';
import { createSocketManager } from '../../socket/socket-client.ts';
import { SocketProvider } from '../../socket/socket-provider.tsx';
import { jsonResponse, makeAccount } from '../../testing/accounts.ts';
import { createFakeIo, type FakeSocket } from '../../testing/fake-socket.ts';
import { DAY_MS, NOW_MS, tokenExpiringIn } from '../../testing/tokens.ts';
import { createApiClient, type FetchLike } from '../api-client.ts';
import { useChatMessages, useChatRooms, useChatSummary, useNewChat, useUpdateChatRoom } from './chat.ts';
import { chatKeys, compareRooms, conversationItems } from './chat-cache.ts';
import { type ChatAlert, TYPING_EXPIRY_MS, useChatConversation, useChatEvents } from './chat-socket.ts';

const ME = 7;
const TUTOR = 3;
const ROOM = 40;
const stamp = (minute: number) => new Date(Date.UTC(2030, 0, 1, 9, minute)).toISOString();

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    roomId: ROOM,
    senderId: TUTOR,
    text: `رسالة ${id}`,
    clientRef: null,
    createdAt: stamp(id % 60),
    editedAt: null,
    deletedAt: null,
    attachments: [],
    ...overrides,
  };
}

function room(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: ROOM,
    other: { id: TUTOR, name: 'منى', image: null, role: Role.Tutor, online: false },
    lastMessage: message(10),
    lastMessageAt: stamp(10),
    unread: 0,
    pinned: false,
    muted: false,
    otherLastReadMessageId: null,
    ...overrides,
  };
}

/** A page of `count` messages from `newest` down, newest first. */
function page(newest: number, count: number, hasMore: boolean) {
  return { list: Array.from({ length: count }, (_, index) => message(newest - index)), hasMore };
}

type Answer = (url: URL, init: RequestInit) => unknown;

function setup(answer: Answer) {
  const store = createTokenStore({ now: () => NOW_MS });
  store.setToken(tokenExpiringIn(5 * DAY_MS, ME));
  const account = makeAccount({ id: ME });
  store.setStoredUser(account);
  const fetch = vi.fn<FetchLike>(async (url, init) =>
    jsonResponse(200, answer(new URL(url, 'http://localhost'), init)),
  );
  const client = createApiClient({ baseUrl: '', fetch, createXhr: null });
  const fake = createFakeIo();
  const manager = createSocketManager({
    url: () => 'http://localhost:3000',
    getToken: () => getValidToken(store),
    io: fake.io,
    log: () => undefined,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider
        client={client}
        store={store}
        now={() => NOW_MS}
        fetchCurrentUser={() => Promise.resolve(account)}
      >
        <SocketProvider manager={manager}>{children}</SocketProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
  const calls = (path: string) =>
    fetch.mock.calls.filter(([url]) => new URL(url, 'http://localhost').pathname === path);
  return { fetch, wrapper, calls, queryClient, fake };
}

/** The socket, connected, answering `chat:send`, `chat:update` and `chat:delete` as the server would. */
function serverSocket(fake: ReturnType<typeof createFakeIo>): FakeSocket {
  const socket = fake.last();
  let nextId = 100;
  socket.ackAnswer = () => {
    const last = socket.emitted.at(-1);
    const payload = last?.args[0] as Record<string, unknown>;
    if (last?.event === CHAT_CLIENT_EVENTS.send) {
      nextId += 1;
      return Promise.resolve({
        code: 'ok',
        message: message(nextId, {
          senderId: ME,
          text: String(payload.text),
          clientRef: String(payload.clientRef),
        }),
      });
    }
    if (last?.event === CHAT_CLIENT_EVENTS.update) {
      return Promise.resolve({
        code: 'ok',
        message: message(Number(payload.messageId), {
          senderId: ME,
          text: String(payload.text),
          editedAt: stamp(30),
        }),
      });
    }
    return Promise.resolve({ code: 'ok' });
  };
  act(() => socket.accept());
  return socket;
}

/** Plays a server event and lets React Query's batched notifications reach the components. */
async function play(socket: FakeSocket, event: string, payload: unknown): Promise<void> {
  await act(async () => {
    socket.fire(event, payload);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const roomsPath = `/api/v1/chat/list/rooms/${ME}/`;
const messagesPath = `/api/v1/chat/list/${ROOM}/messages`;

function chatApi(overrides: Partial<Record<string, Answer>> = {}): Answer {
  return (url, init) => {
    const handler = overrides[url.pathname];
    if (handler) {
      return handler(url, init);
    }
    if (url.pathname === roomsPath) {
      return { list: [room()], total: 1, unreadTotal: 0 };
    }
    if (url.pathname === messagesPath) {
      return page(10, 10, false);
    }
    return {};
  };
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('chat hooks', () => {
  it('pages a conversation upwards with `before` the oldest loaded message', async () => {
    const { wrapper, calls } = setup(
      chatApi({
        [messagesPath]: (url) =>
          url.searchParams.get('before') === '71' ? page(70, 30, false) : page(100, 30, true),
      }),
    );
    const { result } = renderHook(() => useChatMessages(ROOM), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);

    await act(() => result.current.fetchNextPage());

    const asked = calls(messagesPath).map(([url]) => new URL(url, 'http://localhost').searchParams);
    expect(asked.map((params) => params.get('before'))).toEqual([null, '71']);
    expect(asked[0]?.get('size')).toBe('30');
    await waitFor(() => expect(result.current.hasNextPage).toBe(false));
    const items = conversationItems(result.current.data?.pages ?? [], []);
    expect(items.map((item) => item.kind === 'message' && item.message.id)).toEqual(
      Array.from({ length: 60 }, (_, index) => 41 + index),
    );
  });

  it('lists rooms with the search term and takes the unread total of the rooms not muted from the server', async () => {
    const { wrapper, calls } = setup(
      chatApi({
        [roomsPath]: (url) =>
          url.searchParams.get('search') === 'منى'
            ? { list: [room()], total: 1, unreadTotal: 7 }
            : {
                list: [
                  room({ unread: 2 }),
                  room({ id: 41, unread: 5, muted: true }),
                  room({ id: 42, unread: 1 }),
                ],
                total: 3,
                // Two more in rooms beyond the first page.
                unreadTotal: 5,
              },
      }),
    );
    const { result } = renderHook(() => ({ search: useChatRooms(' منى '), summary: useChatSummary() }), {
      wrapper,
    });
    await waitFor(() =>
      expect(result.current.summary.isSuccess && result.current.search.isSuccess).toBe(true),
    );
    expect(result.current.search.list).toHaveLength(1);
    expect(result.current.summary.data?.unreadTotal).toBe(5);
    const searches = calls(roomsPath).map(([url]) =>
      new URL(url, 'http://localhost').searchParams.get('search'),
    );
    expect(searches).toContain('منى');
  });

  it('shows a sent message at once and replaces it with the stored one carrying the same clientRef', async () => {
    const { wrapper, fake } = setup(chatApi());
    const { result } = renderHook(
      () => {
        useChatEvents();
        return useChatConversation(ROOM);
      },
      { wrapper },
    );
    const socket = serverSocket(fake);
    await waitFor(() => expect(result.current.items).toHaveLength(10));
    expect(socket.emitted.some((item) => item.event === CHAT_CLIENT_EVENTS.join)).toBe(true);

    let release: (value: unknown) => void = () => undefined;
    const answer = socket.ackAnswer;
    socket.ackAnswer = () => new Promise((resolve) => (release = resolve));
    let sending: Promise<string> = Promise.resolve('');
    act(() => {
      sending = result.current.send('Hello, how are you?');
    });
    await waitFor(() => expect(result.current.items).toHaveLength(11));
    expect(result.current.items.at(-1)).toMatchObject({
      kind: 'outgoing',
      message: { status: 'sending', text: 'Hello, how are you?' },
    });
    const sent = socket.emitted.find((item) => item.event === CHAT_CLIENT_EVENTS.send);
    const { clientRef } = (sent?.args[0] ?? {}) as { clientRef: string };
    expect(clientRef).toMatch(/^[0-9a-f-]{32,36}$/);

    // The server's event for the sender's other tabs arrives before the acknowledgement: shown once.
    const stored = message(11, { senderId: ME, text: 'Hello, how are you?', clientRef });
    await play(socket, CHAT_SERVER_EVENTS.message, { message: stored });
    socket.ackAnswer = answer;
    await act(async () => {
      release({ code: 'ok', message: stored });
      await sending;
    });
    expect(result.current.items).toHaveLength(11);
    expect(result.current.items.at(-1)).toEqual({ kind: 'message', message: stored });
  });

  it('marks a refused send as failed and sends it again with the same clientRef', async () => {
    const { wrapper, fake } = setup(chatApi());
    const { result } = renderHook(
      () => {
        useChatEvents();
        return useChatConversation(ROOM);
      },
      { wrapper },
    );
    const socket = serverSocket(fake);
    await waitFor(() => expect(result.current.items).toHaveLength(10));
    const answer = socket.ackAnswer;
    socket.ackAnswer = () => Promise.reject(new Error('timeout'));

    let code = '';
    await act(async () => {
      code = await result.current.send('مرحبا');
    });
    expect(code).toBe('unreachable');
    await waitFor(() =>
      expect(result.current.items.at(-1)).toMatchObject({
        kind: 'outgoing',
        message: { status: 'failed', code: 'unreachable' },
      }),
    );
    const failed = result.current.items.at(-1);

    socket.ackAnswer = answer;
    const ref = failed?.kind === 'outgoing' ? failed.message.clientRef : '';
    await act(async () => {
      code = await result.current.retry(ref);
    });
    expect(code).toBe('ok');
    const sends = socket.emitted.filter((item) => item.event === CHAT_CLIENT_EVENTS.send);
    expect(sends.map((item) => (item.args[0] as { clientRef: string }).clientRef)).toEqual([ref, ref]);
    await waitFor(() =>
      expect(result.current.items.at(-1)).toMatchObject({ kind: 'message', message: { clientRef: ref } }),
    );
    expect(result.current.items).toHaveLength(11);
  });

  it('counts a message from the other member as unread, raises the room and marks it read when open', async () => {
    const { wrapper, fake } = setup(
      chatApi({
        [roomsPath]: () => ({
          list: [room({ id: 41, pinned: true, lastMessageAt: stamp(1) }), room({ id: 42 }), room()],
          total: 3,
          unreadTotal: 0,
        }),
      }),
    );
    const { result } = renderHook(
      () => {
        useChatEvents();
        return useChatRooms();
      },
      { wrapper },
    );
    const socket = serverSocket(fake);
    await waitFor(() => expect(result.current.list).toHaveLength(3));

    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(11) });
    expect(result.current.list.map((item) => item.id)).toEqual([41, ROOM, 42]);
    expect(result.current.list[1]).toMatchObject({ unread: 1, lastMessage: { id: 11 } });
    // A repeated event is not counted twice.
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(11) });
    expect(result.current.list[1]?.unread).toBe(1);

    const conversation = renderHook(() => useChatConversation(ROOM), { wrapper });
    await waitFor(() => expect(conversation.result.current.items.length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(socket.emitted.filter((item) => item.event === CHAT_CLIENT_EVENTS.read).at(-1)?.args[0]).toEqual(
        {
          roomId: ROOM,
          messageId: 10,
        },
      ),
    );
  });

  it('moves read receipts forward, shows typing until it expires, and follows presence', async () => {
    const { wrapper, fake } = setup(chatApi());
    const { result } = renderHook(
      () => {
        useChatEvents();
        return { conversation: useChatConversation(ROOM), rooms: useChatRooms() };
      },
      { wrapper },
    );
    const socket = serverSocket(fake);
    await waitFor(() => expect(result.current.rooms.list).toHaveLength(1));
    await waitFor(() => expect(result.current.conversation.room.data).toBeDefined());

    await play(socket, CHAT_SERVER_EVENTS.read, { roomId: ROOM, userId: TUTOR, messageId: 9 });
    expect(result.current.conversation.room.data?.otherLastReadMessageId).toBe(9);
    // An older receipt never moves it back.
    await play(socket, CHAT_SERVER_EVENTS.read, { roomId: ROOM, userId: TUTOR, messageId: 4 });
    expect(result.current.rooms.list[0]?.otherLastReadMessageId).toBe(9);

    await play(socket, CHAT_SERVER_EVENTS.presence, { userId: TUTOR, online: true });
    expect(result.current.rooms.list[0]?.other.online).toBe(true);
    expect(result.current.conversation.room.data?.other.online).toBe(true);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => {
      socket.fire(CHAT_SERVER_EVENTS.typing, { roomId: ROOM, userId: TUTOR, typing: true });
      vi.advanceTimersByTime(0);
    });
    expect(result.current.conversation.otherTyping).toBe(true);
    act(() => vi.advanceTimersByTime(TYPING_EXPIRY_MS - 100));
    expect(result.current.conversation.otherTyping).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current.conversation.otherTyping).toBe(false);
  });

  it('applies edits and deletions to the conversation and the room’s last message', async () => {
    const { wrapper, fake } = setup(chatApi());
    const { result } = renderHook(
      () => {
        useChatEvents();
        return { conversation: useChatConversation(ROOM), rooms: useChatRooms() };
      },
      { wrapper },
    );
    const socket = serverSocket(fake);
    await waitFor(() => expect(result.current.conversation.items).toHaveLength(10));
    await waitFor(() => expect(result.current.rooms.list).toHaveLength(1));

    await act(async () => {
      await result.current.conversation.edit(10, 'edited');
    });
    await waitFor(() => expect(result.current.rooms.list[0]?.lastMessage?.text).toBe('edited'));
    await play(socket, CHAT_SERVER_EVENTS.deleted, {
      message: message(9, { text: '', deletedAt: stamp(31) }),
    });
    const deleted = result.current.conversation.items.find(
      (item) => item.kind === 'message' && item.message.id === 9,
    );
    expect(deleted).toMatchObject({ message: { text: '', deletedAt: stamp(31) } });
  });

  it('refetches the rooms and the open room after a reconnect', async () => {
    let newest = 10;
    const { wrapper, fake, calls } = setup(chatApi({ [messagesPath]: () => page(newest, newest, false) }));
    const { result } = renderHook(
      () => {
        useChatEvents();
        return { conversation: useChatConversation(ROOM), rooms: useChatRooms() };
      },
      { wrapper },
    );
    const socket = serverSocket(fake);
    await waitFor(() => expect(result.current.conversation.items).toHaveLength(10));
    const roomsBefore = calls(roomsPath).length;

    act(() => {
      socket.connected = false;
      socket.fire('disconnect', 'transport close');
    });
    newest = 12;
    act(() => socket.accept());

    await waitFor(() => expect(result.current.conversation.items).toHaveLength(12));
    expect(calls(roomsPath).length).toBeGreaterThan(roomsBefore);
    const joins = socket.emitted.filter((item) => item.event === CHAT_CLIENT_EVENTS.join);
    expect(joins).toHaveLength(2);
  });

  it('starts a chat with a first message and pins a room, keeping the lists in order', async () => {
    const created = room({
      id: 50,
      other: { id: 9, name: 'Omar', image: null, role: Role.Tutor, online: true },
    });
    const { wrapper, fetch, queryClient } = setup(
      chatApi({
        '/api/v1/chat/new': (_url, init) => {
          const body = JSON.parse(String(init.body)) as { message: string; clientRef: string };
          return {
            room: created,
            message: message(1, { roomId: 50, senderId: ME, text: body.message, clientRef: body.clientRef }),
          };
        },
        [`/api/v1/chat/room/${ROOM}`]: () => room({ pinned: true }),
      }),
    );
    const { result } = renderHook(
      () => ({ rooms: useChatRooms(), start: useNewChat(), pin: useUpdateChatRoom() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.rooms.list).toHaveLength(1));

    await act(() => result.current.start.mutateAsync({ userId: 9, message: 'Hi Omar' }));
    const posted = fetch.mock.calls.find(([url]) => url.endsWith('/chat/new'));
    expect(JSON.parse(String(posted?.[1].body))).toMatchObject({ userId: 9, message: 'Hi Omar' });
    expect(queryClient.getQueryData(chatKeys.byMembers(9, ME))).toMatchObject({ id: 50 });

    await act(() => result.current.pin.mutateAsync({ roomId: ROOM, pinned: true }));
    const put = fetch.mock.calls.find(
      ([url, init]) => url.endsWith(`/chat/room/${ROOM}`) && init.method === 'PUT',
    );
    expect(JSON.parse(String(put?.[1].body))).toEqual({ pinned: true });
  });

  it('orders rooms like the server: pinned, then rooms with messages, then the latest activity', () => {
    const empty = (id: number, minute: number, pinned = false) =>
      room({ id, lastMessage: null, lastMessageAt: stamp(minute), pinned });
    const talked = (id: number, minute: number) =>
      room({ id, lastMessage: message(minute), lastMessageAt: stamp(minute) });
    const sorted = [empty(1, 50), talked(2, 5), empty(3, 55), talked(4, 20), empty(5, 1, true)].sort(
      compareRooms,
    );
    expect(sorted.map((item) => item.id)).toEqual([5, 4, 2, 3, 1]);
  });

  it('keeps the unread total live: new messages, reads, and mutes here or on another device', async () => {
    // The server's side: the open room's unread count and mute (the muted room leaves the total).
    const server = { unread: 2, muted: false };
    const { wrapper, fake } = setup(
      chatApi({
        [roomsPath]: () => ({
          list: [room(server), room({ id: 41, unread: 1, other: { ...room().other, id: 4 } })],
          total: 2,
          unreadTotal: (server.muted ? 0 : server.unread) + 1,
        }),
        [`/api/v1/chat/room/${ROOM}`]: () => {
          server.muted = true;
          return room(server);
        },
      }),
    );
    const { result } = renderHook(
      () => {
        useChatEvents();
        return { summary: useChatSummary(), mute: useUpdateChatRoom() };
      },
      { wrapper },
    );
    const socket = serverSocket(fake);
    await waitFor(() => expect(result.current.summary.data?.unreadTotal).toBe(3));

    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(11) });
    server.unread = 3;
    expect(result.current.summary.data?.unreadTotal).toBe(4);

    // Muted on this device: the room's three unread messages leave the total at once.
    await act(() => result.current.mute.mutateAsync({ roomId: ROOM, muted: true }));
    expect(result.current.summary.data?.unreadTotal).toBe(1);
    // A new message in the muted room counts nowhere.
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(12) });
    expect(result.current.summary.data?.unreadTotal).toBe(1);

    // Muted on another device: the server tells this one.
    await play(socket, CHAT_SERVER_EVENTS.room, {
      room: room({ id: 41, unread: 1, muted: true, other: { ...room().other, id: 4 } }),
      reason: 'updated',
    });
    expect(result.current.summary.data?.unreadTotal).toBe(0);
    expect(result.current.summary.data?.rooms.find((item) => item.id === 41)?.muted).toBe(true);

    // Unmuted there again, then read here: back in, then cleared.
    await play(socket, CHAT_SERVER_EVENTS.room, {
      room: room({ id: 41, unread: 1, muted: false, other: { ...room().other, id: 4 } }),
      reason: 'updated',
    });
    expect(result.current.summary.data?.unreadTotal).toBe(1);
    await play(socket, CHAT_SERVER_EVENTS.read, { roomId: 41, userId: ME, messageId: 99 });
    expect(result.current.summary.data?.unreadTotal).toBe(0);
  });

  it('alerts about a new message only when its room is not muted (on any device) and not on screen', async () => {
    const stranger = { id: 12, name: 'سامي', image: null, role: Role.Tutor, online: true };
    const byMembers: Record<string, ChatRoom | null> = {
      [`${ME},12`]: room({ id: 60, other: stranger, muted: false }),
      [`${ME},13`]: room({ id: 61, other: { ...stranger, id: 13 }, muted: true }),
    };
    const { wrapper, fake } = setup(
      chatApi({
        '/api/v1/chat/room/by/members': (url) => byMembers[url.searchParams.get('members') ?? ''] ?? null,
      }),
    );
    const alerts: ChatAlert[] = [];
    let listed = 0;
    function Conversation() {
      useChatConversation(ROOM);
      return null;
    }
    /** The app: the chat events with the alerts, the rooms list, and the conversation when open. */
    function App({ open }: { open: boolean }) {
      useChatEvents({ onAlert: (alert) => alerts.push(alert) });
      listed = useChatRooms().list.length;
      return open ? <Conversation /> : null;
    }
    const app = render(<App open={false} />, { wrapper });
    const socket = serverSocket(fake);
    await waitFor(() => expect(listed).toBe(1));
    const heard = () => alerts.map((alert) => [alert.room.id, alert.message.id]);

    // A room in the list, not muted: one alert (an echo of the same message is not a second one).
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(11) });
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(11) });
    expect(heard()).toEqual([[ROOM, 11]]);
    // Our own message (from another tab) is no news.
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(12, { senderId: ME }) });
    expect(heard()).toEqual([[ROOM, 11]]);

    // Muted on another device: quiet from then on.
    await play(socket, CHAT_SERVER_EVENTS.room, { room: room({ muted: true }), reason: 'updated' });
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(13) });
    expect(heard()).toEqual([[ROOM, 11]]);
    await play(socket, CHAT_SERVER_EVENTS.room, { room: room({ muted: false }), reason: 'updated' });

    // Open on screen: read there, no alert.
    app.rerender(<App open />);
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(14) });
    expect(heard()).toEqual([[ROOM, 11]]);
    app.rerender(<App open={false} />);
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(15) });
    expect(heard()).toEqual([
      [ROOM, 11],
      [ROOM, 15],
    ]);

    // Rooms no list holds: looked up, and their mute decides.
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(20, { roomId: 61, senderId: 13 }) });
    await play(socket, CHAT_SERVER_EVENTS.message, { message: message(21, { roomId: 60, senderId: 12 }) });
    await waitFor(() => expect(heard()).toContainEqual([60, 21]));
    expect(heard()).not.toContainEqual([61, 20]);

    // A new room arriving with the other member's first message alerts; a pin or mute does not.
    const fresh = room({
      id: 70,
      other: { ...stranger, id: 14 },
      unread: 1,
      lastMessage: message(30, { roomId: 70, senderId: 14 }),
    });
    await play(socket, CHAT_SERVER_EVENTS.room, { room: fresh, reason: 'created' });
    expect(heard()).toContainEqual([70, 30]);
    const unmutedElsewhere = room({
      id: 71,
      other: { ...stranger, id: 15 },
      unread: 4,
      lastMessage: message(31, { roomId: 71, senderId: 15 }),
    });
    await play(socket, CHAT_SERVER_EVENTS.room, { room: unmutedElsewhere, reason: 'updated' });
    expect(heard()).not.toContainEqual([71, 31]);
  });
});
