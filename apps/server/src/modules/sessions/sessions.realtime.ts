import {
  MediaEventSchema,
  type MediaRelay,
  type PeerEvent,
  PingEventSchema,
  type PingRelay,
  SESSION_CLIENT_EVENTS,
  SESSION_SERVER_EVENTS,
  SessionEvent,
  type SessionRef,
  SessionRefSchema,
  SessionRoomEventSchema,
  SignalEventSchema,
  type SignalRelay,
  sessionKey,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Database } from '../../db/client.ts';
import { type Ack, type AuthenticatedSocket, type Realtime, userRoom } from '../../realtime/realtime.ts';
import { insertSessionEvent } from './sessions.repository.ts';
import type { SessionsService } from './sessions.service.ts';

/** The socket.io room of a session's live connections. */
export const sessionRoom = (ref: SessionRef) => `session:${sessionKey(ref)}`;

type Deps = { sessions: SessionsService; db: Database; log: FastifyBaseLogger };

/**
 * The video room's signalling (architecture §6). A member's connection joins the session's room
 * (recorded as "joined"), then offers, answers and ICE candidates, media toggles and ping/pong are
 * relayed to the other member's connections in that room only. Leaving, or losing the connection,
 * is recorded as "left" and told to the other member. One connection per member: joining again
 * (a reload, a second tab) takes the room over from the older connection.
 */
