import { describe, expect, inject, it } from 'vitest';
import { SIGN_UP_LIMITS } from './core/rate-limit.ts';
import { buildScaledOutApps } from './testing/app.ts';
import { uniqueEmail } from './testing/factories.ts';

const redisUrl = inject('redisUrl');

/**
 * Decision 0047: the sign-up pace is counted in Redis, so behind the balancer (three instances in the
 * scale-out) an address gets its burst once, not once per instance.
 */
describe.skipIf(!redisUrl)('sign-up pace across instances (TEST_REDIS_URL)', async () => {
  const apps = await buildScaledOutApps(redisUrl);
  const signUp = (index: number, ip: string) =>
    apps[index % 2]!.inject({
      method: 'POST',
      url: '/api/v1/user/',
      remoteAddress: ip,
      payload: { email: uniqueEmail('scaled'), password: 'Abuse-test-1', role: 4 },
    });

  it('one address’s burst is shared by the instances, and the refusal says when to retry', async () => {
    const { burst, intervalMs } = SIGN_UP_LIMITS.perIp;
    const answers = [];
    for (let index = 0; index < burst; index++) {
      answers.push((await signUp(index, '10.7.0.1')).statusCode);
    }
    expect(answers).toEqual(Array(burst).fill(200));
    for (const index of [0, 1]) {
      const refused = await signUp(index, '10.7.0.1');
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      // Real time passed during the burst: the wait is the interval less that, rounded up.
      expect(seconds).toBeGreaterThan(intervalMs / 1000 - 30);
      expect(seconds).toBeLessThanOrEqual(intervalMs / 1000);
      expect(refused.json().details).toEqual({ retryAfterSeconds: seconds });
    }
    expect((await signUp(1, '10.7.0.2')).statusCode).toBe(200);
  });
});
