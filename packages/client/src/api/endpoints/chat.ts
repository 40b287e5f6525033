import type {
  ChatMember,
  ChatMessageEvent,
  ChatMessagesPage,
  ChatRoom,
  ChatRoomsPage,
  NewChatRequest,
  NewChatResponse,
  UpdateRoomRequest,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import type { UploadCallOptions } from './assets.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The chat paths (spec §7 "Chat"). */
export const CHAT_PATHS = {
  newChat: '/api/v1/chat/new',
  messages: (roomId: number) => `/api/v1/chat/list/${roomId}/messages`,
  rooms: (userId: number) => `/api/v1/chat/list/rooms/${userId}/`,
  roomByMembers: '/api/v1/chat/room/by/members',
  roomMembers: (roomId: number) => `/api/v1/chat/room/members/${roomId}`,
  room: (roomId: number) => `/api/v1/chat/room/${roomId}`,
  attachments: (roomId: number) => `/api/v1/chat/room/${roomId}/attachments`,
} as const;

/**
 * `POST /api/v1/chat/room/{roomId}/attachments` (multipart: files `file`, `clientRef`, optional `text`):
 * a message with pictures and PDFs, with upload progress and abort. Errors: `invalid-type`,
 * `payload-too-large`, `required`, `not-member`, `too-many-requests`.
 */
export async function sendChatAttachments(
  client: ApiClient,
  roomId: number,
  input: { files: readonly File[]; clientRef: string; text?: string },
  options?: UploadCallOptions,
): Promise<ChatMessageEvent> {
  const formData = new FormData();
  formData.append('clientRef', input.clientRef);
  if (input.text) {
    formData.append('text', input.text);
  }
  for (const file of input.files) {
    formData.append('file', file, file.name);
  }
  const answer = await client.upload<unknown>(CHAT_PATHS.attachments(roomId), formData, {
    method: 'POST',
    ...(options?.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options?.signal ? { signal: options.signal } : {}),
  });
  return parseResponse(
    (contract) => contract.ChatMessageEventSchema,
    answer,
    'POST /chat/room/{roomId}/attachments',
  );
}

/** A page of a room's messages: `size` of them, newest first, older than the message `before`. */
export interface FindChatMessagesParams {
  before?: number;
  size?: number;
}

/** A page of rooms, optionally only those whose other member's name matches `search`. */
export interface FindChatRoomsParams {
  page?: number;
  size?: number;
  search?: string;
}

/** `POST /api/v1/chat/new`: a first message to a user, creating the pair's room when missing. */
export async function newChat(
  client: ApiClient,
  body: NewChatRequest,
  options?: CallOptions,
): Promise<NewChatResponse> {
  const answer = await client.post<unknown>(CHAT_PATHS.newChat, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.NewChatResponseSchema, answer, 'POST /chat/new');
}

/** `GET /api/v1/chat/list/{roomId}/messages`: newest first; `hasMore` while older ones remain. */
export async function findChatMessages(
  client: ApiClient,
  roomId: number,
  query: FindChatMessagesParams = {},
  options?: CallOptions,
): Promise<ChatMessagesPage> {
  const answer = await client.get<unknown>(CHAT_PATHS.messages(roomId), {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.ChatMessagesPageSchema,
    answer,
    'GET /chat/list/{roomId}/messages',
  );
}

/**
 * `GET /api/v1/chat/list/rooms/{userId}/`: the user's rooms, pinned first, then those with messages, then
 * by latest activity; `unreadTotal` counts the rooms not muted.
 */
export async function findChatRooms(
  client: ApiClient,
  userId: number,
  query: FindChatRoomsParams = {},
  options?: CallOptions,
): Promise<ChatRoomsPage> {
  const { search, ...rest } = query;
  const answer = await client.get<unknown>(CHAT_PATHS.rooms(userId), {
    query: { ...rest, ...(search ? { search } : {}) },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.ChatRoomsPageSchema, answer, 'GET /chat/list/rooms/{userId}/');
}

/** `GET /api/v1/chat/room/by/members?members=a,b`: the pair's room; `null` when they have none yet. */
export async function getRoomByMembers(
  client: ApiClient,
  members: readonly [number, number],
  options?: CallOptions,
): Promise<ChatRoom | null> {
  const answer = await client.get<unknown>(CHAT_PATHS.roomByMembers, {
    query: { members: members.join(',') },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.RoomByMembersResponseSchema,
    answer,
    'GET /chat/room/by/members',
  );
}

/** `GET /api/v1/chat/room/members/{roomId}`: both members with their presence. */
export async function getRoomMembers(
  client: ApiClient,
  roomId: number,
  options?: CallOptions,
): Promise<ChatMember[]> {
  const answer = await client.get<unknown>(CHAT_PATHS.roomMembers(roomId), signalOf(options));
  return (
    await parseResponse(
      (contract) => contract.RoomMembersResponseSchema,
      answer,
      'GET /chat/room/members/{roomId}',
    )
  ).list;
}

/** `PUT /api/v1/chat/room/{roomId}`: the caller's own pin and mute; answers the room from their side. */
export async function updateRoom(
  client: ApiClient,
  roomId: number,
  body: UpdateRoomRequest,
  options?: CallOptions,
): Promise<ChatRoom> {
  const answer = await client.put<unknown>(CHAT_PATHS.room(roomId), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.ChatRoomSchema, answer, 'PUT /chat/room/{roomId}');
}
