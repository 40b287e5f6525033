import type { Redis } from 'ioredis';

/**
 * Paced limits (decision 0047): a token bucket per key — `burst` requests at once from a rested key,
 * then one more every `intervalMs`, continuously — kept as the one number GCRA needs (the "theoretical
 * arrival time" `tat`: when the key would be rested again). Unlike a fixed window it never holds a key
 * back for longer than it takes to earn the next request, so a burst from one machine behind a school's
 * shared address costs the others minutes, not the rest of the hour; a refused request spends nothing,
 * so hammering does not push the wait further out. Counted in Redis when there is one (every instance
 * shares the count, one atomic script per request), else in this instance's memory.
 */
export type PacePolicy = {
  /** Requests allowed at once from a rested key. */
  burst: number;
  /** One more is allowed every `intervalMs`, up to `burst` (the steady rate). */
  intervalMs: number;
};

export type PaceAnswer = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface PaceStore {
  /** Spends one request of `key` at `nowMs` if it may make one; else says when it may. */
  take(key: string, policy: PacePolicy, nowMs: number): Promise<PaceAnswer>;
}

/**
 * GCRA over the stored `tat` (absent: rested). The request is allowed when, spending it, the key would
 * still be within `burst` intervals of rested; a refusal answers how long until that is true.
 */
export function pace(
  tat: number | undefined,
  policy: PacePolicy,
  nowMs: number,
): { next: number } | { retryAfterMs: number } {
  const next = Math.max(tat ?? nowMs, nowMs) + policy.intervalMs;
  const allowedAt = next - policy.burst * policy.intervalMs;
  return allowedAt > nowMs ? { retryAfterMs: allowedAt - nowMs } : { next };
}

const SWEEP_EVERY_MS = 60_000;

/** The count in this instance's memory; keys rested again are dropped at most once a minute. */
export function createMemoryPaceStore(): PaceStore {
  const tats = new Map<string, number>();
  let sweptAt = 0;
  return {
    async take(key, policy, nowMs) {
      if (nowMs - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = nowMs;
        for (const [stored, tat] of tats) {
          if (tat <= nowMs) {
            tats.delete(stored);
          }
        }
      }
      const answer = pace(tats.get(key), policy, nowMs);
      if ('retryAfterMs' in answer) {
        return { allowed: false, retryAfterMs: answer.retryAfterMs };
      }
      tats.set(key, answer.next);
      return { allowed: true };
    },
  };
}

/**
 * `pace` in one script, so two instances never both spend the last request: KEYS[1] holds the `tat`
 * in epoch ms and expires when the key is rested again. Answers 0 (allowed) or the wait in ms.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local stored = redis.call('GET', KEYS[1])
local tat = now
if stored then tat = math.max(tonumber(stored), now) end
local nextTat = tat + interval
local allowedAt = nextTat - burst * interval
if allowedAt > now then return allowedAt - now end
redis.call('SET', KEYS[1], string.format('%.0f', nextTat), 'PX', string.format('%.0f', nextTat - now))
return 0
`;

/**
 * The count in Redis under `prefix`, shared by every instance. The time is the caller's (the app's
 * clock), so tests can move it; instances' clocks agree to well under a second, far below any interval.
 */
export function createRedisPaceStore(redis: Redis, prefix: string): PaceStore {
  return {
    async take(key, policy, nowMs) {
      const wait = Number(
        await redis.eval(TAKE, 1, `${prefix}${key}`, Math.floor(nowMs), policy.intervalMs, policy.burst),
      );
      return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
    },
  };
}
