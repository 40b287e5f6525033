import { Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { users } from '../../db/schema.ts';
import { buildScaledOutApps } from '../../testing/app.ts';
import { createUser, loginAsListedTutor } from '../../testing/factories.ts';

const redisUrl = inject('redisUrl');

/** Two instances sharing one database and one Redis: one tutors cache, cleared everywhere at once. */
describe.skipIf(!redisUrl)('the tutors cache through Redis (TEST_REDIS_URL)', async () => {
  const [a, b] = await buildScaledOutApps(redisUrl);
  const names = async (instance: App) =>
    (await instance.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded' }))
      .json()
      .list.map((card: { name: string }) => card.name);

  it('shares pages between instances, and a change on one clears both', async () => {
    const tutor = await loginAsListedTutor(a, { name: 'الاسم الأول' });
    expect(await names(a)).toEqual(['الاسم الأول']);
    // Changed behind both servers' backs: the other instance still answers from the shared page.
    await a.db.update(users).set({ name: 'من الخلف' }).where(eq(users.id, tutor.user.id));
    expect(await names(b)).toEqual(['الاسم الأول']);

    const renamed = await a.inject({
      method: 'PUT',
      url: `/api/v1/user/${tutor.user.id}`,
      headers: tutor.auth,
      payload: { name: 'الاسم الجديد' },
    });
    expect(renamed.statusCode).toBe(200);
    await a.tutorsCache.settled();
    await expect.poll(() => names(b)).toEqual(['الاسم الجديد']);

    const admin = await createUser(b.db, { role: Role.SuperAdmin });
    const token = await b.sessions.issue(admin);
    await b.db.update(users).set({ name: 'بعد التفريغ' }).where(eq(users.id, tutor.user.id));
    const flushed = await b.inject({
      method: 'DELETE',
      url: '/api/v1/cache/flush',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(flushed.statusCode).toBe(200);
    await expect.poll(() => names(a)).toEqual(['بعد التفريغ']);
  });
});
