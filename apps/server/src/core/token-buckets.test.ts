import { describe, expect, it } from 'vitest';
import { createTokenBucket, createTokenBuckets } from './token-buckets.ts';

describe('token buckets', () => {
  /** Buckets on a clock the test moves. */
  function bucketsAt(policy: { burst: number; perMinute: number }) {
    let time = 1_000;
    const buckets = createTokenBuckets(policy, () => time);
    return {
      buckets,
      advance: (ms: number) => {
        time += ms;
      },
    };
  }

  const takes = (take: () => boolean, count: number) => Array.from({ length: count }, take);

  it('allows a burst, then refuses until the allowance refills at its rate', () => {
    const { buckets, advance } = bucketsAt({ burst: 3, perMinute: 60 });
    expect(takes(() => buckets.take(7), 5)).toEqual([true, true, true, false, false]);
    advance(999);
    expect(buckets.take(7)).toBe(false);
    advance(1);
    expect(takes(() => buckets.take(7), 2)).toEqual([true, false]);
    // A refused attempt spends nothing: a second later there is exactly one more.
    advance(1_000);
    expect(takes(() => buckets.take(7), 2)).toEqual([true, false]);
  });

  it('keeps one bucket the same way for an owner that holds it (a connection)', () => {
    let time = 0;
    const bucket = createTokenBucket({ burst: 2, perMinute: 60 }, () => time);
    expect(takes(() => bucket.take(), 3)).toEqual([true, true, false]);
    time += 1_000;
    expect(takes(() => bucket.take(), 2)).toEqual([true, false]);
    time += 3_600_000;
    expect(takes(() => bucket.take(), 3)).toEqual([true, true, false]);
  });

  it('never holds more than the burst, however long the key was idle', () => {
    const { buckets, advance } = bucketsAt({ burst: 2, perMinute: 600 });
    buckets.take('a');
    advance(3_600_000);
    expect(takes(() => buckets.take('a'), 3)).toEqual([true, true, false]);
  });

  it('counts each key on its own', () => {
    const { buckets } = bucketsAt({ burst: 1, perMinute: 1 });
    expect(buckets.take(1)).toBe(true);
    expect(buckets.take(1)).toBe(false);
    expect(buckets.take(2)).toBe(true);
    expect(buckets.take('1')).toBe(true);
  });

  it('drops the buckets of keys that are full again, at most once a minute', () => {
    const { buckets, advance } = bucketsAt({ burst: 2, perMinute: 2 });
    for (const key of [1, 2, 3]) {
      buckets.take(key);
    }
    buckets.take(3);
    expect(buckets.size).toBe(3);
    // After 30 s keys 1 and 2 are full again, 3 is not; no sweep yet (under a minute).
    advance(30_000);
    buckets.take(4);
    expect(buckets.size).toBe(4);
    // A minute on, 1, 2, 3 and 4 are all full again (a token every half-minute): only 5, new, stays.
    advance(30_000);
    buckets.take(5);
    expect(buckets.size).toBe(1);
    expect(takes(() => buckets.take(5), 2)).toEqual([true, false]);
  });
});
