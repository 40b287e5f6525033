/**
 * The chat socket's event names: plain values without zod, so that a screen that only listens for these
 * events loads no schema (issue 26). The payloads' schemas are beside the others.
 */

/** Client events, answered with an ack. */
export const CHAT_CLIENT_EVENTS = {
  /** `{ roomId }` → `{ code: 'ok' }`: subscribe this connection to a room's live events. */
  join: 'chat:join',
  /** `{ roomId, text, clientRef }` → `{ code: 'ok', message }`. */
  send: 'chat:send',
  /** `{ messageId, text }` → `{ code: 'ok', message }` (author only: `not-owner`). */
  update: 'chat:update',
  /** `{ messageId }` → `{ code: 'ok', message }` (author only: `not-owner`). */
  delete: 'chat:delete',
  /** `{ roomId, messageId }` → `{ code: 'ok' }`: read up to `messageId` (the other member's messages). */
  read: 'chat:read',
  /** `{ roomId, typing }` → `{ code: 'ok' }`. */
  typing: 'chat:typing',
} as const;

export const CHAT_SERVER_EVENTS = {
  /** `{ message }`: a new message (the sender's other tabs get it too; match by `clientRef`). */
  message: 'chat:message',
  /** `{ message }`: edited. */
  updated: 'chat:message-updated',
  /** `{ message }`: deleted (text blanked). */
  deleted: 'chat:message-deleted',
  /** `{ roomId, userId, messageId }`: `userId` has read up to `messageId`. */
  read: 'chat:read',
  /** `{ roomId, userId, typing }`. */
  typing: 'chat:typing',
  /** `{ userId, online }`: a member of one of the receiver's rooms came online or went offline. */
  presence: 'chat:presence',
  /**
   * `{ room }`, from the receiver's side: a room they now belong to, or one whose pin or mute they
   * changed on another device (every device of theirs follows).
   */
  room: 'chat:room',
} as const;

/**
 * Why a room came: `created` (the receiver now belongs to it; a first message may be in it) or `updated`
 * (their own pin or mute changed on one of their devices). Older servers sent no reason: read as
 * `created`.
 */
export const ChatRoomEventReason = { Created: 'created', Updated: 'updated' } as const;
export type ChatRoomEventReason = (typeof ChatRoomEventReason)[keyof typeof ChatRoomEventReason];
