import {
  type AckCode,
  CHAT_CLIENT_EVENTS,
  CHAT_SERVER_EVENTS,
  type ChatMessage,
  type ChatRoom,
  ChatRoomEventReason,
} from '@hiwar/domain';
import {
  type QueryClient,
  skipToken,
  type UseInfiniteQueryResult,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useSession } from '../../session/session.tsx';
import { useSocket } from '../../socket/socket-provider.tsx';
import { checkedListener, checkedValue } from '../contract.ts';
import { getRoomByMembers } from '../endpoints/chat.ts';
import { useApiClient } from './api-client-context.tsx';
import { useChatMessages, useChatRoom } from './chat.ts';
import {
  addOutgoing,
  applyChangedMessage,
  applyNewMessage,
  applyPresence,
  applyRead,
  type ConversationItem,
  chatKeys,
  conversationItems,
  findCachedRoom,
  type MessagesInfiniteData,
  type OutgoingMessage,
  setOutgoingStatus,
  setTypingUser,
  upsertCachedRoom,
} from './chat-cache.ts';

/** A receiver forgets "typing…" when no news came for this long (the sender's tab may have closed). */
export const TYPING_EXPIRY_MS = 6000;
/** While the user keeps typing, "typing" is said again at most this often (it outlives the expiry). */
export const TYPING_REPEAT_MS = 3000;
/** After this long without a keystroke, "stopped typing" is said. */
export const TYPING_IDLE_MS = 4000;

/** A fresh client reference for an optimistic message (`randomUUID` needs a secure context). */
export function newClientRef(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Why the server refused: the validation code it names in `error` (a text too long, markup it cannot
 * keep) or else the acknowledgement code; an `ok` without the message it promised counts as unreachable.
 */
export function ackFailure(ack: { code: AckCode } & Record<string, unknown>): string {
  if (typeof ack.error === 'string' && ack.error !== '') {
    return ack.error;
  }
  return ack.code === 'ok' ? 'unreachable' : ack.code;
}

/** The conversations open on screen, per query cache (a room may be open twice: /chat and a lesson). */
const openRooms = new WeakMap<QueryClient, Map<number, number>>();

/** Marks `roomId` open in this tab until the returned function is called. */
function markRoomOpen(queryClient: QueryClient, roomId: number): () => void {
  let counts = openRooms.get(queryClient);
  if (!counts) {
    counts = new Map();
    openRooms.set(queryClient, counts);
  }
  const open = counts;
  open.set(roomId, (open.get(roomId) ?? 0) + 1);
  return () => {
    const left = (open.get(roomId) ?? 1) - 1;
    if (left > 0) {
      open.set(roomId, left);
    } else {
      open.delete(roomId);
    }
  };
}

/** Whether this tab shows the conversation of `roomId` and the tab itself is on screen. */
export function isRoomOnScreen(queryClient: QueryClient, roomId: number): boolean {
  const open = (openRooms.get(queryClient)?.get(roomId) ?? 0) > 0;
  return open && (typeof document === 'undefined' || document.visibilityState !== 'hidden');
}

/**
 * A new message worth the user's attention (a sound, a toast, a browser notification): from the other
 * member, in a room the user has not muted (here or on any other device of theirs), and not on screen.
 */
export interface ChatAlert {
  message: ChatMessage;
  /** The room from the user's side (the other member names the sender). */
  room: ChatRoom;
}

export interface ChatEventsOptions {
  /** Called once per message that deserves an alert (see {@link ChatAlert}); never for a muted room. */
  onAlert?: (alert: ChatAlert) => void;
}

/** Message ids already alerted, so a message heard twice (a new room, then the message) alerts once. */
const ALERTED_MEMORY = 200;

/** Every chat query that reads the server (not the outbox nor "typing", which live only here). */
function isServerChatQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === 'chat' && queryKey[1] !== 'outbox' && queryKey[1] !== 'typing';
}

function clearTyping(queryClient: QueryClient): void {
  queryClient.setQueriesData<number[]>({ queryKey: ['chat', 'typing'] }, (current) =>
    current && current.length > 0 ? [] : current,
  );
}

