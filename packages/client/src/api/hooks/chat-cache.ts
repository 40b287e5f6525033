import type { ChatMessage, ChatMessagesPage, ChatRoom, ChatRoomsPage } from '@hiwar/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/**
 * React Query keys of chat; everything under `['chat']`. Rooms lists (the infinite list per search and
 * the summary behind the unread badge) sit under `['chat', 'rooms']` so one invalidation refetches them.
 * `outbox` and `typing` are client state kept in the cache (no query function) so every screen showing a
 * room sees the same pending messages and the same "typing…".
 */
export const chatKeys = {
  all: ['chat'] as const,
  rooms: ['chat', 'rooms'] as const,
  roomList: (userId: number, search: string) => ['chat', 'rooms', 'list', userId, search] as const,
  roomSummary: (userId: number) => ['chat', 'rooms', 'summary', userId] as const,
  roomDetails: ['chat', 'room'] as const,
  room: (roomId: number) => ['chat', 'room', roomId] as const,
  byMembers: (userA: number, userB: number) =>
    ['chat', 'by-members', Math.min(userA, userB), Math.max(userA, userB)] as const,
  messages: (roomId: number) => ['chat', 'messages', roomId] as const,
  outbox: (roomId: number) => ['chat', 'outbox', roomId] as const,
  typing: (roomId: number) => ['chat', 'typing', roomId] as const,
};

export type RoomsInfiniteData = InfiniteData<ChatRoomsPage, number>;
/** Pages newest first; each page's param is the `before` it was asked with (none for the newest). */
export type MessagesInfiniteData = InfiniteData<ChatMessagesPage, number | undefined>;

/** A message this tab sent that the server has not confirmed yet (`sending`), or refused (`failed`). */
export interface OutgoingMessage {
  clientRef: string;
  roomId: number;
  text: string;
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why it failed: an acknowledgement or validation code (`unreachable` when the connection dropped). */
  code: string | null;
}

type RoomsData = RoomsInfiniteData | ChatRoomsPage;

function isInfinite(data: RoomsData): data is RoomsInfiniteData {
  return 'pages' in data;
}

function pagesOf(data: RoomsData | undefined): ChatRoomsPage[] {
  return !data ? [] : isInfinite(data) ? data.pages : [data];
}

/** What a room adds to the unread total: its unread messages, nothing while muted. */
export function unreadContribution(room: ChatRoom): number {
  return room.muted ? 0 : room.unread;
}

function unreadOf(list: readonly ChatRoom[]): number {
  return list.reduce((sum, room) => sum + unreadContribution(room), 0);
}

/**
 * Maps the rooms of a cached list, moving its `unreadTotal` (the server's count over all the rooms) by
 * what the change did to the rooms it holds: a new unread message, a read, a mute or an unmute.
 */
function mapRoomsData(
  data: RoomsData | undefined,
  map: (list: ChatRoom[]) => ChatRoom[],
): RoomsData | undefined {
  if (!data) {
    return data;
  }
  const before = pagesOf(data);
  const after = before.map((page) => ({ ...page, list: map(page.list) }));
  const delta = after.reduce(
    (sum, page, index) => sum + unreadOf(page.list) - unreadOf(before[index]!.list),
    0,
  );
  const pages = delta === 0 ? after : after.map((page) => withUnreadTotal(page, page.unreadTotal + delta));
  return isInfinite(data) ? { ...data, pages } : (pages[0] as ChatRoomsPage);
}

function withUnreadTotal(page: ChatRoomsPage, unreadTotal: number): ChatRoomsPage {
  return { ...page, unreadTotal: Math.max(0, unreadTotal) };
}

function roomsLists(queryClient: QueryClient): [readonly unknown[], RoomsData | undefined][] {
  return queryClient.getQueriesData<RoomsData>({ queryKey: chatKeys.rooms });
}

/** The room as any cached list or detail knows it, or `undefined`. */
export function findCachedRoom(queryClient: QueryClient, roomId: number): ChatRoom | undefined {
  const detail = queryClient.getQueryData<ChatRoom>(chatKeys.room(roomId));
  if (detail) {
    return detail;
  }
  for (const [, data] of roomsLists(queryClient)) {
    for (const page of pagesOf(data)) {
      const room = page.list.find((candidate) => candidate.id === roomId);
      if (room) {
        return room;
      }
    }
  }
  return undefined;
}

/**
 * Changes one room wherever it is cached: its detail, every rooms list and the pair lookup. Answers
 * whether any rooms list held it (when none does, the lists need a refetch to show it).
 */
