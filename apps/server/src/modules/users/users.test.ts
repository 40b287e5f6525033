import { Governorate, InterviewStatus, MessagingApp, Role } from '@hiwar/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { interviews, tutors, users } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createUser, loginAs, TEST_PASSWORD, uniqueEmail } from '../../testing/factories.ts';

const PASSWORD = 'new-secret-9';

describe('users', async () => {
  const { app } = await buildTestApp();

  const register = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/v1/user/', payload: payload as object, headers });
  const countByEmail = async (email: string) =>
    (await app.db.select().from(users).where(eq(users.email, email))).length;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** An interview of `intervieweeId` with `interviewerId` in `status`, each at its own future hour. */
  let hours = 0;
  const interview = async (interviewerId: number, intervieweeId: number, status: InterviewStatus) => {
    const startsAt = new Date(Date.UTC(2031, 0, 1) + hours++ * 3_600_000);
    const decided = status === InterviewStatus.Passed || status === InterviewStatus.Rejected;
    await app.db.insert(interviews).values({
      interviewerId,
      intervieweeId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status,
      ...(decided ? { decidedAt: startsAt } : {}),
      ...(status === InterviewStatus.Canceled ? { canceledAt: startsAt, canceledByInterviewee: true } : {}),
    });
  };

  /**
   * Decision 0045's cast: a TutorManager with a tutor they interviewed, one awaiting an interviewer,
   * one rejected by someone else (awaiting again), one another manager interviews, one whose interview
   * was signed, another TutorManager and a student; a Studio member with an assigned tutor.
   */
  async function staffCast() {
    const manager = await loginAs(app, Role.TutorManager);
    const otherManager = await createUser(app.db, { role: Role.TutorManager });
    const studio = await loginAs(app, Role.Studio);
    const [interviewed, waiting, rejectedElsewhere, takenElsewhere, signed, assigned] = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() => createUser(app.db, { role: Role.Tutor })),
    );
    await interview(manager.user.id, interviewed!.id, InterviewStatus.Passed);
    await interview(otherManager.id, rejectedElsewhere!.id, InterviewStatus.Rejected);
    await interview(otherManager.id, takenElsewhere!.id, InterviewStatus.Pending);
    await app.db.update(tutors).set({ interviewSignedAt: new Date() }).where(eq(tutors.userId, signed!.id));
    await app.db.update(tutors).set({ studioId: studio.user.id }).where(eq(tutors.userId, assigned!.id));
    const student = await createUser(app.db);
    return {
      manager,
      studio,
      otherManager,
      student,
      interviewed: interviewed!,
      waiting: waiting!,
      rejectedElsewhere: rejectedElsewhere!,
      takenElsewhere: takenElsewhere!,
      signed: signed!,
      assigned: assigned!,
    };
  }

  describe('POST /api/v1/user/', () => {
    it('registers a student with a token that works, e-mail lower-cased', async () => {
      const email = uniqueEmail('Mona');
      const res = await register({ email: email.toUpperCase(), password: PASSWORD, name: 'منى  علي' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({
        email,
        name: 'منى علي',
        role: Role.Student,
        verifiedEmail: false,
        hasPassword: true,
        image: null,
        timezone: 'Africa/Cairo',
      });
      expect(body.tutor).toBeNull();
      const current = await app.inject({
        method: 'GET',
        url: '/api/v1/user/current',
        headers: bearer(body.token),
      });
      expect(current.statusCode).toBe(200);
      expect(current.json().user.id).toBe(body.user.id);
    });

    it('registers a tutor with empty tutor meta', async () => {
      const res = await register({ email: uniqueEmail(), password: PASSWORD, role: Role.Tutor });
      expect(res.statusCode).toBe(200);
      expect(res.json().tutor).toMatchObject({ bio: null, activated: false, activatedBy: null, notice: 14 });
    });

    it.each([
      ['invalid-email', { email: 'not-an-email' }],
      ['required', { email: undefined }],
      ['short-password', { password: 'a1!' }],
      ['long-password', { password: `a1!${'b'.repeat(48)}` }],
      ['invalid-password', { password: 'abcdefgh1' }],
      ['user-name-invalid', { name: 'Mona_1' }],
      ['user-name-short', { name: 'M' }],
      ['user-name-long', { name: 'م'.repeat(31) }],
      ['invalid-type', { role: 9 }],
    ])('answers %s and stores nothing', async (code, overrides) => {
      const email = uniqueEmail();
      const res = await register({ email, password: PASSWORD, ...overrides });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      expect(await countByEmail(email)).toBe(0);
    });

    it('keeps the lead source the visitor signed up through, and staff see it on the user', async () => {
      const res = await register({ email: uniqueEmail(), password: PASSWORD, leadSource: 'sfb' });
      expect(res.statusCode).toBe(200);
      const { id } = res.json().user;
      const [row] = await app.db.select().from(users).where(eq(users.id, id));
      expect(row?.leadSource).toBe('sfb');
      const admin = await loginAs(app, Role.RegularAdmin);
      const seen = await app.inject({ method: 'GET', url: `/api/v1/user/${id}`, headers: admin.auth });
      expect(seen.json()).toMatchObject({ id, leadSource: 'sfb' });
      const direct = await register({ email: uniqueEmail(), password: PASSWORD });
      expect(direct.json().user.leadSource).toBeNull();
    });

    it('refuses a lead source that is not one of the six links', async () => {
      const email = uniqueEmail();
      const res = await register({ email, password: PASSWORD, leadSource: 'tv' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid-type');
      expect(await countByEmail(email)).toBe(0);
    });

    it('treats e-mail addresses case-insensitively: user-exists', async () => {
      const email = uniqueEmail();
      expect((await register({ email, password: PASSWORD })).statusCode).toBe(200);
      const again = await register({
        email: email.replace(/^./, (c) => c.toUpperCase()),
        password: PASSWORD,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('user-exists');
    });

    it('lets exactly one of two simultaneous registrations of one e-mail through', async () => {
      const email = uniqueEmail();
      const answers = await Promise.all([
        register({ email, password: PASSWORD }),
        register({ email, password: PASSWORD }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((res) => res.statusCode === 409)?.json().code).toBe('user-exists');
      expect(await countByEmail(email)).toBe(1);
    });

    it('refuses staff roles to anonymous and non-SuperAdmin callers', async () => {
      const email = uniqueEmail();
      const anonymous = await register({ email, password: PASSWORD, role: Role.RegularAdmin });
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.json()).toMatchObject({
        code: 'forbidden',
        message: expect.stringMatching(/another account/),
      });
      const admin = await loginAs(app, Role.RegularAdmin);
      const byAdmin = await register({ email, password: PASSWORD, role: Role.SuperAdmin }, admin.auth);
      expect(byAdmin.statusCode).toBe(403);
      expect(await countByEmail(email)).toBe(0);
    });

    it('lets a SuperAdmin create a staff account, without a token for it', async () => {
      const root = await loginAs(app, Role.SuperAdmin);
      const res = await register(
        { email: uniqueEmail(), password: PASSWORD, role: Role.TutorManager },
        root.auth,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        user: { role: Role.TutorManager },
        tutor: { activated: false },
        token: null,
      });
    });

    it('refuses a bad bearer token rather than registering anonymously', async () => {
      const res = await register({ email: uniqueEmail(), password: PASSWORD }, bearer('garbage'));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    });
  });

  describe('GET /api/v1/user/current', () => {
    it('answers the user and, for tutors, the tutor meta', async () => {
      const student = await loginAs(app, Role.Student);
      const res = await app.inject({ method: 'GET', url: '/api/v1/user/current', headers: student.auth });
      expect(res.json()).toMatchObject({ user: { id: student.user.id, role: Role.Student }, tutor: null });
      const tutor = await loginAs(app, Role.Tutor, {
        tutor: { bio: 'مدرسة لغة إنجليزية للمبتدئين والأطفال' },
      });
      const meta = await app.inject({ method: 'GET', url: '/api/v1/user/current', headers: tutor.auth });
      expect(meta.json().tutor).toMatchObject({
        id: tutor.user.id,
        bio: 'مدرسة لغة إنجليزية للمبتدئين والأطفال',
      });
    });

    it('is 401 unauthenticated without a token, with garbage, or for a deleted user', async () => {
      const ghost = await loginAs(app, Role.Student);
      await app.db.delete(users).where(eq(users.id, ghost.user.id));
      for (const headers of [{}, bearer('nope'), { authorization: 'Basic abc' }, ghost.auth]) {
        const res = await app.inject({ method: 'GET', url: '/api/v1/user/current', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('unauthenticated');
      }
    });
  });

  describe('GET /api/v1/user/{id}', () => {
    it('answers yourself, and anyone to admins', async () => {
      const student = await loginAs(app, Role.Student);
      const self = await app.inject({
        method: 'GET',
        url: `/api/v1/user/${student.user.id}`,
        headers: student.auth,
      });
      expect(self.statusCode).toBe(200);
      expect(self.json()).toMatchObject({
        id: student.user.id,
        email: student.user.email,
        hasPassword: true,
      });
      const admin = await loginAs(app, Role.RegularAdmin);
      const byAdmin = await app.inject({
        method: 'GET',
        url: `/api/v1/user/${student.user.id}`,
        headers: admin.auth,
      });
      expect(byAdmin.statusCode).toBe(200);
    });

    it('is forbidden to a student asking for someone else, even a missing id', async () => {
      const student = await loginAs(app, Role.Student);
      const other = await createUser(app.db);
      for (const id of [other.id, 999_999]) {
        const res = await app.inject({ method: 'GET', url: `/api/v1/user/${id}`, headers: student.auth });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    });

    it('lets a TutorManager read the tutors they interview and those awaiting an interviewer only', async () => {
      const cast = await staffCast();
      const status = async (id: number) =>
        (await app.inject({ method: 'GET', url: `/api/v1/user/${id}`, headers: cast.manager.auth }))
          .statusCode;
      for (const tutor of [cast.interviewed, cast.waiting, cast.rejectedElsewhere, cast.assigned]) {
        expect(await status(tutor.id), tutor.email).toBe(200);
      }
      const read = await app.inject({
        method: 'GET',
        url: `/api/v1/user/${cast.interviewed.id}`,
        headers: cast.manager.auth,
      });
      expect(read.json()).toMatchObject({ id: cast.interviewed.id, email: cast.interviewed.email });
      for (const id of [
        cast.takenElsewhere.id,
        cast.signed.id,
        cast.otherManager.id,
        cast.student.id,
        cast.studio.user.id,
        999_999,
      ]) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/user/${id}`,
          headers: cast.manager.auth,
        });
        expect([res.statusCode, res.json().code], String(id)).toEqual([403, 'forbidden']);
      }
    });

    it('lets a Studio member read their assigned tutors only', async () => {
      const cast = await staffCast();
      const get = (id: number) =>
        app.inject({ method: 'GET', url: `/api/v1/user/${id}`, headers: cast.studio.auth });
      expect((await get(cast.assigned.id)).json()).toMatchObject({ id: cast.assigned.id, phone: null });
      expect((await get(cast.studio.user.id)).statusCode).toBe(200);
      for (const id of [
        cast.waiting.id,
        cast.interviewed.id,
        cast.otherManager.id,
        cast.student.id,
        999_999,
      ]) {
        const res = await get(id);
        expect([res.statusCode, res.json().code], String(id)).toEqual([403, 'forbidden']);
      }
    });

    it('answers user-not-found to admins, bad-request for a bad id, 401 anonymously', async () => {
      const admin = await loginAs(app, Role.SuperAdmin);
      const missing = await app.inject({ method: 'GET', url: '/api/v1/user/999999', headers: admin.auth });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('user-not-found');
      for (const id of ['abc', '0', '99999999999']) {
        const bad = await app.inject({ method: 'GET', url: `/api/v1/user/${id}`, headers: admin.auth });
        expect(bad.statusCode, id).toBe(400);
        expect(bad.json().code).toBe('bad-request');
      }
      expect((await app.inject({ method: 'GET', url: '/api/v1/user/1' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/user/list', () => {
    const list = (query: string, headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/v1/user/list${query}`, headers });

    it('pages and filters by role, verification, governorate and text', async () => {
      const admin = await loginAs(app, Role.RegularAdmin);
      const marker = `زياد${'ا'.repeat(3)}`;
      const alex = await createUser(app.db, {
        name: `${marker} سالم`,
        city: Governorate.Alexandria,
        verifiedEmail: false,
      });
      await createUser(app.db, { name: `${marker} حسن`, city: Governorate.Cairo, phone: '01098765432' });
      const all = await list(`?search=${encodeURIComponent(marker)}`, admin.auth);
      expect(all.statusCode).toBe(200);
      expect(all.json().total).toBe(2);
      const inAlex = await list(
        `?search=${encodeURIComponent(marker)}&city=${Governorate.Alexandria}`,
        admin.auth,
      );
      expect(inAlex.json().list.map((u: { id: number }) => u.id)).toEqual([alex.id]);
      const unverified = await list(`?search=${encodeURIComponent(marker)}&verified=false`, admin.auth);
      expect(unverified.json().total).toBe(1);
      const byPhone = await list('?search=010%209876-5432', admin.auth);
      expect(byPhone.json().list[0].phone).toBe('01098765432');
      const byEmail = await list(`?search=${encodeURIComponent(alex.email.toUpperCase())}`, admin.auth);
      expect(byEmail.json().list.map((u: { id: number }) => u.id)).toEqual([alex.id]);
      const page = await list(`?search=${encodeURIComponent(marker)}&size=1&page=2`, admin.auth);
      expect(page.json()).toMatchObject({ total: 2, list: [{ id: alex.id }] });
      const tutors = await list(`?role=${Role.Tutor}`, admin.auth);
      expect(tutors.json().list.every((u: { role: number }) => u.role === Role.Tutor)).toBe(true);
    });

    it('treats % and _ in the search as plain characters, and never fails on odd input', async () => {
      const admin = await loginAs(app, Role.SuperAdmin);
      const res = await list('?search=%25', admin.auth);
      expect(res.json().total).toBe(0);
      expect((await list('?search=a%00b', admin.auth)).statusCode).toBe(400);
      expect((await list('?page=100000000000000000000', admin.auth)).statusCode).toBeLessThan(500);
    });

    it('limits a TutorManager to the tutors they interview and those awaiting an interviewer', async () => {
      const cast = await staffCast();
      const ids = async (query: string) => {
        const res = await list(`?size=100${query}`, cast.manager.auth);
        expect(res.statusCode).toBe(200);
        return res.json().list.map((u: { id: number }) => u.id) as number[];
      };
      const listed = await ids('');
      expect(listed).toEqual(
        expect.arrayContaining([cast.interviewed.id, cast.waiting.id, cast.rejectedElsewhere.id]),
      );
      for (const hidden of [
        cast.takenElsewhere.id,
        cast.signed.id,
        cast.otherManager.id,
        cast.student.id,
        cast.manager.user.id,
      ]) {
        expect(listed).not.toContain(hidden);
      }
      expect(
        await ids(`&role=${Role.Tutor}&search=${encodeURIComponent(cast.takenElsewhere.email)}`),
      ).toEqual([]);
      expect(await ids(`&search=${encodeURIComponent(cast.interviewed.email)}`)).toEqual([
        cast.interviewed.id,
      ]);
      for (const role of [Role.Student, Role.TutorManager, Role.Studio, Role.SuperAdmin]) {
        const res = await list(`?role=${role}`, cast.manager.auth);
        expect([res.statusCode, res.json().code], String(role)).toEqual([403, 'forbidden']);
      }
    });

    it('limits a Studio member to their assigned tutors', async () => {
      const cast = await staffCast();
      const res = await list('?size=100', cast.studio.auth);
      expect(res.json()).toMatchObject({ total: 1, list: [{ id: cast.assigned.id }] });
      expect((await list(`?role=${Role.Tutor}`, cast.studio.auth)).json().total).toBe(1);
      for (const role of [Role.Student, Role.TutorManager]) {
        expect((await list(`?role=${role}`, cast.studio.auth)).json().code).toBe('forbidden');
      }
      // Admins still list everyone of the cast.
      const admin = await loginAs(app, Role.RegularAdmin);
      const all = await list(`?size=100&role=${Role.Tutor}`, admin.auth);
      expect(all.json().list.map((u: { id: number }) => u.id)).toEqual(
        expect.arrayContaining([cast.takenElsewhere.id, cast.signed.id, cast.assigned.id]),
      );
    });

    it('is forbidden to students and tutors, 401 anonymously, 400 on a bad query', async () => {
      for (const role of [Role.Student, Role.Tutor]) {
        const caller = await loginAs(app, role);
        const res = await list('', caller.auth);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
      expect((await list('', {})).statusCode).toBe(401);
      const admin = await loginAs(app, Role.SuperAdmin);
      expect((await list('?size=500', admin.auth)).json().code).toBe('bad-request');
      expect((await list('?role=8', admin.auth)).json().code).toBe('invalid-type');
    });
  });

  describe('PUT /api/v1/user/{id}', () => {
    const put = (id: number, payload: unknown, headers: Record<string, string>) =>
      app.inject({ method: 'PUT', url: `/api/v1/user/${id}`, payload: payload as object, headers });

    it('changes your own profile; a new phone is unverified', async () => {
      const me = await loginAs(app, Role.Student, { phone: '01012345678', verifiedPhone: true });
      const res = await put(
        me.user.id,
        {
          name: 'Mona Ali',
          birthYear: 2000,
          gender: 'female',
          city: Governorate.Giza,
          phone: '+20 11 1234 5678',
          notificationMethod: MessagingApp.Telegram,
        },
        me.auth,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        name: 'Mona Ali',
        birthYear: 2000,
        gender: 'female',
        city: Governorate.Giza,
        phone: '01112345678',
        verifiedPhone: false,
        notificationMethod: MessagingApp.Telegram,
      });
      expect(res.json().token).toBeUndefined();
    });

    it.each([
      ['user-name-invalid', { name: '<b>x</b>' }],
      ['old-user', { birthYear: 1900 }],
      ['young-user', { birthYear: new Date().getFullYear() - 3 }],
      ['invalid-phone', { phone: '0131234567' }],
      ['invalid-type', { city: 31 }],
      ['empty-request', {}],
      ['bad-request', { image: 'x.png' }],
    ])('answers %s and changes nothing', async (code, payload) => {
      const me = await loginAs(app, Role.Student);
      const res = await put(me.user.id, payload, me.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      const [row] = await app.db.select().from(users).where(eq(users.id, me.user.id));
      expect(row).toMatchObject({ name: me.user.name, birthYear: null, phone: null, city: null });
    });

    it.each([
      ['bio-empty', { bio: '   ' }],
      ['bio-short', { bio: 'مدرس' }],
      ['bio-long', { bio: 'م'.repeat(61) }],
      ['bio-invalid', { bio: 'Call me on 01012345678 for cheap lessons' }],
      ['tutor-about-short', { about: 'قصير' }],
      ['tutor-about-long', { about: 'a'.repeat(1001) }],
      ['notice-invalid', { notice: 0 }],
      ['notice-max-exceeded', { notice: 61 }],
    ])('answers %s to a tutor and changes nothing', async (code, payload) => {
      const tutor = await loginAs(app, Role.Tutor);
      const res = await put(tutor.user.id, payload, tutor.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      const [row] = await app.db.select().from(tutors).where(eq(tutors.userId, tutor.user.id));
      expect(row).toMatchObject({ bio: null, about: null, notice: 14 });
    });

    it('saves a tutor’s bio, about and notice', async () => {
      const tutor = await loginAs(app, Role.Tutor);
      const about = 'أدرّس الإنجليزية منذ عشر سنوات للكبار والصغار، وأركّز على المحادثة والنطق.';
      const res = await put(
        tutor.user.id,
        { bio: 'مدرسة لغة إنجليزية للمبتدئين والأطفال', about, notice: 30 },
        tutor.auth,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().tutor).toMatchObject({
        bio: 'مدرسة لغة إنجليزية للمبتدئين والأطفال',
        about,
        notice: 30,
      });
    });

    it('refuses tutor fields to a student', async () => {
      const me = await loginAs(app, Role.Student);
      const res = await put(me.user.id, { notice: 10 }, me.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bad-request');
    });

    it('never lets a user raise their own role or activate or verify themself', async () => {
      for (const role of [Role.Student, Role.Tutor, Role.RegularAdmin, Role.SuperAdmin]) {
        const me = await loginAs(app, role, { verifiedEmail: false });
        for (const payload of [{ role: Role.SuperAdmin }, { verifiedEmail: true }, { activated: true }]) {
          const res = await put(me.user.id, payload, me.auth);
          expect(res.statusCode, `${role} ${JSON.stringify(payload)}`).toBe(403);
          expect(res.json().code).toBe('forbidden');
        }
        const [row] = await app.db.select().from(users).where(eq(users.id, me.user.id));
        expect(row).toMatchObject({ role, verifiedEmail: false });
      }
    });

    it('forbids a student or tutor to change someone else', async () => {
      const other = await createUser(app.db, { name: 'Old Name' });
      for (const role of [Role.Student, Role.Tutor, Role.TutorManager, Role.Studio]) {
        const caller = await loginAs(app, role);
        const res = await put(other.id, { name: 'Hacked Name' }, caller.auth);
        expect(res.statusCode).toBe(403);
      }
      const [row] = await app.db.select().from(users).where(eq(users.id, other.id));
      expect(row?.name).toBe('Old Name');
    });

    it('lets an admin activate a tutor and verify an e-mail', async () => {
      const admin = await loginAs(app, Role.RegularAdmin);
      const tutor = await createUser(app.db, { role: Role.Tutor, verifiedEmail: false });
      const res = await put(tutor.id, { activated: true, verifiedEmail: true }, admin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        user: { verifiedEmail: true },
        tutor: { activated: true, activatedBy: admin.user.id },
      });
      const off = await put(tutor.id, { activated: false }, admin.auth);
      expect(off.json().tutor).toMatchObject({ activated: false, activatedBy: null });
    });

    it('lets only a SuperAdmin change roles, and a RegularAdmin not touch a SuperAdmin', async () => {
      const student = await createUser(app.db);
      const regular = await loginAs(app, Role.RegularAdmin);
      expect((await put(student.id, { role: Role.Tutor }, regular.auth)).statusCode).toBe(403);
      const root = await loginAs(app, Role.SuperAdmin);
      const promoted = await put(student.id, { role: Role.Tutor }, root.auth);
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ user: { role: Role.Tutor }, tutor: { activated: false } });
      expect((await put(root.user.id, { name: 'Renamed Root' }, regular.auth)).statusCode).toBe(403);
    });

    it('answers user-not-found to an admin changing a missing user', async () => {
      const admin = await loginAs(app, Role.SuperAdmin);
      const res = await put(999_999, { name: 'Nobody Here' }, admin.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('user-not-found');
    });

    it('is 401 anonymously', async () => {
      const other = await createUser(app.db);
      expect((await put(other.id, { name: 'Anon Name' }, {})).statusCode).toBe(401);
    });

    describe('password change', () => {
      it('needs the current password: wrong-password', async () => {
        const me = await loginAs(app, Role.Student);
        for (const password of [{ current: 'wrong-one-1', new: PASSWORD }, { new: PASSWORD }]) {
          const res = await put(me.user.id, { password }, me.auth);
          expect(res.statusCode).toBe(400);
          expect(res.json().code).toBe('wrong-password');
        }
      });

      it('checks the new password’s rules', async () => {
        const me = await loginAs(app, Role.Student);
        const res = await put(me.user.id, { password: { current: TEST_PASSWORD, new: 'short' } }, me.auth);
        expect(res.json().code).toBe('short-password');
      });

      it('ends every earlier token and answers a new one', async () => {
        const me = await loginAs(app, Role.Student);
        const otherDevice = await app.sessions.issue(me.user);
        const res = await put(me.user.id, { password: { current: TEST_PASSWORD, new: PASSWORD } }, me.auth);
        expect(res.statusCode).toBe(200);
        const { token } = res.json();
        expect(token).toEqual(expect.any(String));
        for (const old of [me.token, otherDevice]) {
          expect(
            (await app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(old) }))
              .statusCode,
          ).toBe(401);
        }
        expect(
          (await app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) }))
            .statusCode,
        ).toBe(200);
        const login = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/password',
          payload: { email: me.user.email, password: PASSWORD },
        });
        expect(login.statusCode).toBe(200);
      });

      it('lets a Google-only account set a first password without a current one', async () => {
        const me = await loginAs(app, Role.Student, { password: null, googleSub: `g-${Date.now()}` });
        const res = await put(me.user.id, { password: { new: PASSWORD } }, me.auth);
        expect(res.statusCode).toBe(200);
        expect(res.json().user.hasPassword).toBe(true);
      });

      it('is yours only: an admin cannot set another user’s password', async () => {
        const admin = await loginAs(app, Role.SuperAdmin);
        const other = await createUser(app.db);
        expect((await put(other.id, { password: { new: PASSWORD } }, admin.auth)).statusCode).toBe(403);
      });
    });
  });

  describe('GET /api/v1/user/tutor/meta/{id}', () => {
    const meta = (id: number, headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/v1/user/tutor/meta/${id}`, headers });

    it('answers an activated tutor’s meta to anyone signed in', async () => {
      const tutor = await createUser(app.db, { role: Role.Tutor, tutor: { activated: true, notice: 21 } });
      const student = await loginAs(app, Role.Student);
      const res = await meta(tutor.id, student.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: tutor.id,
        bio: null,
        about: null,
        video: null,
        thumbnail: null,
        activated: true,
        activatedBy: null,
        notice: 21,
        interviewSignedAt: null,
      });
    });

    it('hides a tutor not yet activated from students, not from themself or staff', async () => {
      const tutor = await loginAs(app, Role.Tutor);
      const student = await loginAs(app, Role.Student);
      const hidden = await meta(tutor.user.id, student.auth);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().code).toBe('tutor-not-found');
      expect((await meta(tutor.user.id, tutor.auth)).statusCode).toBe(200);
      // Staff who may read them (decision 0045): admins, their Studio member, a TutorManager while the
      // tutor awaits an interviewer; not another Studio member.
      const studio = await loginAs(app, Role.Studio);
      const otherStudio = await loginAs(app, Role.Studio);
      await app.db.update(tutors).set({ studioId: studio.user.id }).where(eq(tutors.userId, tutor.user.id));
      expect((await meta(tutor.user.id, studio.auth)).statusCode).toBe(200);
      expect((await meta(tutor.user.id, otherStudio.auth)).json().code).toBe('tutor-not-found');
      expect((await meta(tutor.user.id, (await loginAs(app, Role.TutorManager)).auth)).statusCode).toBe(200);
      expect((await meta(tutor.user.id, (await loginAs(app, Role.RegularAdmin)).auth)).statusCode).toBe(200);
      const manager = await loginAs(app, Role.TutorManager);
      await interview(
        (await createUser(app.db, { role: Role.TutorManager })).id,
        tutor.user.id,
        InterviewStatus.Pending,
      );
      expect((await meta(tutor.user.id, manager.auth)).json().code).toBe('tutor-not-found');
    });

    it('is loaded only for Tutor and TutorManager users', async () => {
      const admin = await loginAs(app, Role.SuperAdmin);
      const manager = await createUser(app.db, { role: Role.TutorManager });
      expect((await meta(manager.id, admin.auth)).statusCode).toBe(200);
      for (const id of [admin.user.id, (await createUser(app.db)).id, 999_999]) {
        const res = await meta(id, admin.auth);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('tutor-not-found');
      }
    });

    it('is 401 anonymously', async () => {
      const tutor = await createUser(app.db, { role: Role.Tutor, tutor: { activated: true } });
      expect((await meta(tutor.id, {})).statusCode).toBe(401);
    });
  });

  it('keeps role and governorate inside their ranges in the database too', async () => {
    await expect(
      app.db.execute(sql`update users set role = 7 where id = (select min(id) from users)`),
    ).rejects.toThrow();
    await expect(
      app.db.execute(sql`update users set city = 0 where id = (select min(id) from users)`),
    ).rejects.toThrow();
  });
});