/**
 * Applies the chat events of the realtime connection to the query cache: new, edited and deleted
 * messages, read receipts, "typing…" (forgotten after {@link TYPING_EXPIRY_MS}), presence, new rooms
 * and rooms pinned or muted on another device. After a reconnect every chat query refetches, so nothing
 * sent while the connection was down is missed (our own optimistic messages are matched to the stored
 * ones by `clientRef`). `onAlert` hears each new message worth an alert: never one of a muted room, nor
 * of a conversation on screen. Mount once per app, inside `SocketProvider` and `SessionProvider`.
 */
export function useChatEvents(options: ChatEventsOptions = {}): void {
  const { socket, connected } = useSocket();
  const queryClient = useQueryClient();
  const client = useApiClient();
  const me = useSession().user?.id ?? null;
  const meRef = useRef(me);
  const onAlertRef = useRef(options.onAlert);
  useEffect(() => {
    meRef.current = me;
    onAlertRef.current = options.onAlert;
  });

  useEffect(() => {
    if (!socket) {
      return;
    }
    const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
    const stopTypingTimer = (key: string) => {
      const timer = typingTimers.get(key);
      if (timer !== undefined) {
        clearTimeout(timer);
        typingTimers.delete(key);
      }
    };
    const alerted: number[] = [];
    const alert = (message: ChatMessage, room: ChatRoom) => {
      const onAlert = onAlertRef.current;
      if (!onAlert || room.muted || alerted.includes(message.id)) {
        return;
      }
      alerted.push(message.id);
      if (alerted.length > ALERTED_MEMORY) {
        alerted.shift();
      }
      onAlert({ message, room });
    };
    /** Alerts about a new message of someone else, once its room (and so its mute) is known. */
    const considerAlert = (message: ChatMessage) => {
      const mine = meRef.current;
      if (!onAlertRef.current || mine === null || message.senderId === mine || message.deletedAt !== null) {
        return;
      }
      if (isRoomOnScreen(queryClient, message.roomId)) {
        return;
      }
      const cached = findCachedRoom(queryClient, message.roomId);
      if (cached) {
        alert(message, cached);
        return;
      }
      // A room no list holds (beyond the first page): its mute decides, so ask for it. When that
      // fails nothing is said: a muted room must stay quiet.
      void getRoomByMembers(client, [mine, message.senderId])
        .then((room) => {
          if (room && room.id === message.roomId) {
            alert(message, room);
          }
        })
        .catch(() => undefined);
    };
    const onMessage = checkedListener(
      (contract) => contract.ChatMessageEventSchema,
      (event) => {
        const { message } = event;
        considerAlert(message);
        applyNewMessage(queryClient, message, meRef.current);
        // Sending ends the sender's typing.
        stopTypingTimer(`${message.roomId}:${message.senderId}`);
        setTypingUser(queryClient, message.roomId, message.senderId, false);
      },
    );
    const onChanged = checkedListener(
      (contract) => contract.ChatMessageEventSchema,
      (event) => {
        applyChangedMessage(queryClient, event.message);
      },
    );
    const onRead = checkedListener(
      (contract) => contract.ChatReadEventSchema,
      (event) => {
        applyRead(queryClient, event, meRef.current);
      },
    );
    const onTyping = checkedListener(
      (contract) => contract.ChatTypingEventSchema,
      ({ roomId, userId, typing }) => {
        if (userId === meRef.current) {
          return;
        }
        const key = `${roomId}:${userId}`;
        stopTypingTimer(key);
        setTypingUser(queryClient, roomId, userId, typing);
        if (typing) {
          typingTimers.set(
            key,
            setTimeout(() => {
              typingTimers.delete(key);
              setTypingUser(queryClient, roomId, userId, false);
            }, TYPING_EXPIRY_MS),
          );
        }
      },
    );
    const onPresence = checkedListener(
      (contract) => contract.ChatPresenceEventSchema,
      (event) => {
        applyPresence(queryClient, event.userId, event.online);
      },
    );
    const onRoom = checkedListener(
      (contract) => contract.ChatRoomEventSchema,
      (event) => {
        const { room, reason = ChatRoomEventReason.Created } = event;
        const isNew = findCachedRoom(queryClient, room.id) === undefined;
        upsertCachedRoom(queryClient, room);
        // A new room arriving with the other member's first message in it (`POST /chat/new`).
        const first = room.lastMessage;
        if (reason === ChatRoomEventReason.Created && isNew && first && room.unread > 0) {
          const mine = meRef.current;
          if (mine !== null && first.senderId !== mine && first.deletedAt === null) {
            if (!isRoomOnScreen(queryClient, room.id)) {
              alert(first, room);
            }
          }
        }
      },
    );
    const handlers: [string, (payload: unknown) => void][] = [
      [CHAT_SERVER_EVENTS.message, onMessage],
      [CHAT_SERVER_EVENTS.updated, onChanged],
      [CHAT_SERVER_EVENTS.deleted, onChanged],
      [CHAT_SERVER_EVENTS.read, onRead],
      [CHAT_SERVER_EVENTS.typing, onTyping],
      [CHAT_SERVER_EVENTS.presence, onPresence],
      [CHAT_SERVER_EVENTS.room, onRoom],
    ];
    for (const [event, handler] of handlers) {
      socket.on(event, handler);
    }
    return () => {
      for (const [event, handler] of handlers) {
        socket.off(event, handler);
      }
      for (const timer of typingTimers.values()) {
        clearTimeout(timer);
      }
    };
  }, [socket, queryClient, client]);

  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) {
      void queryClient.invalidateQueries({ predicate: (query) => isServerChatQuery(query.queryKey) });
    }
    if (!connected) {
      clearTyping(queryClient);
    }
    wasConnected.current = connected;
  }, [connected, queryClient]);
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page is on screen (read receipts are only sent for what can be seen). */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

