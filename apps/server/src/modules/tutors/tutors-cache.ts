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

export type TutorsCache = {
  /** The cached text for `key`, or undefined: the fast path of a cache hit, no promise involved. */
  peek(key: string): string | undefined;
  /**
   * The cached text for `key`; on a miss, `load` computes it once however many callers wait (shared
   * through Redis when configured). A value loaded while an invalidation happened is returned but
   * not kept.
   */
  get(key: string, load: () => Promise<string>): Promise<string>;
  /** The current generation: take it before computing a value meant for `remember`. */
  generation(): number;
  /**
   * Keeps `value` under `key` in this process only, unless the cache was invalidated since
   * `generation` (the value may be stale then).
   */
  remember(key: string, value: string, generation: number): void;
  /** Like `get` for objects kept only in this process (the listing snapshot pages are built from). */
  local<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Drops everything cached, on every instance (through Redis), and announces it on the
   * `TutorsCache` socket channel. Call it after the change committed.
   */
  invalidate(reason: TutorsCacheReason): void;
  /** Resolves when the invalidations sent so far reached Redis (tests, benchmarks). */
  settled(): Promise<void>;
  close(): Promise<void>;
};

type Options = {
  /** Entries expire after this long even without a change: time moves lead times and lesson counts. */
  ttlMs?: number;
  /** At most this many texts per instance; the oldest go first. */
  maxEntries?: number;
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

type Entry<T> = { value: T; storedAt: number };

/**
 * The tutors cache (architecture §1: in-memory, Redis when `REDIS_URL`). Every instance keeps its own
 * entries, tagged with a generation; an invalidation moves the generation on, so nothing computed
 * before it is kept. With Redis, texts are shared under the current generation's keys and an
 * invalidation increments the shared generation and is published, so every instance drops its own.
 */
export async function createTutorsCache(options: Options): Promise<TutorsCache> {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 2_000;
  const announceEveryMs = options.announceEveryMs ?? 1_000;
  const now = options.now ?? Date.now;
  const { redis, log } = options;
  const REDIS_PREFIX = `hiwar:${options.namespace ?? 'default'}:tutors-cache`;
  const GENERATION_KEY = `${REDIS_PREFIX}:generation`;
  const CHANNEL = `${REDIS_PREFIX}:invalidated`;

  let generation = 0;
  const texts = new Map<string, Entry<string>>();
  const objects = new Map<string, Entry<unknown>>();
  const loading = new Map<string, Promise<unknown>>();
  let pending: Promise<unknown> = Promise.resolve();

  let subscriber: Redis | undefined;
  if (redis) {
    // Redis down at boot does not stop the instance (readiness says `redis`): the subscription waits
    // for the connection, and the shared generation is read again whenever it (re)connects.
    subscriber = redis.duplicate({ maxRetriesPerRequest: null });
    subscriber.on('error', () => {});
    subscriber.on('message', (_channel, message) => {
      const next = Number(message);
      if (Number.isFinite(next) && next > generation) {
        dropLocal(next);
      }
    });
    subscriber.on('ready', () => {
      void redis
        .get(GENERATION_KEY)
        .then((shared) => {
          if (Number(shared ?? 0) > generation) {
            dropLocal(Number(shared));
          }
        })
        .catch(() => {});
    });
    if (redis.status === 'ready') {
      generation = Number((await redis.get(GENERATION_KEY)) ?? 0);
      await subscriber.subscribe(CHANNEL);
    } else {
      subscriber
        .subscribe(CHANNEL)
        .catch((error: unknown) => log.warn({ err: error }, 'tutors cache: Redis subscription failed'));
    }
  }

  function dropLocal(nextGeneration: number) {
    generation = nextGeneration;
    texts.clear();
    objects.clear();
    loading.clear();
  }

  function fresh<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    const entry = map.get(key);
    if (!entry) {
      return undefined;
    }
    if (now() - entry.storedAt > ttlMs) {
      map.delete(key);
      return undefined;
    }
    return entry.value;
  }

  function keep<T>(map: Map<string, Entry<T>>, key: string, value: T, loadedIn: number) {
    if (loadedIn !== generation) {
      return;
    }
    if (map.size >= maxEntries) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) {
        map.delete(oldest);
      }
    }
    map.set(key, { value, storedAt: now() });
  }

  /** One load per key at a time; later callers share it. */
  function once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = loading.get(key) as Promise<T> | undefined;
    if (running) {
      return running;
    }
    const started = load().finally(() => {
      if (loading.get(key) === started) {
        loading.delete(key);
      }
    });
    loading.set(key, started);
    return started;
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

  return {
    peek: (key) => fresh(texts, key),

    generation: () => generation,

    remember(key, value, loadedIn) {
      keep(texts, key, value, loadedIn);
    },

    async get(key, load) {
      const hit = fresh(texts, key);
      if (hit !== undefined) {
        return hit;
      }
      const loadedIn = generation;
      return once(`text:${key}`, async () => {
        const shared = redis ? await redis.get(`${REDIS_PREFIX}:${loadedIn}:${key}`).catch(() => null) : null;
        const value = shared ?? (await load());
        keep(texts, key, value, loadedIn);
        if (redis && shared === null && loadedIn === generation) {
          await redis
            .set(`${REDIS_PREFIX}:${loadedIn}:${key}`, value, 'PX', ttlMs)
            .catch((error: unknown) => log.warn({ err: error }, 'tutors cache: Redis write failed'));
        }
        return value;
      });
    },

    async local(key, load) {
      const hit = fresh(objects, key);
      if (hit !== undefined) {
        return hit as Awaited<ReturnType<typeof load>>;
      }
      const loadedIn = generation;
      return once(`object:${key}`, async () => {
        const value = await load();
        keep(objects, key, value as unknown, loadedIn);
        return value;
      });
    },

    invalidate(reason) {
      dropLocal(generation + 1);
      log.debug({ reason }, 'tutors cache invalidated');
      if (redis) {
        pending = pending
          .then(async () => {
            const next = await redis.incr(GENERATION_KEY);
            if (next > generation) {
              dropLocal(next);
            }
            await redis.publish(CHANNEL, String(next));
          })
          .catch((error: unknown) => log.warn({ err: error }, 'tutors cache: Redis invalidation failed'));
      }
      announce(reason);
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
