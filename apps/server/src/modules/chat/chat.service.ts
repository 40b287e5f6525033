import {
  AppError,
  BOUNDS,
  CHAT_SERVER_EVENTS,
  type ChatAttachment,
  type ChatAttachmentKind,
  type ChatMember,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatMessagesPage,
  type ChatMessagesQuery,
  type ChatReadEvent,
  type ChatRoom,
  type ChatRoomEvent,
  ChatRoomEventReason,
  type ChatRoomsPage,
  type ChatRoomsQuery,
  type ChatTypingEvent,
  type ErrorCode,
  type NewChatRequest,
  type NewChatResponse,
  type RoomByMembersResponse,
  type RoomMembersResponse,
  type SendAttachmentsFields,
  type UpdateRoomRequest,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import { forbidden, isAdmin } from '../../core/auth.ts';
import { createTokenBuckets, type TokenBuckets } from '../../core/token-buckets.ts';
import type { Database } from '../../db/client.ts';
import type { Presence } from '../../realtime/presence.ts';
import { type Realtime, userRoom } from '../../realtime/realtime.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { prepareAttachment, type ReceivedAttachment } from './attachment-uploads.ts';
import {
  type AttachmentRow,
  findAttachmentsOf,
  findReadableAttachment,
  insertAttachments,
  type NewAttachment,
} from './attachments.repository.ts';
import {
  countUnreadMessages,
  deleteMessageRow,
  findMembership,
  findMessage,
  findMessageByClientRef,
  findMessages,
  findPairRoom,
  findRoomMembers,
  findRoomView,
  findRoomViews,
  insertMessageIfAllowed,
  type MemberRow,
  type MessageRow,
  markRead,
  type RoomViewRow,
  updateMembership,
  updateMessageText,
} from './chat.repository.ts';
import { mayStartChat } from './chat-starters.ts';
import { checkMessageText } from './message-text.ts';
import { createMessageWriter } from './message-writer.ts';
import { ensurePairRoom } from './rooms.repository.ts';

export type ChatDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  realtime: Realtime | null;
  /** Who is connected (the app's; an instance without the realtime role reads it from Redis). */
  presence?: Presence | null;
  log: FastifyBaseLogger;
  /** The app's chat rate limits, shared by the REST routes and the socket (absent: fresh ones). */
  chatLimits?: ChatLimits;
};

/** The service's needs: chat attachments are stored, served and linked (issue 27). */
export type ChatServiceDeps = ChatDeps & {
  files: Pick<StoredFiles, 'uploadUrl' | 'chatAttachmentUrl' | 'save' | 'discard' | 'open'>;
};

/**
 * How often one user may act in chat (decision 0032, `BOUNDS.chatMessages` and `chatSignals`): the
 * actions other people see (send, edit, delete) and the signals (typing, read receipts).
 */
export type ChatLimits = { messages: TokenBuckets; signals: TokenBuckets };

export function createChatLimits(): ChatLimits {
  return {
    messages: createTokenBuckets(BOUNDS.chatMessages),
    signals: createTokenBuckets(BOUNDS.chatSignals),
  };
}

/** Why a chat action was refused: catalogue codes, and `message-not-found` (an ack code only). */
export type ChatRefusal =
  | 'room-not-found'
  | 'not-member'
  | 'not-owner'
  | 'message-not-found'
  | 'email-not-verified'
  | 'message-text-too-short'
  | 'message-text-too-long'
  | 'message-text-invalid-html'
  | 'unallowed'
  | 'bad-request'
  | 'too-many-requests';

/** What a socket action answers: done (with its data) or refused with a code. */
export type ChatOutcome<T extends object = object> = ({ code: 'ok' } & T) | { code: ChatRefusal };

/** The socket.io room every connection of a chat room's members joins (architecture §5). */
export const chatRoom = (roomId: number) => `chat:${roomId}`;

/** A message as the API shows it; `attachments` only while it is not deleted. */
export function toChatMessage(row: MessageRow, attachments: readonly ChatAttachment[] = []): ChatMessage {
  return {
    id: row.id,
    roomId: row.roomId,
    senderId: row.senderId,
    text: row.text,
    clientRef: row.clientRef,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    attachments: row.deletedAt ? [] : [...attachments],
  };
}

