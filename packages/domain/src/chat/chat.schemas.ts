import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { IdSchema, QueryIdSchema } from '../common/id.schemas.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { ChatRoomEventReason } from './chat.event-names.ts';
import { ChatAttachmentKind } from './chat-attachment.rules.ts';

/**
 * The chat contract (spec §3 "Chat room and message", §7 "Chat", §8 ack codes; rules.md "Chat";
 * architecture §5). One room per pair of users. REST lists and creates; the socket carries the live
 * conversation, each client event answered with an ack `{ code }` from the spec's ack catalogue.
 * Issue messages are error codes (decision 0003).
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A message body as the client sends it: HTML or plain text. The server sanitises it and measures the
 * visible characters (1–1000: `message-text-too-short`, `message-text-too-long`, markup it cannot keep:
 * `message-text-invalid-html`); this schema only bounds the raw size so nothing huge is parsed.
 */
export const MessageTextInputSchema = z
  .string({ error: typeErrorCode })
  .max(BOUNDS.messageText.max * 8, { error: 'message-text-too-long' });

/** The sender's own id for an optimistic message; a resend with the same ref stores one message. */
export const ClientRefSchema = z.string(BAD_REQUEST).min(1, BAD_REQUEST).max(64, BAD_REQUEST);

/** A member as chat shows them. `online` is live presence (any socket of theirs connected). */
export const ChatMemberSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  role: z.number().int(),
  online: z.boolean(),
});
export type ChatMember = z.infer<typeof ChatMemberSchema>;

/**
 * A file sent with a message (issue 27): a picture (re-encoded as JPEG; `width` and `height` in pixels),
 * a PDF, or a voice note (Opus in WebM or Ogg; `durationMs` its length when the container tells it,
 * null for the other kinds). `url` is private: the room's members fetch it with their token (decision 0041).
 */
export const ChatAttachmentSchema = z.object({
  name: z.string(),
  kind: z.enum(ChatAttachmentKind),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  durationMs: z.number().int().nonnegative().nullable(),
  url: z.string(),
});
export type ChatAttachment = z.infer<typeof ChatAttachmentSchema>;

/**
 * A message as the API and the socket return it. A deleted message keeps its place with `text: ''` and
 * `deletedAt` set (and no attachments); an edited one has `editedAt`. A message with attachments may
 * have no text. A room's `lastMessage` lists none (its text is empty for a message of files alone).
 */
