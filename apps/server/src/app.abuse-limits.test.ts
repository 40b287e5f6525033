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

  it(`stops sign-ups from one address after ${SIGN_UP_LIMITS.perIp.max} an hour`, async () => {
    const answers = [];
    for (let index = 0; index < SIGN_UP_LIMITS.perIp.max + 5; index++) {
      answers.push((await signUp(uniqueEmail('flood'), '10.1.0.1')).statusCode);
    }
    expect(answers.slice(0, SIGN_UP_LIMITS.perIp.max).every((status) => status === 200)).toBe(true);
    expect(answers.slice(SIGN_UP_LIMITS.perIp.max)).toEqual(Array(5).fill(429));
    const refused = await signUp(uniqueEmail('flood'), '10.1.0.1');
    expect(refused.json().code).toBe('too-many-requests');
    // Another address is not held back.
    expect((await signUp(uniqueEmail('other'), '10.1.0.2')).statusCode).toBe(200);
  });

  it('stops sign-ups for one e-mail from many addresses', async () => {
    const email = uniqueEmail('victim');
    const answers = [];
    for (let index = 0; index < SIGN_UP_LIMITS.perEmail.max + 2; index++) {
      answers.push((await signUp(email, `10.2.0.${index + 1}`)).statusCode);
    }
    // The first creates the account, the next are `user-exists`, then the limit answers.
    expect(answers.at(-1)).toBe(429);
  });

  it('does not count an admin creating accounts', async () => {
    const admin = await loginAs(app, Role.SuperAdmin);
    for (let index = 0; index < SIGN_UP_LIMITS.perIp.max + 2; index++) {
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
});
