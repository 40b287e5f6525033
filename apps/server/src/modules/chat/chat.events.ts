import {
  CHAT_CLIENT_EVENTS,
  CHAT_SERVER_EVENTS,
  type ChatPresenceEvent,
  DeleteMessageEventSchema,
  JoinRoomEventSchema,
  ReadMessagesEventSchema,
  SendMessageEventSchema,
  TypingEventSchema,
  UpdateMessageEventSchema,
} from '@hiwar/domain';
import type { Ack, Realtime } from '../../realtime/realtime.ts';
import { userRoom } from '../../realtime/realtime.ts';
import { findUserRooms } from './chat.repository.ts';
import { type ChatOutcome, type ChatServiceDeps, chatRoom, createChatService } from './chat.service.ts';

/**
 * A refusal as the socket acknowledges it (spec §8 ack codes): an unverified e-mail is `unallowed`, a
 * blank text `empty-text`; a text too long or with markup it cannot keep is `bad-request` carrying the
 * validation code in `error`, so the client can say which.
 */
export function toAck(outcome: ChatOutcome): Ack {
  switch (outcome.code) {
    case 'email-not-verified':
      return { code: 'unallowed' };
    case 'message-text-too-short':
      return { code: 'empty-text' };
    case 'message-text-too-long':
    case 'message-text-invalid-html':
      return { code: 'bad-request', error: outcome.code };
    default:
      return outcome as Ack;
  }
}

type ChatSocketData = { userId: number; chatRooms?: number[] };

/**
 * The chat's socket side (architecture §5): each connection joins `chat:<roomId>` for every room of its
 * user, presence is announced to those rooms when the user's first socket connects and their last one
 * disconnects, or their instance dies (counted across instances, `realtime.presence`), and the client
 * events of `CHAT_CLIENT_EVENTS`.
 */
export function registerChatEvents(realtime: Realtime, deps: ChatServiceDeps): void {
  const chat = createChatService(deps);
  const { io } = realtime;

  /**
   * Tells the members of `userId`'s rooms (not their own tabs) that they came online or left: each
   * change once, from the instance that saw it (of two tabs opening at once, one is the first).
   */
  realtime.presence.onChange(async ({ userId, online }) => {
    const rooms = (await findUserRooms(deps.db, userId)).map((room) => room.roomId);
    if (rooms.length > 0) {
      io.to(rooms.map(chatRoom))
        .except(userRoom(userId))
        .emit(CHAT_SERVER_EVENTS.presence, { userId, online } satisfies ChatPresenceEvent);
    }
  });

  const fail = (what: string) => (error: unknown) => deps.log.error({ err: error }, `chat ${what} failed`);

  // Before the connection opens (after authentication): the rooms it will join.
  io.use((socket, next) => {
    const data = socket.data as ChatSocketData;
    findUserRooms(deps.db, data.userId)
      .then((rooms) => {
        data.chatRooms = rooms.map((room) => room.roomId);
      })
      .catch(fail('room lookup'))
      .finally(() => next());
  });

  io.on('connection', (socket) => {
    const data = socket.data as ChatSocketData;
    // Joined before the client hears it is connected, so nothing sent to its rooms from now is missed.
    void socket.join((data.chatRooms ?? []).map(chatRoom));
  });

  realtime.on(CHAT_CLIENT_EVENTS.join, JoinRoomEventSchema, async (socket, payload) => {
    const outcome = await chat.checkJoin(socket.data.userId, payload.roomId);
    if (outcome.code === 'ok') {
      await socket.join(chatRoom(payload.roomId));
    }
    return toAck(outcome);
  });

  realtime.on(CHAT_CLIENT_EVENTS.send, SendMessageEventSchema, async (socket, payload) =>
    toAck(await chat.sendMessage(socket.data.userId, payload, socket.id)),
  );

  realtime.on(CHAT_CLIENT_EVENTS.update, UpdateMessageEventSchema, async (socket, payload) =>
    toAck(await chat.updateMessage(socket.data.userId, payload)),
  );

  realtime.on(CHAT_CLIENT_EVENTS.delete, DeleteMessageEventSchema, async (socket, payload) =>
    toAck(await chat.deleteMessage(socket.data.userId, payload.messageId)),
  );

  realtime.on(CHAT_CLIENT_EVENTS.read, ReadMessagesEventSchema, async (socket, payload) =>
    toAck(await chat.readMessages(socket.data.userId, payload)),
  );

  realtime.on(CHAT_CLIENT_EVENTS.typing, TypingEventSchema, async (socket, payload) =>
    toAck(await chat.typing(socket.data.userId, payload)),
  );
}
