import type { ChatRoom, NewChatRequest, NewChatResponse } from '@hiwar/domain';
import {
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryResult,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { type UseInfinitePagedResult, useInfinitePaged } from '../../query/infinite.ts';
import { useSession } from '../../session/session.tsx';
import { ApiError } from '../api-client.ts';
import {
  findChatMessages,
  findChatRooms,
  getRoomByMembers,
  getRoomMembers,
  newChat,
  updateRoom,
} from '../endpoints/chat.ts';
import { useApiClient } from './api-client-context.tsx';
import {
  applyNewMessage,
  chatKeys,
  findCachedRoom,
  type MessagesInfiniteData,
  upsertCachedRoom,
} from './chat-cache.ts';

/** Messages per page of a conversation. */
export const CHAT_MESSAGES_PAGE_SIZE = 30;
/** How long an open room's detail is trusted without a refetch (events and reconnects keep it current). */
const ROOM_STALE_MS = 60_000;
/** Rooms behind the unread badge and the dashboards' chats panel (the API's largest page). */
export const CHAT_SUMMARY_SIZE = 100;

/** The signed-in user's rooms as an infinite list, pinned first; `search` matches the other member's name. */
export function useChatRooms(search = ''): UseInfinitePagedResult<ChatRoom> {
  const client = useApiClient();
  const me = useSession().user?.id ?? null;
  const term = search.trim();
  return useInfinitePaged<ChatRoom>({
    queryKey: chatKeys.roomList(me ?? 0, term),
    fetchPage: (page, size, signal) =>
      findChatRooms(client, me as number, { page, size, ...(term ? { search: term } : {}) }, { signal }),
    enabled: me !== null,
  });
}

export interface ChatSummary {
  /** The newest rooms (pinned first), up to {@link CHAT_SUMMARY_SIZE}. */
  rooms: ChatRoom[];
  /**
   * Unread messages across all the rooms that are not muted (the server's count, kept current by the
   * chat events and by muting here or on another device).
   */
  unreadTotal: number;
}

/** The rooms behind the navigation's unread badge and the dashboards' chats panel. */
export function useChatSummary(options: { enabled?: boolean } = {}): UseQueryResult<ChatSummary> {
  const client = useApiClient();
  const me = useSession().user?.id ?? null;
  return useQuery({
    queryKey: chatKeys.roomSummary(me ?? 0),
    queryFn: ({ signal }) =>
      findChatRooms(client, me as number, { page: 1, size: CHAT_SUMMARY_SIZE }, { signal }),
    select: (page) => ({ rooms: page.list, unreadTotal: page.unreadTotal }),
    enabled: me !== null && (options.enabled ?? true),
  });
}

/**
 * A room from the caller's side. A room already in a rooms list shows at once; otherwise (a lesson's
 * in-session chat) it is read through its members and the pair lookup.
 */
export function useChatRoom(roomId: number | null): UseQueryResult<ChatRoom> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const me = useSession().user?.id ?? null;
  return useQuery({
    queryKey: chatKeys.room(roomId ?? 0),
    queryFn: async ({ signal }) => {
      const members = await getRoomMembers(client, roomId as number, { signal });
      const other = members.find((member) => member.id !== me) ?? members[0];
      if (!other || me === null) {
        throw new Error('A chat room without another member');
      }
      const room = await getRoomByMembers(client, [me, other.id], { signal });
      if (!room) {
        // Its members answered, so it existed a moment ago: it is gone now.
        throw new ApiError('room-not-found', 404);
      }
      return room;
    },
    initialData: () => (roomId === null ? undefined : findCachedRoom(queryClient, roomId)),
    // A room taken from a list is as fresh as the list: the chat events keep both current.
    staleTime: ROOM_STALE_MS,
    enabled: roomId !== null && me !== null,
  });
}

/**
 * The caller's room with `userId` ("message the tutor"), `null` while they have none (the lookup's empty
 * answer); pass `null` to wait for an id.
 */
export function useRoomWith(userId: number | null): UseQueryResult<ChatRoom | null> {
  const client = useApiClient();
  const me = useSession().user?.id ?? null;
  return useQuery({
    queryKey: chatKeys.byMembers(me ?? 0, userId ?? 0),
    queryFn: ({ signal }) => getRoomByMembers(client, [me as number, userId as number], { signal }),
    enabled: me !== null && userId !== null && userId !== me,
  });
}

/**
 * A room's messages as an infinite query, newest page first; `fetchNextPage` loads older ones (`before`
 * the oldest loaded message, so messages arriving meanwhile do not shift the pages).
 */
export function useChatMessages(roomId: number | null): UseInfiniteQueryResult<MessagesInfiniteData, Error> {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: chatKeys.messages(roomId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      findChatMessages(
        client,
        roomId as number,
        { size: CHAT_MESSAGES_PAGE_SIZE, ...(pageParam === undefined ? {} : { before: pageParam }) },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.list.at(-1)?.id : undefined),
    enabled: roomId !== null,
  });
}

/** `POST /api/v1/chat/new`: a first message; the room joins the lists and the pair lookup finds it. */
export function useNewChat(): UseMutationResult<NewChatResponse, Error, NewChatRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const me = useSession().user?.id ?? null;
  return useMutation({
    mutationFn: (body) =>
      newChat(client, { ...body, clientRef: body.clientRef ?? globalThis.crypto.randomUUID() }),
    onSuccess: ({ room, message }) => {
      upsertCachedRoom(queryClient, room);
      queryClient.setQueryData(chatKeys.byMembers(me ?? 0, room.other.id), room);
      applyNewMessage(queryClient, message, me);
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
    },
  });
}

export interface UpdateChatRoomVariables {
  roomId: number;
  pinned?: boolean;
  muted?: boolean;
}

/** `PUT /api/v1/chat/room/{roomId}`: pin or mute a room for oneself; the lists re-sort. */
export function useUpdateChatRoom(): UseMutationResult<ChatRoom, Error, UpdateChatRoomVariables> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, ...body }) => updateRoom(client, roomId, body),
    onSuccess: (room) => {
      upsertCachedRoom(queryClient, room);
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
    },
  });
}

/** Total unread messages (muted rooms left out), for the navigation badge and the tab title; 0 until known. */
export function useChatUnreadTotal(options: { enabled?: boolean } = {}): number {
  const summary = useChatSummary(options);
  return useMemo(() => summary.data?.unreadTotal ?? 0, [summary.data]);
}