export const ChatMessageSchema = z.object({
  id: z.number().int().positive(),
  roomId: z.number().int().positive(),
  senderId: z.number().int().positive(),
  text: z.string(),
  clientRef: z.string().nullable(),
  createdAt: isoDateTime,
  editedAt: /* @__PURE__ */ isoDateTime.nullable(),
  deletedAt: /* @__PURE__ */ isoDateTime.nullable(),
  attachments: z.array(ChatAttachmentSchema),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * `POST /api/v1/chat/room/{roomId}/attachments` (multipart): the text fields beside the files
 * (`file`, 1–`BOUNDS.chatAttachments.perMessage` of them). `text` is optional; `clientRef` makes a
 * resend store one message. Answered `{ message }` (as `chat:message`).
 */
export const SendAttachmentsFieldsSchema = z.object({
  text: /* @__PURE__ */ MessageTextInputSchema.optional(),
  clientRef: ClientRefSchema,
});
export type SendAttachmentsFields = z.infer<typeof SendAttachmentsFieldsSchema>;

/**
 * A room from the caller's side: the other member, the newest message, how many messages from the
 * other member the caller has not read, the caller's own pin and mute, and how far the other member
 * has read (read receipts: every message with `id <= otherLastReadMessageId` is read).
 */
export const ChatRoomSchema = z.object({
  id: z.number().int().positive(),
  other: ChatMemberSchema,
  lastMessage: /* @__PURE__ */ ChatMessageSchema.nullable(),
  lastMessageAt: isoDateTime,
  unread: z.number().int().nonnegative(),
  pinned: z.boolean(),
  muted: z.boolean(),
  otherLastReadMessageId: z.number().int().positive().nullable(),
});
export type ChatRoom = z.infer<typeof ChatRoomSchema>;

/** `POST /api/v1/chat/new`: a first message to `userId`, creating the pair's room when missing. */
export const NewChatRequestSchema = z.object({
  userId: IdSchema,
  message: MessageTextInputSchema,
  clientRef: /* @__PURE__ */ ClientRefSchema.optional(),
});
export type NewChatRequest = z.infer<typeof NewChatRequestSchema>;
export const NewChatResponseSchema = z.object({ room: ChatRoomSchema, message: ChatMessageSchema });
export type NewChatResponse = z.infer<typeof NewChatResponseSchema>;

/**
 * `GET /api/v1/chat/list/{roomId}/messages`: newest first, `size` per page; `before` (a message id)
 * pages upwards from there so new messages arriving meanwhile do not shift the pages.
 */
export const ChatMessagesQuerySchema = z.object({
  before: /* @__PURE__ */ QueryIdSchema.optional(),
  size: z.coerce
    .number(BAD_REQUEST)
    .int(BAD_REQUEST)
    .min(1, BAD_REQUEST)
    .max(BOUNDS.pageSize.max, BAD_REQUEST)
    .default(30),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuerySchema>;
/** `hasMore`: older messages remain before the last one of `list`. */
export const ChatMessagesPageSchema = z.object({ list: z.array(ChatMessageSchema), hasMore: z.boolean() });
export type ChatMessagesPage = z.infer<typeof ChatMessagesPageSchema>;

/**
 * `GET /api/v1/chat/list/rooms/{userId}/`: the user's rooms (only the user themself, or staff), pinned
 * first, then rooms with messages before rooms nobody wrote in yet, then by latest activity; `search`
 * matches the other member's name. Paged `{ list, total, unreadTotal }`.
 */
export const ChatRoomsQuerySchema = z.object({
  page: z.coerce.number(BAD_REQUEST).int(BAD_REQUEST).min(1, BAD_REQUEST).default(1),
  size: z.coerce
    .number(BAD_REQUEST)
    .int(BAD_REQUEST)
    .min(1, BAD_REQUEST)
    .max(BOUNDS.pageSize.max, BAD_REQUEST)
    .default(BOUNDS.pageSize.default),
  search: z.string(BAD_REQUEST).trim().max(100, BAD_REQUEST).optional(),
});
export type ChatRoomsQuery = z.infer<typeof ChatRoomsQuerySchema>;
export const ChatRoomsPageSchema = z.object({
  list: z.array(ChatRoomSchema),
  total: z.number().int().nonnegative(),
  /**
   * Unread messages across all of the user's rooms that they have not muted, whatever the page or the
   * search: the navigation's badge and the tab title (a muted room never counts).
   */
  unreadTotal: z.number().int().nonnegative(),
});
export type ChatRoomsPage = z.infer<typeof ChatRoomsPageSchema>;

/**
 * `GET /api/v1/chat/room/by/members?members=3,9`: the pair's room, or `null` when the pair has none yet
 * (an empty answer, not an error: "message the tutor" asks before every first message).
 */
export const RoomByMembersQuerySchema = z.object({
  members: z
    .string(BAD_REQUEST)
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .pipe(z.array(z.number().int().positive(BAD_REQUEST)).length(2, BAD_REQUEST)),
});
export type RoomByMembersQuery = z.infer<typeof RoomByMembersQuerySchema>;
export const RoomByMembersResponseSchema = /* @__PURE__ */ ChatRoomSchema.nullable();
export type RoomByMembersResponse = z.infer<typeof RoomByMembersResponseSchema>;

/** `GET /api/v1/chat/room/members/{roomId}`. */
export const RoomMembersResponseSchema = z.object({ list: z.array(ChatMemberSchema) });
export type RoomMembersResponse = z.infer<typeof RoomMembersResponseSchema>;

/** `PUT /api/v1/chat/room/{roomId}`: the caller's own pin and mute (`empty-request` for neither). */
export const UpdateRoomRequestSchema = z
  .object({ pinned: z.boolean(BAD_REQUEST).optional(), muted: z.boolean(BAD_REQUEST).optional() })
  .refine((value) => value.pinned !== undefined || value.muted !== undefined, { error: 'empty-request' });
export type UpdateRoomRequest = z.infer<typeof UpdateRoomRequestSchema>;

// Socket: client → server. Each is answered `{ code }` (+ the data named), codes from ACK_CODES.

export const JoinRoomEventSchema = z.object({ roomId: IdSchema }).strict();
export const SendMessageEventSchema = z
  .object({ roomId: IdSchema, text: MessageTextInputSchema, clientRef: ClientRefSchema })
  .strict();
export const UpdateMessageEventSchema = z
  .object({ messageId: IdSchema, text: MessageTextInputSchema })
  .strict();
export const DeleteMessageEventSchema = z.object({ messageId: IdSchema }).strict();
export const ReadMessagesEventSchema = z.object({ roomId: IdSchema, messageId: IdSchema }).strict();
export const TypingEventSchema = z.object({ roomId: IdSchema, typing: z.boolean() }).strict();

// Socket: server → client, to every connection of the room's members.

export const ChatMessageEventSchema = z.object({ message: ChatMessageSchema });
export type ChatMessageEvent = z.infer<typeof ChatMessageEventSchema>;
export const ChatReadEventSchema = z.object({
  roomId: z.number().int().positive(),
  userId: z.number().int().positive(),
  messageId: z.number().int().positive(),
});
export type ChatReadEvent = z.infer<typeof ChatReadEventSchema>;
export const ChatTypingEventSchema = z.object({
  roomId: z.number().int().positive(),
  userId: z.number().int().positive(),
  typing: z.boolean(),
});
export type ChatTypingEvent = z.infer<typeof ChatTypingEventSchema>;
export const ChatPresenceEventSchema = z.object({ userId: z.number().int().positive(), online: z.boolean() });
export type ChatPresenceEvent = z.infer<typeof ChatPresenceEventSchema>;
export const ChatRoomEventSchema = z.object({
  room: ChatRoomSchema,
  reason: z.enum([ChatRoomEventReason.Created, ChatRoomEventReason.Updated]).optional(),
});
export type ChatRoomEvent = z.infer<typeof ChatRoomEventSchema>;
