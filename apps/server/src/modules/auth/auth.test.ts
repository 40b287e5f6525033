import { ConfirmationCodeKind, Role } from '@hiwar/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { confirmationCodes, users } from '../../db/schema.ts';
import { buildTestApp, TEST_JWT_SECRET } from '../../testing/app.ts';
import { createUser, loginAs, TEST_PASSWORD, uniqueEmail } from '../../testing/factories.ts';
import { lastCodeTo, lastMessageTo } from '../../testing/outbox.ts';
import { LOGIN_LIMIT } from './auth.routes.ts';
import { createVerifyLinks } from './auth.service.ts';

const GOOGLE_CLIENT_ID = 'hiwar-test.apps.googleusercontent.com';
const NEW_PASSWORD = 'fresh-pass-7';

async function googleKeyPair(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { jwk, privateKey, kid };
}

describe('auth', async () => {
  const google = await googleKeyPair('google-test');
  const stranger = await googleKeyPair('google-test');
  const { app } = await buildTestApp({
    config: { googleClientId: GOOGLE_CLIENT_ID },
    deps: { googleKeys: createLocalJWKSet({ keys: [google.jwk] }) },
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const current = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) });
  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/v1/auth/password', payload: { email, password }, remoteAddress });
  let ip = 0;
  /** A fresh client address, so code-check rate limits do not mix between tests. */
  const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  describe('POST /api/v1/auth/password', () => {
    it('signs in with any letter case of the e-mail; the token works', async () => {
      const user = await createUser(app.db);
      const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { id: user.id }, tutor: null, token: expect.any(String) });
      expect((await current(res.json().token)).statusCode).toBe(200);
    });

    it('answers wrong-password alike for a wrong password, an unknown e-mail and a Google-only account', async () => {
      const user = await createUser(app.db);
      const googleOnly = await createUser(app.db, { password: null, googleSub: 'g-only' });
      for (const [email, password] of [
        [user.email, 'wrong-pass-1'],
        [uniqueEmail('nobody'), TEST_PASSWORD],
        [googleOnly.email, TEST_PASSWORD],
      ] as const) {
        const res = await login(email, password);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('wrong-password');
      }
    });

    it('checks the input without revealing the password rules', async () => {
      expect((await login('not-an-email', 'x')).json().code).toBe('invalid-email');
      expect((await login(uniqueEmail(), '')).json().code).toBe('required');
      expect((await login(uniqueEmail(), 'short')).json().code).toBe('wrong-password');
    });

    it('is rate-limited per address and IP: too-many-requests, even with the right password', async () => {
      const user = await createUser(app.db);
      const address = nextIp();
      for (let i = 0; i < LOGIN_LIMIT.max; i++) {
        expect((await login(user.email, 'wrong-pass-1', address)).statusCode).toBe(400);
      }
      const blocked = await login(user.email, TEST_PASSWORD, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('too-many-requests');
      // Another account from the same IP, and the same account from elsewhere, still sign in.
      const other = await createUser(app.db);
      expect((await login(other.email, TEST_PASSWORD, address)).statusCode).toBe(200);
      expect((await login(user.email, TEST_PASSWORD, nextIp())).statusCode).toBe(200);
    });
  });

  describe('POST /api/v1/auth/refresh-token', () => {
    it('gives a new valid token', async () => {
      const me = await loginAs(app, Role.Student);
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', headers: me.auth });
      expect(res.statusCode).toBe(200);
      expect((await current(res.json().token)).json().user.id).toBe(me.user.id);
    });

    it('is 401 anonymously or with a revoked token', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token' })).statusCode).toBe(401);
      const me = await loginAs(app, Role.Student);
      await app.sessions.revoke(me.user.id);
      expect(
        (await app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', headers: me.auth }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('POST /api/v1/auth/logout', () => {
    it('ends the token (then 401) and every other, and a new login works at once', async () => {
      const me = await loginAs(app, Role.Student);
      const otherDevice = await app.sessions.issue(me.user);
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: me.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await current(me.token)).statusCode).toBe(401);
      expect((await current(otherDevice)).json().code).toBe('unauthenticated');
      const again = await login(me.user.email, TEST_PASSWORD, nextIp());
      expect((await current(again.json().token)).statusCode).toBe(200);
    });

    it('is 401 anonymously', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(401);
    });
  });

  describe('forgotten password', () => {
    const forget = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/forget',
        payload: { email },
        remoteAddress: nextIp(),
      });
    const reset = (payload: { email: string; code: string; password: string }, remoteAddress = nextIp()) =>
      app.inject({ method: 'PUT', url: '/api/v1/auth/password/reset', payload, remoteAddress });

    it('e-mails a 5-digit code in an Arabic right-to-left message', async () => {
      const user = await createUser(app.db);
      const res = await forget(user.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ok: true,
        expiresAt: expect.any(String),
        resendAt: expect.any(String),
      });
      const mail = await lastMessageTo(app.db, user.email);
      expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
      expect(await lastCodeTo(app.db, user.email)).toMatch(/^\d{5}$/);
      const [stored] = await app.db
        .select()
        .from(confirmationCodes)
        .where(eq(confirmationCodes.userId, user.id));
      expect(stored?.codeHash).not.toContain(await lastCodeTo(app.db, user.email));
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const email = uniqueEmail('nobody');
      const res = await forget(email);
      expect(res.statusCode).toBe(200);
      expect(res.json().ok).toBe(true);
      expect(await lastMessageTo(app.db, email)).toBeNull();
    });

    it('answers invalid-email for a malformed address', async () => {
      expect((await forget('nope')).json().code).toBe('invalid-email');
    });

    it('sends at most one code a minute and five an hour', async () => {
      const user = await createUser(app.db);
      expect((await forget(user.email)).statusCode).toBe(200);
      const again = await forget(user.email);
      expect(again.statusCode).toBe(429);
      expect(again.json().code).toBe('too-many-requests');
      // Four more spread over the hour: age the earlier ones past the minute each time.
      const age = () =>
        app.db.execute(
          sql`update confirmation_codes set created_at = created_at - interval '2 minutes' where user_id = ${user.id}`,
        );
      for (let i = 0; i < 4; i++) {
        await age();
        expect((await forget(user.email)).statusCode).toBe(200);
      }
      await age();
      expect((await forget(user.email)).statusCode).toBe(429);
    });

    it('sets the new password with the code, ends old tokens, and the code works once', async () => {
      const me = await loginAs(app, Role.Student, { verifiedEmail: false });
      await forget(me.user.email);
      const code = await lastCodeTo(app.db, me.user.email);
      const res = await reset({ email: me.user.email, code, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect((await current(me.token)).statusCode).toBe(401);
      expect((await login(me.user.email, NEW_PASSWORD, nextIp())).statusCode).toBe(200);
      expect((await login(me.user.email, TEST_PASSWORD, nextIp())).json().code).toBe('wrong-password');
      const [row] = await app.db.select().from(users).where(eq(users.id, me.user.id));
      expect(row?.verifiedEmail).toBe(true);
      const reused = await reset({ email: me.user.email, code, password: 'another-pass-3' });
      expect(reused.json().code).toBe('invalid-verification-code');
    });

    it('checks the input: code shape, password rules, unknown e-mail; nothing changes', async () => {
      const user = await createUser(app.db);
      await forget(user.email);
      const code = await lastCodeTo(app.db, user.email);
      expect((await reset({ email: user.email, code: '1234', password: NEW_PASSWORD })).json().code).toBe(
        'invalid-verification-code',
      );
      expect((await reset({ email: user.email, code, password: 'short' })).json().code).toBe(
        'short-password',
      );
      expect((await reset({ email: uniqueEmail(), code, password: NEW_PASSWORD })).json().code).toBe(
        'invalid-verification-code',
      );
      expect((await login(user.email, TEST_PASSWORD, nextIp())).statusCode).toBe(200);
      expect((await reset({ email: user.email, code, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('refuses an expired code: expired-verification-code', async () => {
      const user = await createUser(app.db);
      await forget(user.email);
      const code = await lastCodeTo(app.db, user.email);
      await app.db
        .update(confirmationCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(confirmationCodes.userId, user.id));
      const res = await reset({ email: user.email, code, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('expired-verification-code');
    });

    it('does not verify 20 wrong codes in a row, and the code is void after the 5th', async () => {
      const user = await createUser(app.db);
      await forget(user.email);
      const code = await lastCodeTo(app.db, user.email);
      const wrong = (n: number) => String((Number(code) + 1 + n) % 100_000).padStart(5, '0');
      const answers: string[] = [];
      for (let i = 0; i < 20; i++) {
        // Each from another address: the per-IP limit is not what stops a distributed guesser.
        answers.push(
          (await reset({ email: user.email, code: wrong(i), password: NEW_PASSWORD })).json().code,
        );
      }
      expect(answers.slice(0, 5)).toEqual(Array(5).fill('invalid-verification-code'));
      expect(new Set(answers.slice(5))).toEqual(new Set(['expired-verification-code']));
      const right = await reset({ email: user.email, code, password: NEW_PASSWORD });
      expect(right.statusCode).toBe(400);
      expect(right.json().code).toBe('expired-verification-code');
      expect((await login(user.email, TEST_PASSWORD, nextIp())).statusCode).toBe(200);
      const [row] = await app.db
        .select()
        .from(confirmationCodes)
        .where(
          and(
            eq(confirmationCodes.userId, user.id),
            eq(confirmationCodes.kind, ConfirmationCodeKind.ResetPassword),
          ),
        );
      expect(row?.attempts).toBe(5);
    });

    it('rate-limits code checks from one address', async () => {
      const address = nextIp();
      const email = uniqueEmail();
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        codes.push((await reset({ email, code: '00000', password: NEW_PASSWORD }, address)).statusCode);
      }
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(codes[10]).toBe(429);
    });
  });

  describe('e-mail verification', () => {
    const callbackUrl = 'http://localhost:4000/verify-email';
    const send = (headers: Record<string, string>, url = callbackUrl) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/auth/send-verify-email',
        payload: { callbackUrl: url },
        headers,
      });
    const verify = (payload: object, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/auth/verify-email',
        payload,
        headers,
        remoteAddress: nextIp(),
      });

    it('sends a 4-digit code and a link to the callback page; the code verifies', async () => {
      const me = await loginAs(app, Role.Student, { verifiedEmail: false });
      const res = await send(me.auth);
      expect(res.statusCode).toBe(200);
      const mail = await lastMessageTo(app.db, me.user.email);
      expect(mail?.html).toContain('dir="rtl"');
      expect(mail?.html).toMatch(/href="http:\/\/localhost:4000\/verify-email\?token=[\w.-]+"/);
      const code = await lastCodeTo(app.db, me.user.email);
      expect(code).toMatch(/^\d{4}$/);
      const verified = await verify({ code }, me.auth);
      expect(verified.statusCode).toBe(200);
      expect(verified.json().user.verifiedEmail).toBe(true);
      const again = await send(me.auth);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('email-already-verified');
    });

    it('verifies with the link’s token, signed out', async () => {
      const me = await loginAs(app, Role.Tutor, { verifiedEmail: false });
      await send(me.auth);
      const link = (await lastMessageTo(app.db, me.user.email))!.html!.match(/token=([\w.-]+)/)![1]!;
      const res = await verify({ token: link });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        user: { id: me.user.id, verifiedEmail: true },
        tutor: { id: me.user.id },
      });
      const again = await verify({ token: link });
      expect(again.json().code).toBe('email-already-verified');
      // The code sent with the link is void now.
      const code = await lastCodeTo(app.db, me.user.email);
      await app.db.update(users).set({ verifiedEmail: false }).where(eq(users.id, me.user.id));
      expect((await verify({ code }, me.auth)).json().code).toBe('invalid-verification-code');
    });

    it('refuses a tampered, foreign or expired link', async () => {
      const me = await loginAs(app, Role.Student, { verifiedEmail: false });
      const links = createVerifyLinks(TEST_JWT_SECRET);
      const good = await links.sign(me.user);
      const tampered = `${good.slice(0, -3)}${good.endsWith('abc') ? 'xyz' : 'abc'}`;
      for (const token of [tampered, me.token, 'garbage']) {
        const res = await verify({ token });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('invalid-verification-code');
      }
      const old = await links.sign(me.user, new Date(Date.now() - 25 * 3600 * 1000));
      expect((await verify({ token: old })).json().code).toBe('expired-verification-code');
      const otherAddress = await links.sign({ id: me.user.id, email: 'someone@else.eg' });
      expect((await verify({ token: otherAddress })).json().code).toBe('invalid-verification-code');
      const [row] = await app.db.select().from(users).where(eq(users.id, me.user.id));
      expect(row?.verifiedEmail).toBe(false);
    });

    it('checks the body: exactly one of token or a 4-digit code; the code needs a sign-in', async () => {
      const me = await loginAs(app, Role.Student, { verifiedEmail: false });
      expect((await verify({})).json().code).toBe('bad-request');
      expect((await verify({ token: 'a', code: '1234' })).json().code).toBe('bad-request');
      expect((await verify({ code: '12' }, me.auth)).json().code).toBe('invalid-verification-code');
      const anonymous = await verify({ code: '1234' });
      expect(anonymous.statusCode).toBe(401);
      expect((await verify({ code: '1234' }, me.auth)).json().code).toBe('invalid-verification-code');
    });

    it('accepts only our own pages as the callback', async () => {
      const me = await loginAs(app, Role.Student, { verifiedEmail: false });
      for (const url of ['https://evil.example/verify', 'javascript:alert(1)', 'not a url']) {
        const res = await send(me.auth, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe('bad-request');
      }
      expect(await lastMessageTo(app.db, me.user.email)).toBeNull();
      expect((await send(me.auth, 'http://localhost:4001/verify-email')).statusCode).toBe(200);
    });

    it('sends at most one code a minute, and is 401 anonymously', async () => {
      const me = await loginAs(app, Role.Student, { verifiedEmail: false });
      expect((await send(me.auth)).statusCode).toBe(200);
      expect((await send(me.auth)).json().code).toBe('too-many-requests');
      expect((await send({})).statusCode).toBe(401);
    });
  });

  describe('requireVerifiedEmail', () => {
    it('lets verified users through and stops others with email-not-verified', async () => {
      const guard = (user: object) =>
        app.requireVerifiedEmail.call(app, { user } as unknown as FastifyRequest, {} as FastifyReply);
      const verified = await createUser(app.db, { verifiedEmail: true });
      const unverified = await createUser(app.db, { verifiedEmail: false });
      await expect(guard(verified)).resolves.toBeUndefined();
      await expect(guard(unverified)).rejects.toMatchObject({ code: 'email-not-verified', status: 403 });
      await expect(
        app.requireVerifiedEmail.call(app, { user: null } as unknown as FastifyRequest, {} as FastifyReply),
      ).rejects.toMatchObject({ code: 'unauthenticated' });
    });
  });

  describe('POST /api/v1/auth/google', () => {
    const idToken = async (
      claims: Record<string, unknown>,
      options: { key?: typeof google; audience?: string; expiresIn?: string | number } = {},
    ) =>
      new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: (options.key ?? google).kid })
        .setIssuer('https://accounts.google.com')
        .setAudience(options.audience ?? GOOGLE_CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign((options.key ?? google).privateKey);
    const signIn = (payload: object) => app.inject({ method: 'POST', url: '/api/v1/auth/google', payload });

    it('creates a verified account on first sign-in, with the asked role, and finds it again', async () => {
      const email = uniqueEmail('g');
      const credential = await idToken({ sub: `sub-${email}`, email, name: 'Mona Ali' });
      const first = await signIn({ credential, role: Role.Tutor });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        user: { email, name: 'Mona Ali', role: Role.Tutor, verifiedEmail: true, hasPassword: false },
        tutor: { activated: false },
      });
      expect((await current(first.json().token)).statusCode).toBe(200);
      const second = await signIn({ credential });
      expect(second.json().user.id).toBe(first.json().user.id);
    });

    it('keeps the lead source on an account it creates, and only then', async () => {
      const email = uniqueEmail('g');
      const credential = await idToken({ sub: `sub-${email}`, email });
      const first = await signIn({ credential, leadSource: 'sig' });
      expect(first.statusCode).toBe(200);
      expect(first.json().user.leadSource).toBe('sig');
      const again = await signIn({ credential, leadSource: 'syt' });
      expect(again.json().user.leadSource).toBe('sig');
    });

    it('links an existing password account with the same e-mail', async () => {
      const user = await createUser(app.db, { verifiedEmail: false });
      const res = await signIn({
        credential: await idToken({ sub: `sub-${user.id}`, email: user.email.toUpperCase() }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: user.id, verifiedEmail: true, hasPassword: true });
    });

    it.each([
      ['a wrong audience', { audience: 'someone-else.apps.googleusercontent.com' }],
      ['an expired token', { expiresIn: Math.floor(Date.now() / 1000) - 3600 }],
      ['a bad signature', { key: 'stranger' as const }],
    ])('refuses %s: unauthenticated, nothing stored', async (_label, options) => {
      const email = uniqueEmail('g');
      const credential = await idToken(
        { sub: `sub-${email}`, email },
        { ...options, key: 'key' in options ? stranger : google },
      );
      const res = await signIn({ credential });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
      expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('refuses a Google account without a verified e-mail, garbage and staff roles', async () => {
      const email = uniqueEmail('g');
      const unverified = await signIn({
        credential: await idToken({ sub: 'x', email, email_verified: false }),
      });
      expect(unverified.statusCode).toBe(403);
      expect((await signIn({ credential: 'garbage' })).statusCode).toBe(401);
      const staff = await signIn({ credential: await idToken({ sub: 'y', email }), role: Role.SuperAdmin });
      expect(staff.json().code).toBe('bad-request');
      expect((await signIn({ credential: '' })).json().code).toBe('required');
    });

    it('signs staff into the back office (staffOnly), linking their account by e-mail', async () => {
      const staff = await createUser(app.db, { role: Role.RegularAdmin });
      const credential = await idToken({ sub: `sub-staff-${staff.id}`, email: staff.email });
      const first = await signIn({ credential, staffOnly: true });
      expect(first.statusCode).toBe(200);
      expect(first.json().user).toMatchObject({ id: staff.id, role: Role.RegularAdmin });
      expect((await signIn({ credential, staffOnly: true })).json().user.id).toBe(staff.id);
    });

    it('refuses a back-office sign-in of a student, linked or not, and of a stranger: nothing created or linked', async () => {
      const student = await createUser(app.db);
      const byEmail = await signIn({
        credential: await idToken({ sub: `sub-student-${student.id}`, email: student.email }),
        staffOnly: true,
      });
      expect(byEmail.statusCode).toBe(403);
      expect(byEmail.json().code).toBe('forbidden');
      const [row] = await app.db.select().from(users).where(eq(users.id, student.id));
      expect(row?.googleSub).toBeNull();

      const linkedEmail = uniqueEmail('g');
      const linkedCredential = await idToken({ sub: `sub-${linkedEmail}`, email: linkedEmail });
      expect((await signIn({ credential: linkedCredential })).statusCode).toBe(200);
      expect((await signIn({ credential: linkedCredential, staffOnly: true })).json().code).toBe('forbidden');

      const strangerEmail = uniqueEmail('g');
      const stranger = await signIn({
        credential: await idToken({ sub: `sub-${strangerEmail}`, email: strangerEmail }),
        staffOnly: true,
      });
      expect(stranger.statusCode).toBe(403);
      expect(await app.db.select().from(users).where(eq(users.email, strangerEmail))).toHaveLength(0);
    });
  });

  describe('runtime config and sockets', () => {
    it('tells the web app the Google client id', async () => {
      const { runtimeConfig } = await import('../../app.ts');
      expect(runtimeConfig(app.config).googleClientId).toBe(GOOGLE_CLIENT_ID);
    });
  });
});

describe('auth without Google configured', async () => {
  const { app } = await buildTestApp();

  it('answers Google sign-in with service-unavailable and hides the button', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { credential: 'x.y.z' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('service-unavailable');
    const { runtimeConfig } = await import('../../app.ts');
    expect(runtimeConfig(app.config).googleClientId).toBeNull();
  });
});
