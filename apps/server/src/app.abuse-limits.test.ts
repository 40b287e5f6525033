import { Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { SENDS_CODE_LIMITS, SIGN_UP_LIMITS } from './core/rate-limit.ts';
import { buildTestApp } from './testing/app.ts';
import { loginAs, uniqueEmail } from './testing/factories.ts';

const PASSWORD = 'Abuse-test-1';

/**
 * Issue 14: sign-up and every unauthenticated route that sends mail are limited per address and per
 * e-mail (429 `too-many-requests`), so nobody floods an inbox or the outbox from one machine.
 */
describe('abuse limits', async () => {
  const { app } = await buildTestApp();
  const signUp = (email: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/user/',
      remoteAddress: ip,
      payload: { email, password: PASSWORD, role: 4 },
    });

  it(`stops a burst of sign-ups from one address after ${SIGN_UP_LIMITS.perIp.burst}`, async () => {
    const answers = [];
    for (let index = 0; index < SIGN_UP_LIMITS.perIp.burst + 5; index++) {
      answers.push((await signUp(uniqueEmail('flood'), '10.1.0.1')).statusCode);
    }
    expect(answers.slice(0, SIGN_UP_LIMITS.perIp.burst).every((status) => status === 200)).toBe(true);
    expect(answers.slice(SIGN_UP_LIMITS.perIp.burst)).toEqual(Array(5).fill(429));
    const refused = await signUp(uniqueEmail('flood'), '10.1.0.1');
    expect(refused.json().code).toBe('too-many-requests');
    // Another address is not held back.
    expect((await signUp(uniqueEmail('other'), '10.1.0.2')).statusCode).toBe(200);
  });

  it('stops sign-ups for one e-mail from many addresses', async () => {
    const email = uniqueEmail('victim');
    const answers = [];
    for (let index = 0; index < SIGN_UP_LIMITS.perEmail.burst + 2; index++) {
      answers.push((await signUp(email, `10.2.0.${index + 1}`)).statusCode);
    }
    // The first creates the account, the next are `user-exists`, then the limit answers.
    expect(answers.at(-1)).toBe(429);
  });

  it('does not count an admin creating accounts', async () => {
    const admin = await loginAs(app, Role.SuperAdmin);
    for (let index = 0; index < SIGN_UP_LIMITS.perIp.burst + 2; index++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/user/',
        remoteAddress: '10.3.0.1',
        headers: admin.auth,
        payload: { email: uniqueEmail('staff'), password: PASSWORD, role: 6 },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits password-reset mails per address and per e-mail', async () => {
    const forget = (email: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/forget',
        remoteAddress: ip,
        payload: { email },
      });
    const email = uniqueEmail('forgetful');
    await signUp(email, '10.4.0.1');
    const perEmail = [];
    for (let index = 0; index < SENDS_CODE_LIMITS.perEmail.max + 1; index++) {
      perEmail.push((await forget(email, `10.4.1.${index + 1}`)).statusCode);
    }
    expect(perEmail.at(-1)).toBe(429);
    const perIp = [];
    for (let index = 0; index < SENDS_CODE_LIMITS.perIp.max + 1; index++) {
      perIp.push((await forget(uniqueEmail('nobody'), '10.4.2.1')).statusCode);
    }
    expect(perIp.at(-1)).toBe(429);
  });

  it('every limit’s 429 says when to retry: Retry-After and details.retryAfterSeconds agree', async () => {
    // A `limitBy` limit (password-forget mails per e-mail, an hour's window).
    const email = uniqueEmail('waiting');
    const forgets = [];
    for (let index = 0; index <= SENDS_CODE_LIMITS.perEmail.max; index++) {
      forgets.push(
        await app.inject({
          method: 'POST',
          url: '/api/v1/auth/password/forget',
          remoteAddress: `10.8.0.${index + 1}`,
          payload: { email },
        }),
      );
    }
    // A route's own `config.rateLimit` (sign-in per address and e-mail), tried until it refuses.
    const signIns = [];
    while (signIns.length < 40 && signIns.at(-1)?.statusCode !== 429) {
      signIns.push(
        await app.inject({
          method: 'POST',
          url: '/api/v1/auth/password',
          remoteAddress: '10.8.1.1',
          payload: { email: 'nobody@example.com', password: PASSWORD },
        }),
      );
    }
    for (const res of [forgets.at(-1)!, signIns.at(-1)!]) {
      expect(res.statusCode).toBe(429);
      const seconds = Number(res.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(3600);
      expect(res.json()).toMatchObject({
        code: 'too-many-requests',
        details: { retryAfterSeconds: seconds },
      });
    }
  });
});

/**
 * Issue 28 item 10, decision 0047: sign-ups are paced (a token bucket per address and per e-mail), on
 * the app's clock, so a school's class behind one address is never shut out for the rest of an hour.
 */
describe('sign-ups paced per address and per e-mail', async () => {
  let now = Date.parse('2026-03-02T08:00:00Z');
  const { app } = await buildTestApp({ deps: { clock: () => new Date(now) } });
  const wait = (ms: number) => {
    now += ms;
  };
  const { burst, intervalMs } = SIGN_UP_LIMITS.perIp;
  const intervalSeconds = intervalMs / 1000;
  const signUp = (ip: string, email = uniqueEmail('pupil')) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/user/',
      remoteAddress: ip,
      payload: { email, password: PASSWORD, role: 4 },
    });
  const burstFrom = async (ip: string, count: number) => {
    const answers = [];
    for (let index = 0; index < count; index++) {
      answers.push((await signUp(ip)).statusCode);
    }
    return answers;
  };
  const expectRefused = (res: Awaited<ReturnType<typeof signUp>>, seconds: number) => {
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(String(seconds));
    expect(res.json()).toMatchObject({ code: 'too-many-requests', details: { retryAfterSeconds: seconds } });
  };

  it('a burst is limited, and Retry-After says exactly when the next sign-up is accepted', async () => {
    const ip = '10.5.0.1';
    expect(await burstFrom(ip, burst)).toEqual(Array(burst).fill(200));
    expectRefused(await signUp(ip), intervalSeconds);
    wait(45_000);
    expectRefused(await signUp(ip), intervalSeconds - 45);
    wait((intervalSeconds - 45) * 1000 - 1);
    expectRefused(await signUp(ip), 1);
    wait(1);
    expect((await signUp(ip)).statusCode).toBe(200);
    expectRefused(await signUp(ip), intervalSeconds);
  });

  it('one abuser hammering an address holds the others behind it back for minutes, not an hour', async () => {
    const ip = '10.5.0.2';
    await burstFrom(ip, burst);
    // The abuser keeps trying: every refusal is free, so the wait does not grow.
    const hammering = await burstFrom(ip, 100);
    expect(hammering).toEqual(Array(100).fill(429));
    wait(intervalMs);
    // A pupil at the same address two minutes later (the old fixed window: ~56 minutes).
    expect((await signUp(ip)).statusCode).toBe(200);
  });

  it('25 sign-ups spread over time after a full burst, one every interval: every one accepted', async () => {
    const ip = '10.5.0.3';
    expect(await burstFrom(ip, burst)).toEqual(Array(burst).fill(200));
    const spread = [];
    for (let index = 0; index < 25; index++) {
      wait(intervalMs);
      spread.push((await signUp(ip)).statusCode);
    }
    expect(spread).toEqual(Array(25).fill(200));
  });

  it('a rested address has its whole burst again', async () => {
    const ip = '10.5.0.4';
    await burstFrom(ip, burst + 3);
    wait(burst * intervalMs);
    expect(await burstFrom(ip, burst)).toEqual(Array(burst).fill(200));
    expect((await signUp(ip)).statusCode).toBe(429);
  });

  it('paces each e-mail on its own, from any address, with its own Retry-After', async () => {
    const email = uniqueEmail('victim');
    const perEmail = SIGN_UP_LIMITS.perEmail;
    const answers = [];
    for (let index = 0; index < perEmail.burst; index++) {
      answers.push((await signUp(`10.6.0.${index + 1}`, email)).statusCode);
    }
    // The first creates the account, the next are `user-exists`.
    expect(answers).toEqual([200, ...Array(perEmail.burst - 1).fill(409)]);
    expectRefused(await signUp('10.6.1.1', email), perEmail.intervalMs / 1000);
    wait(perEmail.intervalMs);
    expect((await signUp('10.6.1.1', email)).statusCode).toBe(409);
  });
});
