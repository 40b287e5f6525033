import { Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { users } from '../../db/schema.ts';
import { buildScaledOutApps } from '../../testing/app.ts';
import { createUser, loginAsListedTutor } from '../../testing/factories.ts';

const redisUrl = inject('redisUrl');

/**
 * Two instances sharing one database and one Redis: each keeps its own directory, and a change made
 * on one is applied on both, re-reading only the tutor it touched.
 */
describe.skipIf(!redisUrl)('the tutor directory through Redis (TEST_REDIS_URL)', async () => {
  const [a, b] = await buildScaledOutApps(redisUrl);
  const admin = await createUser(b.db, { role: Role.SuperAdmin });
  const adminAuth = { authorization: `Bearer ${await b.sessions.issue(admin)}` };
  const topic = (
    await a.inject({
      method: 'POST',
      url: '/api/v1/topic/',
      headers: adminAuth,
      payload: { nameAr: 'موضوع التوسع', nameEn: 'Scale-out topic' },
    })
  ).json() as { id: number };
  const names = async (instance: App) =>
    (
      await instance.inject({
        method: 'GET',
        url: `/api/v1/user/tutor/list/onboarded?topics=${topic.id}&sort=newest`,
      })
    )
      .json()
      .list.map((card: { name: string }) => card.name);

  it('applies a change made on one instance on both, re-reading only the tutor it touched', async () => {
    const first = await loginAsListedTutor(a, { name: 'الأول' });
    const second = await loginAsListedTutor(a, { name: 'الثاني' });
    for (const tutor of [first, second]) {
      await a.inject({
        method: 'POST',
        url: '/api/v1/topic/of/user',
        headers: tutor.auth,
        payload: { topicId: topic.id },
      });
    }
    await expect.poll(() => names(a)).toEqual(['الثاني', 'الأول']);
    await expect.poll(() => names(b)).toEqual(['الثاني', 'الأول']);

    // The second changes behind both servers' backs; the first through the API on A.
    await a.db.update(users).set({ name: 'من الخلف' }).where(eq(users.id, second.user.id));
    const renamed = await a.inject({
      method: 'PUT',
      url: `/api/v1/user/${first.user.id}`,
      headers: first.auth,
      payload: { name: 'الأول الجديد' },
    });
    expect(renamed.statusCode).toBe(200);
    await a.tutorsCache.settled();
    expect(await names(a)).toEqual(['الثاني', 'الأول الجديد']);
    await expect.poll(() => names(b)).toEqual(['الثاني', 'الأول الجديد']);

    // A flush on B has both read everything again.
    const flushed = await b.inject({ method: 'DELETE', url: '/api/v1/cache/flush', headers: adminAuth });
    expect(flushed.statusCode).toBe(200);
    expect(await names(b)).toEqual(['من الخلف', 'الأول الجديد']);
    await expect.poll(() => names(a)).toEqual(['من الخلف', 'الأول الجديد']);
  });
});
