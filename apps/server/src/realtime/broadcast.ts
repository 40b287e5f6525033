import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { socketKey, userRoom } from './realtime.ts';

/**
 * Server-to-client sends that work from any instance (architecture §1: `api,realtime` instances and
 * separate `worker` ones). An instance running the realtime role sends through its own socket.io
 * (with Redis, its adapter reaches the others); one without it, such as a worker sending lesson
 * reminders or applying a Fawry payment, publishes through Redis to the instances that hold the sockets.
 * Without Redis and without the realtime role there is nobody to tell (`null`).
 */
export type Broadcast = {
  /** To every connection of a user, on every instance. */
  toUser(userId: number, event: string, payload: unknown): void;
  /** To every connection in a socket.io room (a channel such as `TutorsCache`), on every instance. */
  toRoom(room: string, event: string, payload: unknown): void;
  /** Closes every connection of a user (their sessions were revoked), on every instance. */
  disconnectUser(userId: number): void;
};

/** Through this instance's socket.io server (the realtime role). */
export function socketBroadcast(io: Server): Broadcast {
  return {
    toUser: (userId, event, payload) => io.to(userRoom(userId)).emit(event, payload),
    toRoom: (room, event, payload) => io.to(room).emit(event, payload),
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
  };
}

/** Through Redis, to the realtime instances' adapters (an instance without the realtime role). */
export function redisBroadcast(redis: Redis, namespace?: string): Broadcast {
  const emitter = new Emitter(redis, { key: socketKey(namespace) });
  return {
    toUser: (userId, event, payload) => emitter.to(userRoom(userId)).emit(event, payload),
    toRoom: (room, event, payload) => emitter.to(room).emit(event, payload),
    disconnectUser: (userId) => emitter.in(userRoom(userId)).disconnectSockets(true),
  };
}