export function updateCachedRoom(
  queryClient: QueryClient,
  roomId: number,
  update: (room: ChatRoom) => ChatRoom,
): boolean {
  let listed = false;
  queryClient.setQueriesData<RoomsData>({ queryKey: chatKeys.rooms }, (data) =>
    mapRoomsData(data, (list) =>
      list.map((room) => {
        if (room.id !== roomId) {
          return room;
        }
        listed = true;
        return update(room);
      }),
    ),
  );
  queryClient.setQueryData<ChatRoom>(chatKeys.room(roomId), (room) => (room ? update(room) : room));
  queryClient.setQueriesData<ChatRoom | null>({ queryKey: ['chat', 'by-members'] }, (room) =>
    room && room.id === roomId ? update(room) : room,
  );
  return listed;
}

/**
 * The server's order: pinned rooms first; then rooms with messages before rooms nobody wrote in yet;
 * then the latest activity first.
 */
export function compareRooms(a: ChatRoom, b: ChatRoom): number {
  if (a.pinned !== b.pinned) {
    return a.pinned ? -1 : 1;
  }
  if ((a.lastMessage === null) !== (b.lastMessage === null)) {
    return a.lastMessage === null ? 1 : -1;
  }
  return Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt);
}

/**
 * Moves a room to its place at the head of the first page (a new message or a new pin puts it there),
 * in every list that holds it.
 */
function raiseRoom(queryClient: QueryClient, roomId: number): void {
  queryClient.setQueriesData<RoomsData>({ queryKey: chatKeys.rooms }, (data) => {
    if (!data) {
      return data;
    }
    const pages = pagesOf(data);
    const room = pages.flatMap((page) => page.list).find((candidate) => candidate.id === roomId);
    if (!room) {
      return data;
    }
    const without = pages.map((page) => ({ ...page, list: page.list.filter((item) => item.id !== roomId) }));
    const [first, ...rest] = without;
    if (!first) {
      return data;
    }
    const head = [...first.list, room].sort(compareRooms);
    const raised: ChatRoomsPage[] = [{ ...first, list: head }, ...rest];
    return isInfinite(data) ? { ...data, pages: raised } : (raised[0] as ChatRoomsPage);
  });
}

/**
 * A room from the caller's side, new or changed (the `chat:room` event, a first message, a pin):
 * replaced where it is cached; added to the head of the unfiltered lists that lack it.
 */
export function upsertCachedRoom(queryClient: QueryClient, room: ChatRoom): void {
  const listed = updateCachedRoom(queryClient, room.id, () => room);
  queryClient.setQueryData(chatKeys.room(room.id), room);
  if (!listed) {
    for (const [key, data] of roomsLists(queryClient)) {
      const search = key[2] === 'list' ? key[4] : '';
      if (!data || search !== '') {
        continue;
      }
      queryClient.setQueryData<RoomsData>(key, (current) => {
        if (!current) {
          return current;
        }
        if (isInfinite(current)) {
          const [first, ...rest] = current.pages;
          if (!first) {
            return current;
          }
          const added = unreadContribution(room);
          return {
            ...current,
            pages: [
              { list: [room, ...first.list], total: first.total + 1, unreadTotal: first.unreadTotal + added },
              ...rest.map((page) => withUnreadTotal(page, page.unreadTotal + added)),
            ],
          };
        }
        return {
          list: [room, ...current.list],
          total: current.total + 1,
          unreadTotal: current.unreadTotal + unreadContribution(room),
        };
      });
    }
  }
  raiseRoom(queryClient, room.id);
}

function mapMessages(
  data: MessagesInfiniteData | undefined,
  map: (message: ChatMessage) => ChatMessage,
): MessagesInfiniteData | undefined {
  if (!data) {
    return data;
  }
  return { ...data, pages: data.pages.map((page) => ({ ...page, list: page.list.map(map) })) };
}

/** Drops the outgoing copy of a message once the server's copy (same `clientRef`) is here. */
export function removeOutgoing(queryClient: QueryClient, roomId: number, clientRef: string): void {
  queryClient.setQueryData<OutgoingMessage[]>(chatKeys.outbox(roomId), (outbox) =>
    outbox?.filter((item) => item.clientRef !== clientRef),
  );
}

export function addOutgoing(queryClient: QueryClient, message: OutgoingMessage): void {
  queryClient.setQueryData<OutgoingMessage[]>(chatKeys.outbox(message.roomId), (outbox = []) => [
    ...outbox.filter((item) => item.clientRef !== message.clientRef),
    message,
  ]);
}

export function setOutgoingStatus(
  queryClient: QueryClient,
  roomId: number,
  clientRef: string,
  status: OutgoingMessage['status'],
  code: string | null = null,
): void {
  queryClient.setQueryData<OutgoingMessage[]>(chatKeys.outbox(roomId), (outbox) =>
    outbox?.map((item) => (item.clientRef === clientRef ? { ...item, status, code } : item)),
  );
}

