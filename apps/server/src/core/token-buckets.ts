/**
 * Rate limits for what is too frequent to count in Redis: every chat message and typing signal, every
 * socket event (decision 0032). One token bucket per key in this instance's memory: `burst` actions at once, the
 * allowance refilled at `perMinute`. Taking a token mutates the key's bucket in place, so the hot
 * path allocates nothing; buckets that have filled up again are dropped at most once a minute.
 *
 * Counted per instance: a user whose tabs are connected to several instances has each instance's
 * allowance. That still bounds a flood (instances × burst), which is what the limit is for.
 */
export type BucketPolicy = {
  /** Actions allowed at once, from a full bucket. */
  burst: number;
  /** Tokens added back per minute, up to `burst`. */
  perMinute: number;
};

export type TokenBuckets = {
  /** Whether `key` may act now; when it may, one token is spent. */
  take(key: number | string): boolean;
  /** Buckets held (a test reads it to see idle ones dropped). */
  readonly size: number;
};

type Bucket = { tokens: number; at: number };

const monotonic = () => performance.now();

/** The bucket's tokens at `time`: what it held, refilled since it was last touched, at most the burst. */
function tokensAt(bucket: Bucket, time: number, policy: BucketPolicy): number {
  return Math.min(policy.burst, bucket.tokens + ((time - bucket.at) * policy.perMinute) / 60_000);
}

/**
 * One bucket, for a key that has an object of its own to keep it on (a socket connection): no map
 * to look up or sweep, and it goes when its owner goes.
 */
export function createTokenBucket(policy: BucketPolicy, now: () => number = monotonic): { take(): boolean } {
  const bucket: Bucket = { tokens: policy.burst, at: now() };
  return {
    take() {
      const time = now();
      const tokens = tokensAt(bucket, time, policy);
      bucket.at = time;
      bucket.tokens = tokens >= 1 ? tokens - 1 : tokens;
      return tokens >= 1;
    },
  };
}

const SWEEP_EVERY_MS = 60_000;

/** Buckets for `policy`; `now` is a monotonic clock in milliseconds (tests pass their own). */
export function createTokenBuckets(policy: BucketPolicy, now: () => number = monotonic): TokenBuckets {
  const buckets = new Map<number | string, Bucket>();
  let sweptAt = now();

  /** Forgets buckets that are full again: they hold nothing a fresh bucket would not. */
  function sweep(time: number) {
    sweptAt = time;
    for (const [key, bucket] of buckets) {
      if (tokensAt(bucket, time, policy) >= policy.burst) {
        buckets.delete(key);
      }
    }
  }

  return {
    take(key) {
      const time = now();
      if (time - sweptAt >= SWEEP_EVERY_MS) {
        sweep(time);
      }
      const bucket = buckets.get(key);
      if (!bucket) {
        buckets.set(key, { tokens: policy.burst - 1, at: time });
        return true;
      }
      const tokens = tokensAt(bucket, time, policy);
      bucket.at = time;
      if (tokens < 1) {
        bucket.tokens = tokens;
        return false;
      }
      bucket.tokens = tokens - 1;
      return true;
    },
    get size() {
      return buckets.size;
    },
  };
}