function toChatAttachment(files: ChatServiceDeps['files'], row: AttachmentRow): ChatAttachment {
  return {
    name: row.name,
    kind: row.kind as ChatAttachmentKind,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    url: files.chatAttachmentUrl(row.fileName),
  };
}

/**
 * Who of `userIds` has a socket connected, on any live instance (presence through Redis when there is
 * one): presence is per connection, so a user is online while any of their tabs is open.
 */
export async function findOnlineUsers(deps: ChatDeps, userIds: readonly number[]): Promise<Set<number>> {
  const presence = deps.presence ?? deps.realtime?.presence;
  if (!presence || userIds.length === 0) {
    return new Set();
  }
  try {
    return await presence.online(userIds);
  } catch (error) {
    deps.log.warn({ err: error }, 'presence lookup failed');
    return new Set();
  }
}

function toMember(files: ChatDeps['files'], row: MemberRow, online: Set<number>): ChatMember {
  return {
    id: row.id,
    name: row.name,
    image: row.image ? files.uploadUrl(row.image) : null,
    role: row.role,
    online: online.has(row.id),
  };
}

/** Rooms from their viewer's side, with the other members' presence looked up at once. */
async function toChatRooms(deps: ChatDeps, rows: readonly RoomViewRow[]): Promise<ChatRoom[]> {
  const online = await findOnlineUsers(
    deps,
    rows.map((row) => row.other.id),
  );
  return rows.map((row) => ({
    id: row.id,
    other: toMember(deps.files, row.other, online),
    lastMessage: row.lastMessage ? toChatMessage(row.lastMessage) : null,
    lastMessageAt: row.lastMessageAt.toISOString(),
    unread: row.unread,
    pinned: row.pinnedAt !== null,
    muted: row.mutedAt !== null,
    otherLastReadMessageId: row.otherLastReadMessageId,
  }));
}

/**
 * Tells both members about a room they now share: every connected socket of theirs (on any instance)
 * joins its socket.io room, and each gets `chat:room` from their own side, without reconnecting.
 */
export async function announceRoom(
  deps: ChatDeps,
  roomId: number,
  memberIds: readonly number[],
): Promise<void> {
  const { realtime } = deps;
  if (!realtime) {
    return;
  }
  for (const memberId of memberIds) {
    realtime.io.in(userRoom(memberId)).socketsJoin(chatRoom(roomId));
  }
  for (const memberId of memberIds) {
    // Nobody of theirs is connected (on any instance): they will read the room from the list later.
    if ((await realtime.io.in(userRoom(memberId)).fetchSockets()).length === 0) {
      continue;
    }
    const view = await findRoomView(deps.db, roomId, memberId);
    if (view) {
      const [room] = await toChatRooms(deps, [view]);
      realtime.io.to(userRoom(memberId)).emit(CHAT_SERVER_EVENTS.room, {
        room: room!,
        reason: ChatRoomEventReason.Created,
      } satisfies ChatRoomEvent);
    }
  }
}

/**
 * Chat (rules.md "Chat"; spec §7 "Chat"): one room per pair, messages of 1–1000 visible characters of
 * sanitised HTML, edits and deletes by the author, read receipts, each member's own pin and mute.
 * Only members read or post (`not-member`); an unverified e-mail may read but not chat. REST lists and
 * starts conversations; the socket actions answer `ChatOutcome`s that `chat.events.ts` turns into acks.
 */