/**
 * A message from the server (the `chat:message` event, or the acknowledgement of our own send): added
 * to the newest page of its room once, replacing the optimistic copy with the same `clientRef`, and
 * made the room's last message. A message of the other member that is new to this tab counts as unread.
 * The rooms lists refetch when none holds the room.
 */
export function applyNewMessage(queryClient: QueryClient, message: ChatMessage, me: number | null): void {
  let known = false;
  queryClient.setQueryData<MessagesInfiniteData>(chatKeys.messages(message.roomId), (data) => {
    if (!data) {
      return data;
    }
    known = data.pages.some((page) => page.list.some((item) => item.id === message.id));
    if (known) {
      return mapMessages(data, (item) => (item.id === message.id ? message : item));
    }
    const [first, ...rest] = data.pages;
    const newest: ChatMessagesPage = first
      ? { ...first, list: [message, ...first.list] }
      : { list: [message], hasMore: false };
    return { ...data, pages: [newest, ...rest] };
  });
  if (message.clientRef) {
    removeOutgoing(queryClient, message.roomId, message.clientRef);
  }
  const listed = updateCachedRoom(queryClient, message.roomId, (room) => {
    const isNew = !known && (room.lastMessage === null || room.lastMessage.id < message.id);
    if (!isNew) {
      return room;
    }
    return {
      ...room,
      lastMessage: message,
      lastMessageAt: message.createdAt,
      unread: message.senderId !== me ? room.unread + 1 : room.unread,
    };
  });
  if (listed) {
    raiseRoom(queryClient, message.roomId);
  } else {
    void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
  }
}

/** An edited or deleted message: replaced in its room and, when it is the last one, in the rooms lists. */
export function applyChangedMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<MessagesInfiniteData>(chatKeys.messages(message.roomId), (data) =>
    mapMessages(data, (item) => (item.id === message.id ? message : item)),
  );
  updateCachedRoom(queryClient, message.roomId, (room) =>
    room.lastMessage?.id === message.id ? { ...room, lastMessage: message } : room,
  );
}

/**
 * `userId` has read the room up to `messageId`: the caller themself (another tab, or this one) clears the
 * room's unread count; the other member moves the read receipts forward.
 */
export function applyRead(
  queryClient: QueryClient,
  event: { roomId: number; userId: number; messageId: number },
  me: number | null,
): void {
  updateCachedRoom(queryClient, event.roomId, (room) => {
    if (event.userId === me) {
      return room.unread === 0 ? room : { ...room, unread: 0 };
    }
    const current = room.otherLastReadMessageId ?? 0;
    return event.messageId > current ? { ...room, otherLastReadMessageId: event.messageId } : room;
  });
}

/** A member came online or went offline: every room whose other member they are shows it. */
export function applyPresence(queryClient: QueryClient, userId: number, online: boolean): void {
  const rooms = new Set<number>();
  for (const [, data] of roomsLists(queryClient)) {
    for (const room of pagesOf(data).flatMap((page) => page.list)) {
      if (room.other.id === userId) {
        rooms.add(room.id);
      }
    }
  }
  for (const [, room] of queryClient.getQueriesData<ChatRoom | null>({ queryKey: chatKeys.roomDetails })) {
    if (room && room.other.id === userId) {
      rooms.add(room.id);
    }
  }
  for (const roomId of rooms) {
    updateCachedRoom(queryClient, roomId, (room) =>
      room.other.online === online ? room : { ...room, other: { ...room.other, online } },
    );
  }
}

/** Who is typing in a room, by user id. */
export function setTypingUser(
  queryClient: QueryClient,
  roomId: number,
  userId: number,
  typing: boolean,
): void {
  queryClient.setQueryData<number[]>(chatKeys.typing(roomId), (current = []) => {
    const without = current.filter((id) => id !== userId);
    return typing ? [...without, userId] : without;
  });
}

/** One entry of a conversation, oldest first: a stored message, or one of ours still on its way. */
export type ConversationItem =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'outgoing'; message: OutgoingMessage };

/**
 * The conversation as shown: stored messages oldest first, then our outgoing ones that the server has not
 * stored yet. An outgoing message whose `clientRef` is already among the stored ones (the refetch after
 * a reconnect found it) is not shown twice.
 */
export function conversationItems(
  pages: readonly ChatMessagesPage[],
  outbox: readonly OutgoingMessage[],
): ConversationItem[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of pages.flatMap((page) => page.list)) {
    if (!byId.has(message.id)) {
      byId.set(message.id, message);
    }
  }
  const stored = [...byId.values()].sort((a, b) => a.id - b.id);
  const refs = new Set(stored.flatMap((message) => (message.clientRef ? [message.clientRef] : [])));
  const items: ConversationItem[] = stored.map((message) => ({ kind: 'message', message }));
  for (const message of outbox) {
    if (!refs.has(message.clientRef)) {
      items.push({ kind: 'outgoing', message });
    }
  }
  return items;
}
