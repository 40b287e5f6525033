import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A user came online (their first connection anywhere) or went offline (their last one closed). */
export type PresenceChange = { userId: number; online: boolean };
export type PresenceListener = (change: PresenceChange) => Promise<void> | void;

/**
 * Who is connected, across every instance (issue 17). A user is online while any of their
 * connections is open on a live instance. Each change is told once, to the listeners of the instance
 * that saw it: the one where the first connection opened or the last one closed, or, when an instance
 * dies, the one that noticed it.
 */
export type Presence = {
  /** A connection of `userId` opened on this instance. */
  arrive(userId: number): Promise<void>;
  /** A connection of `userId` on this instance closed. */
  leave(userId: number): Promise<void>;
  /** Who of `userIds` is online. */
  online(userIds: readonly number[]): Promise<Set<number>>;
  onChange(listener: PresenceListener): void;
  /** Stops heartbeating and withdraws this instance; waits for the changes under way. */
  close(): Promise<void>;
};

/** One process, no Redis: the connections are all here. */
export function createLocalPresence(log: FastifyBaseLogger): Presence {
  const counts = new Map<number, number>();
  const changes = createChanges(log);
  return {
    async arrive(userId) {
      const count = (counts.get(userId) ?? 0) + 1;
      counts.set(userId, count);
      if (count === 1) {
        changes.tell({ userId, online: true });
      }
    },
    async leave(userId) {
      const count = (counts.get(userId) ?? 0) - 1;
      if (count > 0) {
        counts.set(userId, count);
        return;
      }
      counts.delete(userId);
      if (count === 0) {
        changes.tell({ userId, online: false });
      }
    },
    async online(userIds) {
      return new Set(userIds.filter((userId) => counts.has(userId)));
    },
    onChange: changes.add,
    close: changes.settle,
  };
}

/** How often an instance tells Redis it lives, and how long Redis believes it without hearing again. */
export const PRESENCE_TIMING = { heartbeatMs: 2_000, ttlMs: 6_000 };

/** Keys under `hiwar-presence[:namespace]`: `instances` (sorted by expiry) and `users:<instance>`. */
export function presenceKey(namespace?: string): string {
  return namespace ? `hiwar-presence:${namespace}` : 'hiwar-presence';
}

// Every script reads ARGV[1] = the key prefix; times are Redis's own clock (instances' clocks may differ).
const PRELUDE = `
local prefix = ARGV[1]
local instances = prefix .. ':instances'
local function users(instance) return prefix .. ':users:' .. instance end
local function now()
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local function elsewhere(user, except)
  for _, other in ipairs(redis.call('ZRANGE', instances, 0, -1)) do
    if other ~= except and redis.call('HEXISTS', users(other), user) == 1 then
      return true
    end
  end
  return false
end
`;

/**
 * ARGV: prefix, instance, user → 1 when this is the user's first connection on any live instance.
 * An instance that is not registered (yet, or any more) writes nothing: its next heartbeat registers
 * all its connections at once.
 */
const ARRIVE = `${PRELUDE}
local instance, user = ARGV[2], ARGV[3]
if not redis.call('ZSCORE', instances, instance) then return 0 end
if redis.call('HINCRBY', users(instance), user, 1) > 1 then return 0 end
if elsewhere(user, instance) then return 0 end
return 1`;

/** ARGV: prefix, instance, user → 1 when that was the user's last connection on any live instance. */
const LEAVE = `${PRELUDE}
local instance, user = ARGV[2], ARGV[3]
if not redis.call('ZSCORE', instances, instance) then return 0 end
local left = redis.call('HINCRBY', users(instance), user, -1)
if left > 0 then return 0 end
redis.call('HDEL', users(instance), user)
if left < 0 then return 0 end
if elsewhere(user, instance) then return 0 end
return 1`;

/** ARGV: prefix, instance, ttl → 1 when the instance was not registered (new, or reaped as dead). */
const HEARTBEAT = `${PRELUDE}
return redis.call('ZADD', instances, now() + tonumber(ARGV[3]), ARGV[2])`;

/**
 * ARGV: prefix, instance, ttl, then user, count pairs: registers the instance with its connections
 * as they are → the users this brings online.
 */
const REGISTER = `${PRELUDE}
local instance = ARGV[2]
redis.call('ZADD', instances, now() + tonumber(ARGV[3]), instance)
redis.call('DEL', users(instance))
local online = {}
for i = 4, #ARGV, 2 do
  redis.call('HSET', users(instance), ARGV[i], ARGV[i + 1])
  if not elsewhere(ARGV[i], instance) then table.insert(online, ARGV[i]) end
end
return online`;

/** ARGV: prefix → { instances found dead and removed, their users now offline everywhere }. */
const REAP = `${PRELUDE}
local dead = redis.call('ZRANGEBYSCORE', instances, '-inf', now())
local candidates = {}
for _, instance in ipairs(dead) do
  redis.call('ZREM', instances, instance)
  for _, user in ipairs(redis.call('HKEYS', users(instance))) do candidates[user] = true end
  redis.call('DEL', users(instance))
end
local offline = {}
for user in pairs(candidates) do
  if not elsewhere(user, '') then table.insert(offline, user) end
end
return { dead, offline }`;

