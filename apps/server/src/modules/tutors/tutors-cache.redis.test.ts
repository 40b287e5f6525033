import { Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { testConfig } from '../../testing/app.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { createUser, loginAsListedTutor } from '../../testing/factories.ts';

const redisUrl = inject('redisUrl');

/** Two instances sharing one database and one Redis: one tutors cache, cleared everywhere at once. */
describe.skipIf(!redisUrl)('the tutors cache through Redis (TEST_REDIS_URL)', async () => {
  const database = await createTestDatabase();
  const instances = await Promise.all(
    [0, 1].map(async () => {
      const handle = connectDatabase(database.url, { max: 5 });
      const client = new Redis(redisUrl);
      const redis = { client, pub: client.duplicate(), sub: client.duplicate() };
      const app = await buildApp(testConfig({ redisUrl }), { db: handle.db, redis });
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
  const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
  const names = async (instance: typeof a) =>
    (await instance.app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded' }))
      .json()
      .list.map((card: { name: string }) => card.name);

  it('shares pages between instances, and a change on one clears both', async () => {
    const tutor = await loginAsListedTutor(a.app, { name: 'الاسم الأول' });
    expect(await names(a)).toEqual(['الاسم الأول']);
    // Changed behind both servers' backs: the other instance still answers from the shared page.
    await a.app.db.update(users).set({ name: 'من الخلف' }).where(eq(users.id, tutor.user.id));
    expect(await names(b)).toEqual(['الاسم الأول']);

    const renamed = await a.app.inject({
      method: 'PUT',
      url: `/api/v1/user/${tutor.user.id}`,
      headers: tutor.auth,
      payload: { name: 'الاسم الجديد' },
    });
    expect(renamed.statusCode).toBe(200);
    await a.app.tutorsCache.settled();
    await expect.poll(() => names(b)).toEqual(['الاسم الجديد']);

    const admin = await createUser(b.app.db, { role: Role.SuperAdmin });
    const token = await b.app.sessions.issue(admin);
    await b.app.db.update(users).set({ name: 'بعد التفريغ' }).where(eq(users.id, tutor.user.id));
    const flushed = await b.app.inject({
      method: 'DELETE',
      url: '/api/v1/cache/flush',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(flushed.statusCode).toBe(200);
    await expect.poll(() => names(a)).toEqual(['بعد التفريغ']);
  });
});