export interface ChatConversation {
  room: UseQueryResult<ChatRoom>;
  /** The stored messages, newest page first; `fetchNextPage` loads older ones. */
  messages: UseInfiniteQueryResult<MessagesInfiniteData, Error>;
  /** What to show, oldest first: stored messages, then ours still on their way or failed. */
  items: ConversationItem[];
  /** The other member is typing. */
  otherTyping: boolean;
  /**
   * Sends with a fresh `clientRef`, showing the message at once. Each action answers `ok` or the code of
   * the refusal (see {@link ackFailure}), for `errorMessage` to word.
   */
  send(text: string): Promise<string>;
  /** Sends a failed message again with its `clientRef` (the server stores it once). */
  retry(clientRef: string): Promise<string>;
  /** Edits one of our messages. */
  edit(messageId: number, text: string): Promise<string>;
  /** Deletes one of our messages (it stays in place, blanked). */
  remove(messageId: number): Promise<string>;
  /** Call on every keystroke in the composer: "typing" is sent, then "stopped" once the user pauses. */
  typed(): void;
}

/**
 * One open conversation over the realtime connection: joins the room (again after each reconnect), sends
 * with optimistic messages, edits, deletes, says "typing", and marks the other member's messages read
 * while the page is visible. Needs {@link useChatEvents} mounted above it to hear the room's events.
 */