export function registerSessionEvents(realtime: Realtime, deps: Deps): void {
  const { io } = realtime;
  /** The sessions each live connection of this instance has joined. */
  const joined = new WeakMap<Socket, Map<string, SessionRef>>();
  const joinedBy = (socket: Socket) => {
    let sessions = joined.get(socket);
    if (!sessions) {
      sessions = new Map();
      joined.set(socket, sessions);
    }
    return sessions;
  };

  async function record(ref: SessionRef, userId: number, event: SessionEvent): Promise<void> {
    await insertSessionEvent(deps.db, { ref, userId, event });
  }

  /** The other member's connections in the room (never the sender's own). */
  const others = (ref: SessionRef, userId: number) => io.to(sessionRoom(ref)).except(userRoom(userId));

  /**
   * The session a room event names, when this connection is in it; otherwise the code telling why it
   * may not be: `invalid-session-id`, `lesson-not-found`, `not-member`, `unallowed` (outside the access
   * window, or not joined yet).
   */
  async function joinedSession(socket: AuthenticatedSocket, value: unknown): Promise<SessionRef | Ack> {
    const parsed = SessionRefSchema.safeParse(value);
    if (!parsed.success) {
      return { code: 'invalid-session-id' };
    }
    const ref = parsed.data;
    if (joined.get(socket)?.has(sessionKey(ref))) {
      return ref;
    }
    const admission = await deps.sessions.admit(ref, socket.data.userId);
    return { code: admission.code === 'ok' ? 'unallowed' : admission.code };
  }
  const isAck = (value: SessionRef | Ack): value is Ack => 'code' in value;

  async function leave(socket: AuthenticatedSocket, ref: SessionRef): Promise<void> {
    const key = sessionKey(ref);
    if (!joined.get(socket)?.delete(key)) {
      return;
    }
    await socket.leave(sessionRoom(ref));
    const userId = socket.data.userId;
    others(ref, userId).emit(SESSION_SERVER_EVENTS.peerLeft, { session: ref, userId } satisfies PeerEvent);
    await record(ref, userId, SessionEvent.UserLeft);
  }

  realtime.on(SESSION_CLIENT_EVENTS.join, SessionRoomEventSchema, async (socket, payload) => {
    const parsed = SessionRefSchema.safeParse(payload.session);
    if (!parsed.success) {
      return { code: 'invalid-session-id' };
    }
    const ref = parsed.data;
    const userId = socket.data.userId;
    const admission = await deps.sessions.admit(ref, userId);
    if (admission.code !== 'ok') {
      return { code: admission.code };
    }
    const room = sessionRoom(ref);
    const sessions = joinedBy(socket);
    if (!sessions.has(sessionKey(ref))) {
      // The member's older connection (a reloaded page, another tab) hands the room over.
      const previous = (await io.in(room).fetchSockets()).filter(
        (other) => other.data.userId === userId && other.id !== socket.id,
      );
      for (const other of previous) {
        other.emit(SESSION_SERVER_EVENTS.replaced, { session: ref });
        other.leave(room);
        const local = io.sockets.sockets.get(other.id);
        if (local) {
          joined.get(local)?.delete(sessionKey(ref));
        }
        await record(ref, userId, SessionEvent.UserLeft);
      }
      sessions.set(sessionKey(ref), ref);
      await socket.join(room);
      await record(ref, userId, SessionEvent.UserJoined);
      others(ref, userId).emit(SESSION_SERVER_EVENTS.peerJoined, {
        session: ref,
        userId,
      } satisfies PeerEvent);
    }
    const present = await io.in(room).fetchSockets();
    const peers = [...new Set(present.map((other) => other.data.userId as number))].filter(
      (id) => id !== userId,
    );
    return { code: 'ok', peers };
  });

  realtime.on(SESSION_CLIENT_EVENTS.leave, SessionRoomEventSchema, async (socket, payload) => {
    const ref = await joinedSession(socket, payload.session);
    if (isAck(ref)) {
      return ref;
    }
    await leave(socket, ref);
    return { code: 'ok' };
  });

  /** Relays to the other member's connections in the room; `unreachable` when none is there. */
  async function relay(ref: SessionRef, userId: number, event: string, body: unknown): Promise<Ack> {
    const targets = await others(ref, userId).fetchSockets();
    if (targets.length === 0) {
      return { code: 'unreachable' };
    }
    others(ref, userId).emit(event, body);
    return { code: 'ok' };
  }

  realtime.on(SESSION_CLIENT_EVENTS.signal, SignalEventSchema, async (socket, payload) => {
    const ref = await joinedSession(socket, payload.session);
    if (isAck(ref)) {
      return ref;
    }
    const from = socket.data.userId;
    return relay(ref, from, SESSION_SERVER_EVENTS.signal, {
      session: ref,
      from,
      signal: payload.signal,
    } satisfies SignalRelay);
  });

  realtime.on(SESSION_CLIENT_EVENTS.media, MediaEventSchema, async (socket, payload) => {
    const ref = await joinedSession(socket, payload.session);
    if (isAck(ref)) {
      return ref;
    }
    const { camera, mic, screen } = payload;
    const userId = socket.data.userId;
    others(ref, userId).emit(SESSION_SERVER_EVENTS.media, {
      session: ref,
      userId,
      camera,
      mic,
      screen,
    } satisfies MediaRelay);
    return { code: 'ok' };
  });

  for (const [event, relayed] of [
    [SESSION_CLIENT_EVENTS.ping, SESSION_SERVER_EVENTS.ping],
    [SESSION_CLIENT_EVENTS.pong, SESSION_SERVER_EVENTS.pong],
  ] as const) {
    realtime.on(event, PingEventSchema, async (socket, payload) => {
      const ref = await joinedSession(socket, payload.session);
      if (isAck(ref)) {
        return ref;
      }
      const from = socket.data.userId;
      const ack = await relay(ref, from, relayed, {
        session: ref,
        from,
        sentAt: payload.sentAt,
      } satisfies PingRelay);
      return ack.code === 'ok' ? { ...ack, serverTime: Date.now() } : ack;
    });
  }

  io.on('connection', (raw) => {
    const socket = raw as AuthenticatedSocket;
    socket.on('disconnecting', () => {
      for (const ref of [...(joined.get(socket)?.values() ?? [])]) {
        leave(socket, ref).catch((error: unknown) =>
          deps.log.error({ err: error, session: sessionKey(ref) }, 'recording a session leave failed'),
        );
      }
    });
  });
}
