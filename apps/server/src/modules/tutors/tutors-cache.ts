import { randomUUID } from 'node:crypto';
import { TUTORS_CACHE_EVENT, type TutorsCacheEvent } from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Broadcast } from '../../realtime/broadcast.ts';

/**
 * The socket room every connection joins and the event announced in it when the tutors list changed
 * (spec §7 "Cache channels: TutorsCache"): clients refetch the list.
 */
export const TUTORS_CACHE_CHANNEL = TUTORS_CACHE_EVENT;

/** What changed, for the log and the announcement. */
export type TutorsCacheReason = TutorsCacheEvent['reason'];

/** A change the tutor directory of every instance applies: some tutors, or everything. */
export type TutorsChange =
  | { reason: TutorsCacheReason; all: true }
  | { reason: TutorsCacheReason; tutorIds: readonly number[] };

export type TutorsCache = {
  /**
   * Some tutors' cards or bookable times changed (profile, media, verification, topics, schedule,
   * lessons, ratings): every instance reads only those tutors again. Call it after the change
   * committed; it resolves once this instance's list shows it (await it so the caller's next read
   * does), and never rejects.
   */
  tutorsChanged(reason: TutorsCacheReason, tutorIds: readonly number[]): Promise<void>;
  /**
   * Everything the list shows may have changed (a flush, a setting the bookable times read, a topic's
   * names): every instance drops its directory and builds it again on the next request.
   */
  invalidate(reason: TutorsCacheReason): Promise<void>;
  /** Where this instance's directory hears every change, its own and other instances'. */
  onChange(apply: (change: TutorsChange) => Promise<void>): void;
  /** Resolves when the changes sent so far reached Redis (tests, benchmarks). */
  settled(): Promise<void>;
  close(): Promise<void>;
};

type Options = {
  /** Clients hear at most one announcement per this interval (a burst of bookings is one refetch). */
  announceEveryMs?: number;
  redis?: Redis | undefined;
  /** Keeps apps on different databases apart in a shared Redis (the database name). */
  namespace?: string;
  /** Where announcements go (an instance without the realtime role announces through Redis). */
  broadcast: () => Broadcast | null;
  log: FastifyBaseLogger;
  now?: () => number;
};

/** A change as published: who sent it (an instance skips its own), and what changed. */
type Message = { from: string; reason: TutorsCacheReason; all?: true; tutorIds?: number[] };

/**
 * How the tutors list learns of changes (architecture §1: in memory, Redis when `REDIS_URL`). Each
 * instance keeps its own directory (`directory-keeper.ts`); a change is applied to it at once and
 * published on the Redis channel, where every other instance hears which tutors changed and reads
 * only them. Pub/sub delivers nothing to a subscriber while it is disconnected, so an instance whose
 * subscription comes back reads everything again. Connected clients are told on the `TutorsCache`
 * socket channel, at most once a second.
 */
export async function createTutorsCache(options: Options): Promise<TutorsCache> {
  const announceEveryMs = options.announceEveryMs ?? 1_000;
  const now = options.now ?? Date.now;
  const { redis, log } = options;
  const CHANNEL = `hiwar:${options.namespace ?? 'default'}:tutors-cache:invalidated`;
  const instance = randomUUID();
  const listeners: Array<(change: TutorsChange) => Promise<void>> = [];
  let pending: Promise<unknown> = Promise.resolve();

  function applyHere(change: TutorsChange): Promise<void> {
    return Promise.all(listeners.map((apply) => apply(change)))
      .then(() => {})
      .catch((error: unknown) => log.error({ err: error }, 'tutors cache: applying a change failed'));
  }

  let subscriber: Redis | undefined;
  if (redis) {
    // Redis down at boot does not stop the instance (readiness says `redis`): the subscription waits
    // for the connection; each time it comes back, changes may have been missed.
    subscriber = redis.duplicate({ maxRetriesPerRequest: null });
    subscriber.on('error', () => {});
    let connectedBefore = false;
    subscriber.on('ready', () => {
      if (connectedBefore) {
        void applyHere({ reason: 'flush', all: true });
      }
      connectedBefore = true;
    });
    subscriber.on('message', (_channel, text: string) => {
      let message: Message;
      try {
        message = JSON.parse(text) as Message;
      } catch {
        return;
      }
      if (message.from === instance) {
        return;
      }
      void applyHere(
        message.all
          ? { reason: message.reason, all: true }
          : { reason: message.reason, tutorIds: message.tutorIds ?? [] },
      );
    });
    if (redis.status === 'ready') {
      await subscriber.subscribe(CHANNEL);
    } else {
      subscriber
        .subscribe(CHANNEL)
        .catch((error: unknown) => log.warn({ err: error }, 'tutors cache: Redis subscription failed'));
    }
  }

  let lastAnnounced = 0;
  let announceTimer: NodeJS.Timeout | undefined;
  let lastReason: TutorsCacheReason = 'flush';
  function announce(reason: TutorsCacheReason) {
    lastReason = reason;
    if (announceTimer) {
      return;
    }
    const wait = Math.max(0, lastAnnounced + announceEveryMs - now());
    const send = () => {
      announceTimer = undefined;
      lastAnnounced = now();
      options.broadcast()?.toRoom(TUTORS_CACHE_CHANNEL, TUTORS_CACHE_CHANNEL, {
        reason: lastReason,
        at: new Date(lastAnnounced).toISOString(),
      } satisfies TutorsCacheEvent);
    };
    if (wait === 0) {
      send();
    } else {
      announceTimer = setTimeout(send, wait);
      announceTimer.unref();
    }
  }

  function change(next: TutorsChange): Promise<void> {
    log.debug({ change: next }, 'tutors changed');
    const applied = applyHere(next);
    if (redis) {
      const message: Message =
        'all' in next
          ? { from: instance, reason: next.reason, all: true }
          : { from: instance, reason: next.reason, tutorIds: [...next.tutorIds] };
      // One connection sends its commands in order: changes reach the other instances in the order made.
      const sent = redis
        .publish(CHANNEL, JSON.stringify(message))
        .catch((error: unknown) => log.warn({ err: error }, 'tutors cache: Redis publish failed'));
      pending = Promise.all([pending, sent]);
    }
    announce(next.reason);
    return applied;
  }

  return {
    tutorsChanged(reason, tutorIds) {
      return tutorIds.length === 0 ? Promise.resolve() : change({ reason, tutorIds });
    },

    invalidate(reason) {
      return change({ reason, all: true });
    },

    onChange(apply) {
      listeners.push(apply);
    },

    async settled() {
      await pending;
    },

    async close() {
      if (announceTimer) {
        clearTimeout(announceTimer);
      }
      await pending;
      if (subscriber) {
        // QUIT never waits long: with Redis just gone it would wait for a reconnection.
        let timer: NodeJS.Timeout | undefined;
        if (subscriber.status === 'ready') {
          await Promise.race([
            subscriber.quit().catch(() => {}),
            new Promise((resolve) => {
              timer = setTimeout(resolve, 1_000);
            }),
          ]);
          clearTimeout(timer);
        }
        subscriber.disconnect();
      }
    },
  };
}
