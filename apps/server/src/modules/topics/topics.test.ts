import { Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { topics, userTopics } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';

describe('topics', async () => {
  const { app } = await buildTestApp();
  const admin = await loginAs(app, Role.RegularAdmin);
  let sequence = 0;
  const names = () => {
    sequence++;
    return { nameAr: `محادثة يومية ${sequence}`, nameEn: `Daily talk ${sequence}` };
  };
  const create = (payload: unknown, headers = admin.auth) =>
    app.inject({ method: 'POST', url: '/api/v1/topic/', payload: payload as object, headers });
  const newTopic = async () =>
    (await create(names())).json() as { id: number; nameAr: string; nameEn: string };
  const mine = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', auth: object, payload?: object) =>
    app.inject({
      method,
      url: '/api/v1/topic/of/user',
      headers: auth as Record<string, string>,
      ...(payload ? { payload } : {}),
    });

  describe('the catalogue', () => {
    it('lets staff add a topic, spaces tidied, and everyone list it', async () => {
      const res = await create({ nameAr: '  قواعد   اللغة ', nameEn: 'Grammar basics' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ nameAr: 'قواعد اللغة', nameEn: 'Grammar basics' });
      const list = await app.inject({ method: 'GET', url: '/api/v1/topic/list' });
      expect(list.statusCode).toBe(200);
      expect(list.json().list).toContainEqual(res.json());
    });

    it.each([
      ['topic-name-short', { nameAr: 'اب', nameEn: 'Grammar' }],
      ['topic-name-long', { nameAr: 'ق'.repeat(51), nameEn: 'Grammar' }],
      ['required', { nameAr: 'قواعد' }],
      ['invalid-type', { nameAr: 5, nameEn: 'Grammar' }],
    ])('answers %s and stores nothing', async (code, payload) => {
      const before = (await app.db.select().from(topics)).length;
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      expect((await app.db.select().from(topics)).length).toBe(before);
    });

    it('refuses a name already used, in either language and any letter case: topic-exists', async () => {
      const first = await newTopic();
      const sameAr = await create({ nameAr: first.nameAr, nameEn: 'Something else' });
      expect(sameAr.statusCode).toBe(409);
      expect(sameAr.json().code).toBe('topic-exists');
      const sameEn = await create({ nameAr: 'شيء آخر تماما', nameEn: first.nameEn.toUpperCase() });
      expect(sameEn.json().code).toBe('topic-exists');
    });

    it('is changed only by SuperAdmin and RegularAdmin', async () => {
      const topic = await newTopic();
      for (const role of [Role.Student, Role.Tutor, Role.TutorManager, Role.Studio]) {
        const user = await loginAs(app, role);
        expect((await create(names(), user.auth)).statusCode).toBe(403);
        const put = await app.inject({
          method: 'PUT',
          url: `/api/v1/topic/${topic.id}`,
          headers: user.auth,
          payload: { nameEn: 'Changed name' },
        });
        expect(put.json().code).toBe('forbidden');
        const del = await app.inject({
          method: 'DELETE',
          url: `/api/v1/topic/${topic.id}`,
          headers: user.auth,
        });
        expect(del.statusCode).toBe(403);
      }
      expect((await create(names(), {} as never)).statusCode).toBe(401);
      const root = await loginAs(app, Role.SuperAdmin);
      expect((await create(names(), root.auth)).statusCode).toBe(200);
    });

    it('renames and deletes a topic, which leaves every list', async () => {
      const topic = await newTopic();
      const renamed = await app.inject({
        method: 'PUT',
        url: `/api/v1/topic/${topic.id}`,
        headers: admin.auth,
        payload: { nameEn: 'Job interviews' },
      });
      expect(renamed.json()).toMatchObject({ id: topic.id, nameAr: topic.nameAr, nameEn: 'Job interviews' });
      const empty = await app.inject({
        method: 'PUT',
        url: `/api/v1/topic/${topic.id}`,
        headers: admin.auth,
        payload: {},
      });
      expect(empty.json().code).toBe('empty-request');

      const student = await loginAs(app, Role.Student);
      await mine('POST', student.auth, { topicId: topic.id });
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/v1/topic/${topic.id}`,
        headers: admin.auth,
      });
      expect(del.json()).toEqual({ ok: true });
      expect((await mine('GET', student.auth)).json().list).toEqual([]);
      for (const method of ['PUT', 'DELETE'] as const) {
        const missing = await app.inject({
          method,
          url: `/api/v1/topic/${topic.id}`,
          headers: admin.auth,
          ...(method === 'PUT' ? { payload: { nameEn: 'Again here' } } : {}),
        });
        expect(missing.statusCode).toBe(404);
        expect(missing.json().code).toBe('topic-not-found');
      }
    });
  });

  describe('a user’s own topics', () => {
    it('adds (idempotently), lists, removes and replaces the caller’s topics in order', async () => {
      const student = await loginAs(app, Role.Student);
      const [a, b, c] = [await newTopic(), await newTopic(), await newTopic()];
      expect((await mine('POST', student.auth, { topicId: a.id })).json().list).toEqual([a]);
      expect((await mine('POST', student.auth, { topicId: b.id })).json().list).toEqual([a, b]);
      expect((await mine('POST', student.auth, { topicId: a.id })).json().list).toEqual([a, b]);
      expect((await mine('DELETE', student.auth, { topicId: a.id })).json().list).toEqual([b]);
      expect((await mine('PATCH', student.auth, { topicIds: [c.id, a.id] })).json().list).toEqual([c, a]);
      expect((await mine('GET', student.auth)).json().list).toEqual([c, a]);
      expect((await mine('PATCH', student.auth, { topicIds: [] })).json().list).toEqual([]);
    });

    it('answers topic-not-found for an unknown topic or one not on the list', async () => {
      const student = await loginAs(app, Role.Student);
      const topic = await newTopic();
      expect((await mine('POST', student.auth, { topicId: 999_999 })).json().code).toBe('topic-not-found');
      expect((await mine('DELETE', student.auth, { topicId: topic.id })).json().code).toBe('topic-not-found');
      const replaced = await mine('PATCH', student.auth, { topicIds: [topic.id, 999_999] });
      expect(replaced.statusCode).toBe(404);
      expect((await mine('GET', student.auth)).json().list).toEqual([]);
    });

    it('refuses bad lists: more than 30, repeats, wrong types', async () => {
      const student = await loginAs(app, Role.Student);
      const tooMany = await mine('PATCH', student.auth, {
        topicIds: Array.from({ length: 31 }, (_, i) => i + 1),
      });
      expect(tooMany.json().code).toBe('topics-max-exceeded');
      expect((await mine('PATCH', student.auth, { topicIds: [1, 1] })).json().code).toBe('bad-request');
      expect((await mine('POST', student.auth, { topicId: 'x' })).json().code).toBe('invalid-type');
      expect((await mine('POST', student.auth, {})).json().code).toBe('required');
    });

    it('needs a signed-in user', async () => {
      for (const method of ['GET', 'POST', 'DELETE', 'PATCH'] as const) {
        const payload = method === 'PATCH' ? { topicIds: [] } : method === 'GET' ? undefined : { topicId: 1 };
        expect((await mine(method, {}, payload)).statusCode).toBe(401);
      }
    });

    it('never holds more than 30, even when 40 additions race', async () => {
      const tutor = await loginAs(app, Role.Tutor);
      const created = [];
      for (let i = 0; i < 40; i++) {
        created.push(await newTopic());
      }
      const answers = await Promise.all(
        created.map((topic) => mine('POST', tutor.auth, { topicId: topic.id })),
      );
      const codes = answers.map((res) => (res.statusCode === 200 ? 'ok' : res.json().code));
      expect(codes.filter((code) => code === 'ok')).toHaveLength(30);
      expect(codes.filter((code) => code === 'topics-max-exceeded')).toHaveLength(10);
      const stored = await app.db.select().from(userTopics).where(eq(userTopics.userId, tutor.user.id));
      expect(stored).toHaveLength(30);
    });
  });
});