export function createChatService(deps: ChatServiceDeps) {
  const { db } = deps;
  const limits = deps.chatLimits ?? createChatLimits();
  const writer = createMessageWriter(db);

  /**
   * Emits to the room's sockets, but not to `except`: a user's every tab (`userRoom`), or one socket by
   * its id (a sender's own socket, which has the message in its acknowledgement already).
   */
  function emitToRoom(roomId: number, event: string, payload: object, except?: string) {
    const target = deps.realtime?.io.to(chatRoom(roomId));
    (except === undefined ? target : target?.except(except))?.emit(event, payload);
  }

  /** `ok` when the room exists and `userId` is in it. */
  async function membership(roomId: number, userId: number): Promise<'ok' | 'room-not-found' | 'not-member'> {
    const found = await findMembership(db, roomId, userId);
    if (!found) {
      return 'room-not-found';
    }
    return found.isMember ? 'ok' : 'not-member';
  }

  /** The acting user may chat: they exist and their e-mail is verified (spec §4). */
  async function canChat(userId: number): Promise<boolean> {
    const user = await findUserById(db, userId);
    return user?.verifiedEmail === true;
  }

  /** A message `userId` may change: it exists, is theirs and is not deleted (a delete is final). */
  async function ownMessage(
    messageId: number,
    userId: number,
  ): Promise<{ code: 'ok'; message: MessageRow } | { code: ChatRefusal }> {
    if (!(await canChat(userId))) {
      return { code: 'email-not-verified' };
    }
    const message = await findMessage(db, messageId);
    if (!message) {
      return { code: 'message-not-found' };
    }
    const member = await membership(message.roomId, userId);
    if (member !== 'ok') {
      return { code: member };
    }
    if (message.senderId !== userId) {
      return { code: 'not-owner' };
    }
    return { code: 'ok', message };
  }

  /**
   * Stores (once per `clientRef`) and delivers to the room. The common case is one statement; only
   * when it stored nothing are the reasons looked up: a resend, an unverified sender, no room, not a
   * member. Each call spends one of the sender's chat messages (`too-many-requests` when none is
   * left) unless the caller already `counted` it.
   */
  async function send(
    senderId: number,
    input: { roomId: number; text: string; clientRef: string | null },
    fromSocket?: string,
    counted = false,
  ): Promise<ChatOutcome<{ message: ChatMessage }>> {
    const checked = checkMessageText(input.text);
    if (checked.code !== 'ok') {
      return { code: checked.code };
    }
    if (!counted && !limits.messages.take(senderId)) {
      return { code: 'too-many-requests' };
    }
    const row = await writer.insert({ ...input, senderId, text: checked.text });
    if (row) {
      const message = toChatMessage(row);
      emitToRoom(
        input.roomId,
        CHAT_SERVER_EVENTS.message,
        { message } satisfies ChatMessageEvent,
        fromSocket,
      );
      return { code: 'ok', message };
    }
    const earlier = input.clientRef ? await findMessageByClientRef(db, senderId, input.clientRef) : null;
    if (earlier) {
      // A resend of a stored message: it was delivered the first time; the sender just gets it back.
      // The same reference in another room is not a resend.
      return earlier.roomId === input.roomId
        ? { code: 'ok', message: toChatMessage(earlier) }
        : { code: 'bad-request' };
    }
    if (!(await canChat(senderId))) {
      return { code: 'email-not-verified' };
    }
    const member = await membership(input.roomId, senderId);
    return { code: member === 'ok' ? 'unallowed' : member };
  }

  /** The room from `viewerId`'s side, or `room-not-found`. */
  async function roomOf(roomId: number, viewerId: number): Promise<ChatRoom> {
    const view = await findRoomView(db, roomId, viewerId);
    if (!view) {
      throw new AppError('room-not-found');
    }
    const [room] = await toChatRooms(deps, [view]);
    return room!;
  }

  /** Stored messages with their attachments, looked up in one query. */
  async function withAttachments(rows: readonly MessageRow[]): Promise<ChatMessage[]> {
    const found = await findAttachmentsOf(
      db,
      rows.filter((row) => !row.deletedAt).map((row) => row.id),
    );
    return rows.map((row) =>
      toChatMessage(
        row,
        (found.get(row.id) ?? []).map((attachment) => toChatAttachment(deps.files, attachment)),
      ),
    );
  }

  /** A REST guard: the caller is a member of an existing room. */
  async function requireMember(roomId: number, userId: number): Promise<void> {
    const member = await membership(roomId, userId);
    if (member !== 'ok') {
      throw new AppError(member);
    }
  }

  return {
    /**
     * `POST /chat/new`: the pair's room (created when missing, and announced) and the first message.
     * A pair without a room gets one only when the caller may start it (`mayStartChat`, decision
     * 0045), else `forbidden`; a pair with one writes into it.
     */
    async newChat(caller: UserRow, input: NewChatRequest): Promise<NewChatResponse> {
      if (input.userId === caller.id) {
        throw new AppError('bad-request', { message: 'A chat needs another user' });
      }
      const other = await findUserById(db, input.userId);
      if (!other) {
        throw new AppError('user-not-found');
      }
      if (!(await findPairRoom(db, caller.id, other.id)) && !(await mayStartChat(db, caller, other))) {
        throw forbidden();
      }
      const checked = checkMessageText(input.message);
      if (checked.code !== 'ok') {
        throw new AppError(checked.code);
      }
      // Counted before the room is made: a caller over the limit cannot open rooms with anyone either.
      if (!limits.messages.take(caller.id)) {
        throw new AppError('too-many-requests', { message: 'Too many chat messages, wait a little' });
      }
      const room = await db.transaction((tx) => ensurePairRoom(tx, caller.id, input.userId));
      const sent = await send(
        caller.id,
        { roomId: room.id, text: input.message, clientRef: input.clientRef ?? null },
        undefined,
        true,
      );
      if (sent.code !== 'ok') {
        throw new AppError(sent.code as ErrorCode);
      }
      // A new room reaches both members' open tabs with its first message in it.
      if (room.created) {
        await announceRoom(deps, room.id, [caller.id, input.userId]);
      }
      return { room: await roomOf(room.id, caller.id), message: sent.message };
    },

    /** `GET /chat/list/{roomId}/messages`: members only, newest first, paged by `before`. */
    async findMessages(caller: UserRow, roomId: number, query: ChatMessagesQuery): Promise<ChatMessagesPage> {
      await requireMember(roomId, caller.id);
      const { rows, hasMore } = await findMessages(db, roomId, query);
      return { list: await withAttachments(rows), hasMore };
    },

    /**
     * `GET /chat/list/rooms/{userId}/`: the user themself, or SuperAdmin and RegularAdmin (rules.md: who
     * may view users), from that user's side. TutorManagers and Studio read no one else's chats.
     */
    async findRooms(caller: UserRow, userId: number, query: ChatRoomsQuery): Promise<ChatRoomsPage> {
      if (userId !== caller.id) {
        if (!isAdmin(caller)) {
          throw new AppError('forbidden', { message: 'Only your own chats' });
        }
        if (!(await findUserById(db, userId))) {
          throw new AppError('user-not-found');
        }
      }
      const [{ rows, total }, unreadTotal] = await Promise.all([
        findRoomViews(db, userId, query),
        countUnreadMessages(db, userId),
      ]);
      return { list: await toChatRooms(deps, rows), total, unreadTotal };
    },

    /**
     * `GET /chat/room/by/members`: a member sees it from their side, staff from the first member's;
     * `null` when the pair has no room yet (an empty answer: the first message creates it).
     */
    async getRoomByMembers(caller: UserRow, members: readonly number[]): Promise<RoomByMembersResponse> {
      const [first, second] = members as [number, number];
      if (first === second) {
        throw new AppError('bad-request', { message: 'A room has two different members' });
      }
      const viewer = members.includes(caller.id) ? caller.id : first;
      if (viewer !== caller.id && !isAdmin(caller)) {
        throw new AppError('not-member');
      }
      const room = await findPairRoom(db, first, second);
      return room ? roomOf(room.id, viewer) : null;
    },

    /** `GET /chat/room/members/{roomId}`: both members with their presence (members and admins). */
    async getRoomMembers(caller: UserRow, roomId: number): Promise<RoomMembersResponse> {
      if (!isAdmin(caller)) {
        await requireMember(roomId, caller.id);
      }
      const rows = await findRoomMembers(db, roomId);
      if (rows.length === 0) {
        throw new AppError('room-not-found');
      }
      const online = await findOnlineUsers(
        deps,
        rows.map((row) => row.id),
      );
      return { list: rows.map((row) => toMember(deps.files, row, online)) };
    },

    /**
     * `PUT /chat/room/{roomId}`: the caller's own pin and mute; the room from their side. Every device
     * of the caller hears it (`chat:room`), so a room muted on the phone stops alerting on the laptop.
     */
    async updateRoom(caller: UserRow, roomId: number, patch: UpdateRoomRequest): Promise<ChatRoom> {
      await requireMember(roomId, caller.id);
      await updateMembership(db, roomId, caller.id, patch);
      const room = await roomOf(roomId, caller.id);
      deps.realtime?.io
        .to(userRoom(caller.id))
        .emit(CHAT_SERVER_EVENTS.room, { room, reason: ChatRoomEventReason.Updated } satisfies ChatRoomEvent);
      return room;
    },

    /**
     * Before an attachments form is read: the caller is a member of the room (`room-not-found`,
     * `not-member`) and has a chat message left to spend (`too-many-requests`, decision 0032).
     */
    async checkAttach(caller: UserRow, roomId: number): Promise<void> {
      await requireMember(roomId, caller.id);
      if (!limits.messages.take(caller.id)) {
        throw new AppError('too-many-requests', { message: 'Too many chat messages, wait a little' });
      }
    },

    /**
     * `POST /chat/room/{roomId}/attachments`: a message with pictures, PDFs or a voice note (issue 27).
     * Pictures are decoded and re-encoded (metadata dropped), PDFs and voice notes kept as sent; the files are stored privately
     * (kind `chat`), then the message and its attachments in one transaction, delivered to the room
     * as `chat:message`. A resend with the same `clientRef` stores nothing new (its files are removed)
     * and answers the stored message. Call `checkAttach` before reading the form.
     */
    async sendAttachments(
      caller: UserRow,
      roomId: number,
      fields: SendAttachmentsFields,
      received: readonly ReceivedAttachment[],
    ): Promise<{ message: ChatMessage }> {
      const raw = fields.text ?? '';
      let text = '';
      if (raw.trim() !== '') {
        const checked = checkMessageText(raw);
        if (checked.code !== 'ok') {
          throw new AppError(checked.code);
        }
        text = checked.text;
      }
      const prepared = await Promise.all(received.map(prepareAttachment));
      const saved: string[] = [];
      const discardSaved = () => Promise.all(saved.map((name) => deps.files.discard(name)));
      try {
        const rows: NewAttachment[] = [];
        for (const [position, file] of prepared.entries()) {
          const row = await deps.files.save({
            kind: 'chat',
            ownerId: caller.id,
            extension: file.extension,
            mime: file.mime,
            size: file.buffer.length,
            source: { buffer: file.buffer },
          });
          saved.push(row.name);
          rows.push({ ...file.attachment, fileName: row.name, position, size: file.buffer.length });
        }
        const stored = await db.transaction(async (tx) => {
          const message = await insertMessageIfAllowed(tx, {
            roomId,
            senderId: caller.id,
            text,
            clientRef: fields.clientRef,
          });
          return message ? { message, attachments: await insertAttachments(tx, message.id, rows) } : null;
        });
        if (stored) {
          const message = toChatMessage(
            stored.message,
            stored.attachments.map((row) => toChatAttachment(deps.files, row)),
          );
          emitToRoom(roomId, CHAT_SERVER_EVENTS.message, { message } satisfies ChatMessageEvent);
          return { message };
        }
      } catch (error) {
        await discardSaved();
        throw error;
      }
      // Nothing stored: a resend (or a concurrent twin) of a stored message, or no longer allowed.
      await discardSaved();
      const earlier = await findMessageByClientRef(db, caller.id, fields.clientRef);
      if (earlier?.roomId === roomId) {
        const [message] = await withAttachments([earlier]);
        return { message: message! };
      }
      if (earlier) {
        throw new AppError('bad-request', { message: 'This clientRef belongs to another room' });
      }
      if (!(await canChat(caller.id))) {
        throw new AppError('email-not-verified');
      }
      await requireMember(roomId, caller.id);
      throw new AppError('not-member');
    },

    /**
     * `GET /chat/attachment/{name}`: a chat file for a member of its message's room, while the message
     * is not deleted. Anyone else (staff too: they never read chats) is `asset-not-found`.
     */
    async openAttachment(caller: UserRow, name: string) {
      const attachment = await findReadableAttachment(db, name, caller.id);
      const stream = attachment ? await deps.files.open(name) : null;
      if (!attachment || !stream) {
        throw new AppError('asset-not-found');
      }
      return { attachment, stream };
    },

    /** Socket `chat:join`: may this user subscribe to the room's live events. */
    async checkJoin(userId: number, roomId: number): Promise<ChatOutcome> {
      return { code: await membership(roomId, userId) };
    },

    /**
     * Socket `chat:send`: stores (once per `clientRef`) and delivers to the room, but not back to the
     * sending socket (`socketId`): its acknowledgement carries the message.
     */
    async sendMessage(
      senderId: number,
      input: { roomId: number; text: string; clientRef: string },
      socketId?: string,
    ): Promise<ChatOutcome<{ message: ChatMessage }>> {
      return send(senderId, input, socketId);
    },

    /** Socket `chat:update`: the author edits the text (same rules as sending). */
    async updateMessage(
      userId: number,
      input: { messageId: number; text: string },
    ): Promise<ChatOutcome<{ message: ChatMessage }>> {
      if (!limits.messages.take(userId)) {
        return { code: 'too-many-requests' };
      }
      const own = await ownMessage(input.messageId, userId);
      if (own.code !== 'ok') {
        return own;
      }
      if (own.message.deletedAt) {
        return { code: 'message-not-found' };
      }
      const checked = checkMessageText(input.text);
      if (checked.code !== 'ok') {
        return { code: checked.code };
      }
      const [message] = await withAttachments([await updateMessageText(db, own.message.id, checked.text)]);
      if (!message) {
        return { code: 'message-not-found' };
      }
      emitToRoom(message.roomId, CHAT_SERVER_EVENTS.updated, { message } satisfies ChatMessageEvent);
      return { code: 'ok', message };
    },

    /** Socket `chat:delete`: the author blanks the message; deleting it again answers it as it is. */
    async deleteMessage(userId: number, messageId: number): Promise<ChatOutcome<{ message: ChatMessage }>> {
      if (!limits.messages.take(userId)) {
        return { code: 'too-many-requests' };
      }
      const own = await ownMessage(messageId, userId);
      if (own.code !== 'ok') {
        return own;
      }
      if (own.message.deletedAt) {
        return { code: 'ok', message: toChatMessage(own.message) };
      }
      const message = toChatMessage(await deleteMessageRow(db, own.message));
      emitToRoom(message.roomId, CHAT_SERVER_EVENTS.deleted, { message } satisfies ChatMessageEvent);
      return { code: 'ok', message };
    },

    /**
     * Socket `chat:read`: the reader has read the room up to `messageId`, one of the other member's
     * messages (marking your own is `unallowed`). The mark only moves forward.
     */
    async readMessages(userId: number, input: { roomId: number; messageId: number }): Promise<ChatOutcome> {
      if (!limits.signals.take(userId)) {
        return { code: 'too-many-requests' };
      }
      if (!(await canChat(userId))) {
        return { code: 'email-not-verified' };
      }
      const member = await membership(input.roomId, userId);
      if (member !== 'ok') {
        return { code: member };
      }
      const message = await findMessage(db, input.messageId);
      if (!message || message.roomId !== input.roomId) {
        return { code: 'message-not-found' };
      }
      if (message.senderId === userId) {
        return { code: 'unallowed' };
      }
      const mark = await markRead(db, input.roomId, userId, message.id);
      emitToRoom(input.roomId, CHAT_SERVER_EVENTS.read, {
        roomId: input.roomId,
        userId,
        messageId: mark,
      } satisfies ChatReadEvent);
      return { code: 'ok' };
    },

    /** Socket `chat:typing`: relayed to the room's other member (not stored). */
    async typing(userId: number, input: { roomId: number; typing: boolean }): Promise<ChatOutcome> {
      if (!limits.signals.take(userId)) {
        return { code: 'too-many-requests' };
      }
      if (!(await canChat(userId))) {
        return { code: 'email-not-verified' };
      }
      const member = await membership(input.roomId, userId);
      if (member !== 'ok') {
        return { code: member };
      }
      emitToRoom(
        input.roomId,
        CHAT_SERVER_EVENTS.typing,
        { roomId: input.roomId, userId, typing: input.typing } satisfies ChatTypingEvent,
        userRoom(userId),
      );
      return { code: 'ok' };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