/** ARGV: prefix, instance → withdraws it: the users that leaves offline. */
const WITHDRAW = `${PRELUDE}
local instance = ARGV[2]
local mine = redis.call('HKEYS', users(instance))
redis.call('ZREM', instances, instance)
redis.call('DEL', users(instance))
local offline = {}
for _, user in ipairs(mine) do
  if not elsewhere(user, instance) then table.insert(offline, user) end
end
return offline`;

/** ARGV: prefix, users… → those with a connection on a registered instance. */
const ONLINE = `${PRELUDE}
local online = {}
local live = redis.call('ZRANGE', instances, 0, -1)
for i = 2, #ARGV do
  for _, instance in ipairs(live) do
    if redis.call('HEXISTS', users(instance), ARGV[i]) == 1 then
      table.insert(online, ARGV[i])
      break
    end
  end
end
return online`;

type RedisPresenceOptions = {
  /** Keeps apart deployments (databases) sharing one Redis, as the socket.io adapter's key does. */
  namespace?: string | undefined;
  /**
   * This instance holds connections (the realtime role): it registers, heartbeats, and reaps the
   * instances that stopped. Without it, it only answers `online`.
   */
  member: boolean;
  log: FastifyBaseLogger;
  timing?: { heartbeatMs: number; ttlMs: number };
};

/**
 * Presence shared through Redis. Each member instance keeps, under its own id, how many connections
 * each user has on it, and renews its registration every heartbeat; an instance that stops renewing
 * (killed, frozen, cut off) expires, and the next heartbeat of any other removes it and announces its
 * users offline unless they are connected elsewhere. An instance found removed while alive registers
 * its connections again (and announces them online). The scripts run atomically, so two instances
 * never both announce one change.
 */
export function createRedisPresence(redis: Redis, options: RedisPresenceOptions): Presence {
  const prefix = presenceKey(options.namespace);
  const { heartbeatMs, ttlMs } = options.timing ?? PRESENCE_TIMING;
  const instance = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const counts = new Map<number, number>();
  const changes = createChanges(options.log);
  const run = (script: string, ...args: Array<string | number>) => redis.eval(script, 0, prefix, ...args);
  const announce = (userIds: unknown, online: boolean) => {
    for (const userId of userIds as string[]) {
      changes.tell({ userId: Number(userId), online });
    }
  };

  async function register(): Promise<void> {
    const snapshot = [...counts].flat();
    announce(await run(REGISTER, instance, ttlMs, ...snapshot), true);
  }

  async function heartbeat(): Promise<void> {
    if ((await run(HEARTBEAT, instance, ttlMs)) === 1) {
      options.log.warn(
        { instance },
        'presence: this instance had expired; registering its connections again',
      );
      await register();
    }
    const [dead, offline] = (await run(REAP)) as [string[], string[]];
    if (dead.length > 0) {
      options.log.warn(
        { dead, offline: offline.length },
        'presence: instances stopped; their users are offline',
      );
    }
    announce(offline, false);
  }

  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> = Promise.resolve();
  const registered = options.member ? register() : Promise.resolve();
  if (options.member) {
    registered.catch((error: unknown) => options.log.warn({ err: error }, 'presence: registration failed'));
    timer = setInterval(() => {
      beating = beating
        .then(heartbeat)
        .catch((error: unknown) => options.log.warn({ err: error }, 'presence: heartbeat failed'));
    }, heartbeatMs);
    timer.unref();
  }

  /** Arrivals and departures sent to Redis and not answered yet (awaited at close). */
  const inFlight = new Set<Promise<void>>();
  function send(script: string, userId: number, online: boolean): Promise<void> {
    const sent = (async () => {
      // A failed registration is retried by the next heartbeat, which then brings these users online.
      await registered.catch(() => {});
      if ((await run(script, instance, userId)) === 1) {
        changes.tell({ userId, online });
      }
    })();
    inFlight.add(sent);
    void sent.catch(() => {}).finally(() => inFlight.delete(sent));
    return sent;
  }

  return {
    arrive(userId) {
      counts.set(userId, (counts.get(userId) ?? 0) + 1);
      return send(ARRIVE, userId, true);
    },
    leave(userId) {
      const count = (counts.get(userId) ?? 0) - 1;
      if (count > 0) {
        counts.set(userId, count);
      } else {
        counts.delete(userId);
      }
      return send(LEAVE, userId, false);
    },
    async online(userIds) {
      if (userIds.length === 0) {
        return new Set();
      }
      const found = (await run(ONLINE, ...userIds)) as string[];
      return new Set(found.map(Number));
    },
    onChange: changes.add,
    async close() {
      clearInterval(timer);
      await beating;
      await Promise.allSettled(inFlight);
      if (options.member) {
        await registered.catch(() => {});
        announce(await run(WITHDRAW, instance).catch(() => []), false);
      }
      await changes.settle();
    },
  };
}

/** The listeners, and the changes they are still handling (awaited at close). */
function createChanges(log: FastifyBaseLogger) {
  const listeners: PresenceListener[] = [];
  const pending = new Set<Promise<void>>();
  return {
    add(listener: PresenceListener) {
      listeners.push(listener);
    },
    tell(change: PresenceChange) {
      for (const listener of listeners) {
        const handled = Promise.resolve()
          .then(() => listener(change))
          .catch((error: unknown) => log.error({ err: error, change }, 'presence listener failed'));
        pending.add(handled);
        void handled.finally(() => pending.delete(handled));
      }
    },
    async settle() {
      while (pending.size > 0) {
        await Promise.all(pending);
      }
    },
  };
}
