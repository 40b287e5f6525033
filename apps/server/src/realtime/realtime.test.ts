import { BOUNDS } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { createUser } from '../testing/factories.ts';
import { emit, listenForSockets, settle } from '../testing/sockets.ts';

describe('realtime', async () => {
  const { app } = await buildTestApp();
  const sockets = await listenForSockets(app);

  /** Real accounts, since a handshake token must belong to an existing user. */
  const ids = [] as number[];
  for (let i = 0; i < 5; i++) {
    ids.push((await createUser(app.db)).id);
  }
  const [alice, bob, carol, dina, emad] = ids as [number, number, number, number, number];

  /** A connected client for `userId` (or with a raw token), transports as the web app uses them. */
  async function client(auth: { userId?: number; token?: string; header?: boolean }) {
    const token = auth.token ?? (await app.tokens.sign(auth.userId ?? alice));
    return sockets.connect(token, { header: auth.header });
  }

  it('accepts a connection with a valid bearer token and answers ping with ok', async () => {
    const socket = await client({ userId: alice });
    const ack = await emit(socket, 'ping', { sentAt: 123 });
    expect(ack).toMatchObject({ code: 'ok', sentAt: 123, userId: alice });
  });

  it('accepts the token from an Authorization header too', async () => {
    const socket = await client({ userId: bob, header: true });
    expect((await emit(socket, 'ping', { sentAt: 1 })).userId).toBe(bob);
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    [
      'a token signed with another secret',
      'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MSwiaWF0IjoxLCJleHAiOjk5OTk5OTk5OTl9.bad',
    ],
  ])('refuses a handshake with %s', async (_label, token) => {
    await expect(client({ token })).rejects.toMatchObject({
      message: 'unauthenticated',
      data: { code: 'unauthenticated' },
    });
  });

  it('refuses an expired token', async () => {
    const token = await app.tokens.sign(carol, { now: new Date(Date.now() - 8 * 24 * 3600 * 1000) });
    await expect(client({ token })).rejects.toMatchObject({ message: 'unauthenticated' });
  });

  it('refuses a revoked token (after logout or a password change) and one of a deleted user', async () => {
    const user = await createUser(app.db);
    const token = await app.sessions.issue(user);
    await app.sessions.revoke(user.id);
    await expect(client({ token })).rejects.toMatchObject({ message: 'unauthenticated' });
    await expect(client({ token: await app.tokens.sign(999_999) })).rejects.toMatchObject({
      message: 'unauthenticated',
    });
  });

  it('disconnects a user’s live sockets when they log out', async () => {
    const user = await createUser(app.db);
    const token = await app.sessions.issue(user);
    const socket = await client({ token });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('answers a payload that fails its schema with bad-request, and an unknown event with unallowed', async () => {
    const socket = await client({ userId: carol });
    expect(await socket.emitWithAck('ping', { sentAt: 'soon' })).toEqual({ code: 'bad-request' });
    expect(await socket.emitWithAck('ping', null)).toEqual({ code: 'bad-request' });
    expect(await socket.emitWithAck('launch-rockets', {})).toEqual({ code: 'unallowed' });
  });

  it('answers too-many-requests to events past the connection’s allowance, whatever they are, and counts each connection alone', async () => {
    const flooding = await client({ userId: carol });
    const { burst } = BOUNDS.socketEvents;
    const acks = await Promise.all(
      Array.from({ length: burst + 4 }, (_, i) =>
        i % 2 === 0
          ? flooding.emitWithAck('ping', { sentAt: i })
          : flooding.emitWithAck('launch-rockets', {}),
      ),
    );
    const codes = acks.map((ack) => (ack as { code: string }).code);
    expect(codes.filter((code) => code === 'too-many-requests')).toHaveLength(4);
    expect(codes.filter((code) => code === 'ok' || code === 'unallowed')).toHaveLength(burst);
    // Another connection of the same user has its own allowance.
    const otherTab = await client({ userId: carol });
    expect(await otherTab.emitWithAck('ping', { sentAt: 1 })).toMatchObject({ code: 'ok' });
  });

  it('delivers to every connection of one user and to nobody else', async () => {
    const firstTab = await client({ userId: dina });
    const secondTab = await client({ userId: dina });
    const stranger = await client({ userId: emad });
    const received: string[] = [];
    firstTab.on('notice', () => received.push('first'));
    secondTab.on('notice', () => received.push('second'));
    stranger.on('notice', () => received.push('stranger'));
    app.broadcast?.toUser(dina, 'notice', { text: 'hello' });
    await expect.poll(() => received.length).toBe(2);
    await settle(100);
    expect(received.sort()).toEqual(['first', 'second']);
  });
});
