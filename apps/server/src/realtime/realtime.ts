import type { Server as HttpServer } from 'node:http';
import { type AckCode, BOUNDS, isAckCode } from '@hiwar/domain';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import { bearerToken } from '../core/auth.ts';
import { createTokenBucket } from '../core/token-buckets.ts';
import { pgErrorCode } from '../db/client.ts';
import type { Presence } from './presence.ts';

export type Ack = { code: AckCode } & Record<string, unknown>;
export type AuthenticatedSocket = Socket & { data: { userId: number; rooms: readonly string[] } };

type EventHandler<S extends z.ZodType> = (
  socket: AuthenticatedSocket,
  payload: z.output<S>,
) => Promise<Ack> | Ack;

export type Realtime = {
  io: Server;
  /**
   * Declares a client event: the payload is parsed with `schema` and the handler's answer goes back
   * as the acknowledgement. A payload that fails the schema is answered `{ code: 'bad-request' }`;
   * an event past the connection's allowance (`BOUNDS.socketEvents`) `{ code: 'too-many-requests' }`.
   */
  on<S extends z.ZodType>(event: string, schema: S, handler: EventHandler<S>): void;
  /** The client events declared with `on`, with their payload schemas (tests walk every one). */
  events(): Array<{ event: string; schema: z.ZodType }>;
  /** Who is connected, on every instance; told each connection that opens and closes here. */
  presence: Presence;
  close(): Promise<void>;
};

export const userRoom = (userId: number) => `user:${userId}`;

/** The socket.io adapter's key in Redis: instances sharing it (one database) reach each other's sockets. */
export function socketKey(namespace?: string): string {
  return namespace ? `hiwar-socket:${namespace}` : 'hiwar-socket';
}

type Options = {
  /** The token's user, and the channels that user's connections join (e.g. staff-only `AdminInvoices`). */
  authenticate: (token: string) => Promise<{ userId: number; rooms?: readonly string[] } | null>;
  corsOrigins: string[];
  /** Channels every connection joins besides its user's room (e.g. `TutorsCache`). */
  rooms?: readonly string[];
  /** `namespace` keeps apart the instances of different databases sharing one Redis (tests). */
  redis?: { pub: Redis; sub: Redis; namespace?: string } | undefined;
  presence: Presence;
  logger: FastifyBaseLogger;
};

/**
 * socket.io on the API's HTTP server. The handshake must carry a valid bearer token (in `auth.token`
 * or an Authorization header); each connection joins its user's room, so presence and delivery are
 * per user while any of their tabs is open.
 */
export function createRealtime(server: HttpServer, options: Options): Realtime {
  const io = new Server(server, {
    path: '/socket.io',
    cors: { origin: options.corsOrigins, credentials: true },
    serveClient: false,
    connectionStateRecovery: undefined,
  });
  if (options.redis) {
    io.adapter(
      createAdapter(options.redis.pub, options.redis.sub, { key: socketKey(options.redis.namespace) }),
    );
  }
  const handlers = new Map<string, { schema: z.ZodType; handler: EventHandler<z.ZodType> }>();

  io.use(async (socket, next) => {
    const fromAuth =
      typeof socket.handshake.auth?.token === 'string' ? (socket.handshake.auth.token as string) : null;
    const token = fromAuth ?? bearerToken(socket.handshake.headers.authorization);
    const identity = token ? await options.authenticate(token).catch(() => null) : null;
    if (!identity) {
      const error = new Error('unauthenticated') as Error & { data?: unknown };
      error.data = { code: 'unauthenticated' };
      next(error);
      return;
    }
    socket.data.userId = identity.userId;
    socket.data.rooms = identity.rooms ?? [];
    next();
  });

  io.on('connection', (raw) => {
    const socket = raw as AuthenticatedSocket;
    const { userId } = socket.data;
    void socket.join([userRoom(userId), ...(options.rooms ?? []), ...socket.data.rooms]);
    const presenceFailed = (error: unknown) =>
      options.logger.warn({ err: error, userId }, 'presence update failed');
    options.presence.arrive(userId).catch(presenceFailed);
    socket.on('disconnect', () => {
      options.presence.leave(userId).catch(presenceFailed);
    });
    // Every event the connection sends, whatever it is: one client cannot keep the instance busy with
    // floods of lookups (most events read the database). Actions that reach other people have
    // tighter limits of their own (chat, decision 0032).
    const allowance = createTokenBucket(BOUNDS.socketEvents);
    socket.onAny((event: string, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: Ack) => void) : undefined;
      const entry = handlers.get(event);
      const respond = (answer: Ack) => ack?.(answer);
      if (!allowance.take()) {
        respond({ code: 'too-many-requests' });
        return;
      }
      if (!entry) {
        respond({ code: 'unallowed' });
        return;
      }
      const parsed = entry.schema.safeParse(args[0]);
      if (!parsed.success) {
        respond({ code: 'bad-request' });
        return;
      }
      Promise.resolve()
        .then(() => entry.handler(socket, parsed.data))
        .then((answer) => respond(isAckCode(answer.code) ? answer : { code: 'unallowed' }))
        .catch((error: unknown) => {
          // PostgreSQL's "data exception" (class 22): a value the schema let through that a column
          // cannot hold (a NUL or a lone surrogate in text). The input's fault, as over HTTP.
          if (pgErrorCode(error)?.startsWith('22')) {
            respond({ code: 'bad-request' });
            return;
          }
          options.logger.error({ err: error, event }, 'socket handler failed');
          respond({ code: 'unreachable' });
        });
    });
  });

  return {
    io,
    on(event, schema, handler) {
      handlers.set(event, { schema, handler: handler as EventHandler<z.ZodType> });
    },
    events: () => [...handlers].map(([event, { schema }]) => ({ event, schema })),
    presence: options.presence,
    async close() {
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      await options.presence.close();
    },
  };
}
