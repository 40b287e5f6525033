import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { connectDatabase } from '../db/client.ts';
import { testConfig } from '../testing/app.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createUser } from '../testing/factories.ts';

const redisUrl = inject('redisUrl');

/** Two server instances sharing one database and one Redis, as behind a load balancer. */
describe.skipIf(!redisUrl)('scale-out through Redis (TEST_REDIS_URL)', async () => {
  const database = await createTestDatabase();
  const instances = await Promise.all(
    [0, 1].map(async () => {
      const handle = connectDatabase(database.url, { max: 5 });
      const client = new Redis(redisUrl);
      const redis = { client, pub: client.duplicate(), sub: client.duplicate() };
      const app = await buildApp(testConfig({ redisUrl }), { db: handle.db, redis });
      await app.listen({ host: '127.0.0.1', port: 0 });
      return { app, handle, redis };
    }),
  );
  afterAll(async () => {
    for (const { app, handle, redis } of instances) {
      await app.close();
      await handle.close();
      await Promise.all([redis.client.quit(), redis.pub.quit(), redis.sub.quit()]);
    }
    await database.drop();
  });

  it('delivers an event emitted on one instance to a user connected to the other', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const port = (b.app.server.address() as AddressInfo).port;
    const user = await createUser(b.app.db);
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: await b.app.tokens.sign(user.id) },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const received = new Promise<unknown>((resolve) => socket.once('notice', resolve));
    // The Redis subscription may need a moment after connect; emit until it arrives.
    const timer = setInterval(() => a.app.realtime?.emitToUser(user.id, 'notice', { from: 'a' }), 100);
    try {
      expect(await received).toEqual({ from: 'a' });
    } finally {
      clearInterval(timer);
      socket.disconnect();
    }
  });
});