export function useChatConversation(roomId: number): ChatConversation {
  const { connected, emitWithAck } = useSocket();
  const queryClient = useQueryClient();
  const me = useSession().user?.id ?? null;
  const room = useChatRoom(roomId);
  const messages = useChatMessages(roomId);
  const outbox = useQuery<OutgoingMessage[]>({ queryKey: chatKeys.outbox(roomId), queryFn: skipToken });
  const typingUsers = useQuery<number[]>({ queryKey: chatKeys.typing(roomId), queryFn: skipToken });
  const visible = usePageVisible();

  // On screen: its new messages raise no alert (they are read here).
  useEffect(() => markRoomOpen(queryClient, roomId), [queryClient, roomId]);

  useEffect(() => {
    if (connected) {
      void emitWithAck(CHAT_CLIENT_EVENTS.join, { roomId });
    }
  }, [connected, emitWithAck, roomId]);

  const pages = messages.data?.pages;
  const items = useMemo(() => conversationItems(pages ?? [], outbox.data ?? []), [pages, outbox.data]);

  // Read receipts: the newest message of the other member, once per message, while the page is seen.
  const newestIncoming = useMemo(() => {
    let newest = 0;
    for (const message of (pages ?? []).flatMap((page) => page.list)) {
      if (message.senderId !== me && message.id > newest) {
        newest = message.id;
      }
    }
    return newest;
  }, [pages, me]);
  const readSent = useRef({ roomId, messageId: 0 });
  useEffect(() => {
    const sent = readSent.current;
    const upTo = sent.roomId === roomId ? sent.messageId : 0;
    if (!connected || !visible || me === null || newestIncoming <= upTo) {
      return;
    }
    readSent.current = { roomId, messageId: newestIncoming };
    void emitWithAck(CHAT_CLIENT_EVENTS.read, { roomId, messageId: newestIncoming }).then((ack) => {
      if (ack.code === 'ok') {
        applyRead(queryClient, { roomId, userId: me, messageId: newestIncoming }, me);
      } else if (ack.code === 'unreachable' && readSent.current.roomId === roomId) {
        // Said again after the reconnect (or with the next message).
        readSent.current = { roomId, messageId: 0 };
      }
    });
  }, [connected, visible, newestIncoming, roomId, me, emitWithAck, queryClient]);

  // Typing: said at most every TYPING_REPEAT_MS, "stopped" after TYPING_IDLE_MS without a keystroke.
  const typingSentAt = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopTyping = useCallback(() => {
    if (idleTimer.current !== null) {
      clearTimeout(idleTimer.current);
      idleTimer.current = null;
    }
    if (typingSentAt.current > 0) {
      typingSentAt.current = 0;
      void emitWithAck(CHAT_CLIENT_EVENTS.typing, { roomId, typing: false });
    }
  }, [emitWithAck, roomId]);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - typingSentAt.current >= TYPING_REPEAT_MS) {
      typingSentAt.current = now;
      void emitWithAck(CHAT_CLIENT_EVENTS.typing, { roomId, typing: true });
    }
    if (idleTimer.current !== null) {
      clearTimeout(idleTimer.current);
    }
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }, [emitWithAck, roomId, stopTyping]);
  useEffect(() => stopTyping, [stopTyping]);

  const deliver = useCallback(
    async (clientRef: string, text: string): Promise<string> => {
      const ack = await emitWithAck(CHAT_CLIENT_EVENTS.send, { roomId, text, clientRef });
      const parsed =
        ack.code === 'ok' ? await checkedValue((contract) => contract.ChatMessageEventSchema, ack) : null;
      if (parsed) {
        applyNewMessage(queryClient, parsed.message, me);
        return 'ok';
      }
      const code = ackFailure(ack);
      setOutgoingStatus(queryClient, roomId, clientRef, 'failed', code);
      return code;
    },
    [emitWithAck, queryClient, roomId, me],
  );

  const send = useCallback(
    (text: string) => {
      const clientRef = newClientRef();
      addOutgoing(queryClient, {
        clientRef,
        roomId,
        text,
        createdAt: new Date().toISOString(),
        status: 'sending',
        code: null,
      });
      stopTyping();
      return deliver(clientRef, text);
    },
    [queryClient, roomId, stopTyping, deliver],
  );

  const retry = useCallback(
    (clientRef: string) => {
      const pending = queryClient
        .getQueryData<OutgoingMessage[]>(chatKeys.outbox(roomId))
        ?.find((item) => item.clientRef === clientRef);
      if (!pending) {
        return Promise.resolve('ok');
      }
      setOutgoingStatus(queryClient, roomId, clientRef, 'sending');
      return deliver(clientRef, pending.text);
    },
    [queryClient, roomId, deliver],
  );

  const change = useCallback(
    async (event: string, payload: object): Promise<string> => {
      const ack = await emitWithAck(event, payload);
      const parsed =
        ack.code === 'ok' ? await checkedValue((contract) => contract.ChatMessageEventSchema, ack) : null;
      if (parsed) {
        applyChangedMessage(queryClient, parsed.message);
        return 'ok';
      }
      return ackFailure(ack);
    },
    [emitWithAck, queryClient],
  );
  const edit = useCallback(
    (messageId: number, text: string) => change(CHAT_CLIENT_EVENTS.update, { messageId, text }),
    [change],
  );
  const remove = useCallback(
    (messageId: number) => change(CHAT_CLIENT_EVENTS.delete, { messageId }),
    [change],
  );

  const other = room.data?.other.id;
  const otherTyping = other !== undefined && (typingUsers.data ?? []).includes(other);

  return { room, messages, items, otherTyping, send, retry, edit, remove, typed };
}

/** Whether our message has been read by the other member (read receipts). */
export function isReadByOther(message: ChatMessage, room: ChatRoom | undefined): boolean {
  return room?.otherLastReadMessageId != null && message.id <= room.otherLastReadMessageId;
}
