import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createMemoryPaceStore, createRedisPaceStore, type PaceStore, pace } from './paced-limits.ts';

const POLICY = { burst: 3, intervalMs: 60_000 };
const START = 1_772_438_400_000;

/** What a store answers, as a short list: true, or the wait in ms. */
async function takes(store: PaceStore, key: string, at: number, count: number) {
  const answers = [];
  for (let index = 0; index < count; index++) {
    const answer = await store.take(key, POLICY, at);
    answers.push(answer.allowed ? true : answer.retryAfterMs);
  }
  return answers;
}

/** The same behaviour from both stores: the memory one and the one every instance shares. */
function behaves(name: string, store: () => PaceStore) {
  describe(name, () => {
    const key = () => `test:${randomBytes(4).toString('hex')}`;

    it('allows the burst, then answers the exact wait until the next request, which a refusal does not move', async () => {
      const k = key();
      expect(await takes(store(), k, START, 5)).toEqual([true, true, true, 60_000, 60_000]);
      expect(await takes(store(), k, START + 15_000, 2)).toEqual([45_000, 45_000]);
      expect(await takes(store(), k, START + 60_000, 2)).toEqual([true, 60_000]);
    });

    it('refills continuously: spread requests at the steady rate are all allowed', async () => {
      const k = key();
      await takes(store(), k, START, 3);
      const spread = [];
      for (let index = 1; index <= 25; index++) {
        spread.push(...(await takes(store(), k, START + index * POLICY.intervalMs, 1)));
      }
      expect(spread).toEqual(Array(25).fill(true));
    });

    it('gives a rested key its whole burst again, and keys are counted apart', async () => {
      const [a, b] = [key(), key()];
      await takes(store(), a, START, 4);
      expect(await takes(store(), b, START, 1)).toEqual([true]);
      expect(await takes(store(), a, START + 3 * POLICY.intervalMs, 4)).toEqual([true, true, true, 60_000]);
    });
  });
}

describe('paced limits (GCRA)', () => {
  it('pace: a fresh key is allowed; past the burst the wait is to the next interval', () => {
    expect(pace(undefined, POLICY, START)).toEqual({ next: START + 60_000 });
    expect(pace(START + 180_000, POLICY, START)).toEqual({ retryAfterMs: 60_000 });
    expect(pace(START + 120_000, POLICY, START)).toEqual({ next: START + 180_000 });
    // A stale tat (the key rested long ago) counts from now.
    expect(pace(START - 10 * 60_000, POLICY, START)).toEqual({ next: START + 60_000 });
  });

  const memory = createMemoryPaceStore();
  behaves('in memory', () => memory);

  const redisUrl = inject('redisUrl');
  describe.skipIf(!redisUrl)('in Redis (TEST_REDIS_URL), shared by instances', () => {
    const prefix = `hiwar-pace-test:${randomBytes(4).toString('hex')}:`;
    const clients = redisUrl ? [new Redis(redisUrl), new Redis(redisUrl)] : [];
    // Two instances, each with its own connection: whichever a request reaches, the count is one.
    const stores = clients.map((client) => createRedisPaceStore(client, prefix));
    let turn = 0;
    const alternating: PaceStore = {
      take: (k, policy, now) => stores[turn++ % stores.length]!.take(k, policy, now),
    };
    afterAll(async () => {
      const keys = await clients[0]!.keys(`${prefix}*`);
      if (keys.length > 0) {
        await clients[0]!.del(...keys);
      }
      await Promise.all(clients.map((client) => client.quit()));
    });

    behaves('alternating between two instances', () => alternating);

    it('spends the last request once under concurrent takes from both instances', async () => {
      const k = `race:${randomBytes(4).toString('hex')}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => stores[index % 2]!.take(k, POLICY, START)),
      );
      expect(answers.filter((answer) => answer.allowed)).toHaveLength(POLICY.burst);
    });

    it('lets its key expire once it is rested', async () => {
      const k = `expiry:${randomBytes(4).toString('hex')}`;
      await stores[0]!.take(k, { burst: 2, intervalMs: 200 }, Date.now());
      const ttl = await clients[0]!.pttl(`${prefix}${k}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(200);
    });
  });
});
