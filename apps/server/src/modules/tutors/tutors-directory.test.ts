import { FindOnboardedTutorsQuerySchema, Role, toLocalDate } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { platformSettings, users } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import {
  createLesson,
  createSlot,
  createSubscription,
  loginAs,
  loginAsListedTutor,
} from '../../testing/factories.ts';
import { at, DAY, HOUR, MINUTE, T0 } from '../../testing/time.ts';
import { createDirectoryKeeper } from './directory-keeper.ts';

type Auth = { authorization: string };

/** A small deterministic generator (mulberry32): a failing sequence is replayed by its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('the tutor directory under writes', async () => {
  const { app } = await buildTestApp({ deps: { clock: () => T0 } });
  const admin = await loginAs(app, Role.RegularAdmin);
  await app.db.insert(platformSettings).values({ key: 'maxUpcomingLessonsPerStudent', value: 5 });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    auth?: Auth,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      ...(auth ? { headers: auth } : {}),
      ...(payload ? { payload } : {}),
    });
  async function newTopic(nameEn: string, nameAr: string) {
    return (await call('POST', '/topic/', admin.auth, { nameAr, nameEn })).json() as { id: number };
  }

  it('re-reads only the tutor a change touched', async () => {
    const marker = await newTopic('Only touched', 'الملموس فقط');
    const [a, b] = [
      await loginAsListedTutor(app, { name: 'الأول' }),
      await loginAsListedTutor(app, { name: 'الثاني' }),
    ];
    for (const tutor of [a, b]) {
      await call('POST', '/topic/of/user', tutor.auth, { topicId: marker.id });
    }
    const names = async () =>
      (
        (await call('GET', `/user/tutor/list/onboarded?topics=${marker.id}&sort=newest`)).json() as {
          list: Array<{ name: string }>;
        }
      ).list.map((card) => card.name);
    expect(await names()).toEqual(['الثاني', 'الأول']);

    // B changes behind the server's back; A through the API: only A is read again.
    await app.db.update(users).set({ name: 'من الخلف' }).where(eq(users.id, b.user.id));
    const renamed = await call('PUT', `/user/${a.user.id}`, a.auth, { name: 'الأول الجديد' });
    expect(renamed.statusCode).toBe(200);
    expect(await names()).toEqual(['الثاني', 'الأول الجديد']);

    // A change of B's own (a topic) reads B.
    const other = await newTopic('Another topic', 'موضوع آخر');
    await call('POST', '/topic/of/user', b.auth, { topicId: other.id });
    expect(await names()).toEqual(['من الخلف', 'الأول الجديد']);
  });

  it('reads everything again once a minute old, answering from the old directory meanwhile', async () => {
    const marker = await newTopic('Aging', 'التقادم');
    const tutor = await loginAsListedTutor(app, { name: 'قبل دقيقة' });
    await call('POST', '/topic/of/user', tutor.auth, { topicId: marker.id });
    let wall = 0;
    const keeper = createDirectoryKeeper({
      db: app.db,
      files: app.files,
      clock: app.clock,
      log: app.log,
      ttlMs: 60_000,
      now: () => wall,
    });
    const query = FindOnboardedTutorsQuerySchema.parse({ topics: String(marker.id) });
    const name = async () =>
      (JSON.parse((await keeper.directory()).page(query).text) as { list: Array<{ name: string }> }).list[0]!
        .name;
    expect(await name()).toBe('قبل دقيقة');

    await app.db.update(users).set({ name: 'بعد دقيقة' }).where(eq(users.id, tutor.user.id));
    wall += 59_000;
    expect(await name()).toBe('قبل دقيقة');
    await keeper.idle();
    expect(await name()).toBe('قبل دقيقة');
    wall += 2_000;
    // Past its age: this answer still comes from the old directory, and a new one is read behind it.
    expect(await name()).toBe('قبل دقيقة');
    await keeper.idle();
    expect(await name()).toBe('بعد دقيقة');
  });

  it('after a random sequence of writes, answers exactly as a directory built afresh', async () => {
    const next = random(16);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const topics = [
      await newTopic('Random conversation', 'محادثة عشوائية'),
      await newTopic('Random grammar', 'قواعد عشوائية'),
      await newTopic('Random business', 'أعمال عشوائية'),
    ];
    const names = ['أحمد علي', 'Karim Hassan', 'فاطمة الزهراء', 'Mona Adel', 'إيمان مصطفى', 'Omar Said'];
    type Tutor = Awaited<ReturnType<typeof loginAsListedTutor>> & {
      windows: Array<{ id: number; start: Date }>;
    };
    type Student = Awaited<ReturnType<typeof loginAs>> & { tutor: Tutor };
    const tutors: Tutor[] = [];
    for (const [i, name] of names.entries()) {
      const tutor = await loginAsListedTutor(app, { name, gender: i % 2 === 0 ? 'male' : 'female' });
      // Windows on the next three days at different hours (Cairo is UTC+2 in March).
      const windows = [];
      for (let day = 1; day <= 3; day++) {
        const start = at(day * DAY + (i - 2) * HOUR);
        windows.push(await createSlot(app.db, tutor.user.id, start, new Date(start.getTime() + 3 * HOUR)));
      }
      await call('POST', '/topic/of/user', tutor.auth, { topicId: topics[i % 3]!.id });
      tutors.push({
        ...tutor,
        windows: windows.map((window) => ({ id: window.id, start: window.startsAt })),
      });
    }
    const students: Student[] = [];
    for (let i = 0; i < 5; i++) {
      const student = await loginAs(app, Role.Student);
      await createSubscription(app.db, student.user.id, { start: at(-DAY), weeklyMinutes: 600 });
      // A lesson given yesterday, so the student may rate that tutor.
      await createLesson(app.db, {
        tutorId: tutors[i]!.user.id,
        studentId: student.user.id,
        start: at(-(i + 2) * HOUR),
      });
      students.push({ ...student, tutor: tutors[i]! });
    }
    const booked: Array<{ id: number; student: (typeof students)[number]; tutor: (typeof tutors)[number] }> =
      [];
    const ratings = new Map<number, number>();

    const aStart = (tutor: Tutor) => {
      const window = pick(tutor.windows);
      return new Date(window.start.getTime() + Math.floor(next() * 10) * 15 * MINUTE).toISOString();
    };
    const writes: Array<() => Promise<unknown>> = [
      async () => {
        const student = pick(students);
        const tutor = pick(tutors);
        const res = await call('POST', '/lesson/', student.auth, {
          tutorId: tutor.user.id,
          start: aStart(tutor),
          duration: pick([15, 30]),
        });
        if (res.statusCode === 200) {
          booked.push({ id: res.json().id, student, tutor });
        }
      },
      async () => {
        const lesson = booked.splice(Math.floor(next() * booked.length), 1)[0];
        if (lesson) {
          await call('DELETE', `/lesson/${lesson.id}`, lesson.student.auth);
        }
      },
      async () => {
        const lesson = booked.length > 0 ? pick(booked) : undefined;
        if (lesson) {
          await call('PATCH', '/lesson/', lesson.student.auth, {
            id: lesson.id,
            start: aStart(lesson.tutor),
          });
        }
      },
      async () => {
        const student = pick(students);
        const known = ratings.get(student.user.id);
        if (known === undefined) {
          const res = await call('POST', '/rating/', student.auth, {
            rateeId: student.tutor.user.id,
            value: 1 + Math.floor(next() * 5),
          });
          ratings.set(student.user.id, res.json().id);
        } else if (next() < 0.5) {
          await call('PUT', `/rating/${known}`, student.auth, { value: 1 + Math.floor(next() * 5) });
        } else {
          await call('DELETE', `/rating/${known}`, student.auth);
          ratings.delete(student.user.id);
        }
      },
      async () => {
        const tutor = pick(tutors);
        await call(next() < 0.6 ? 'POST' : 'DELETE', '/topic/of/user', tutor.auth, {
          topicId: pick(topics).id,
        });
      },
      async () => {
        const tutor = pick(tutors);
        if (next() < 0.5) {
          const start = at((4 + Math.floor(next() * 3)) * DAY + Math.floor(next() * 8) * HOUR);
          const res = await call('POST', '/availability-slot/', tutor.auth, {
            create: [{ start: start.toISOString(), end: new Date(start.getTime() + 2 * HOUR).toISOString() }],
          });
          const saved: Array<{ id: number; start: string }> = res.statusCode === 200 ? res.json().list : [];
          for (const window of saved) {
            if (!tutor.windows.some((known) => known.id === window.id)) {
              tutor.windows.push({ id: window.id, start: new Date(window.start) });
            }
          }
        } else if (tutor.windows.length > 1) {
          const [window] = tutor.windows.splice(Math.floor(next() * tutor.windows.length), 1);
          await call('POST', '/availability-slot/', tutor.auth, {
            delete: [window!.id],
            cancelLessons: true,
          });
        }
      },
      async () => {
        const tutor = pick(tutors);
        const change = pick([
          { name: `${pick(names)} ${pick(['الجديد', 'الثاني', 'Junior'])}` },
          { gender: pick(['male', 'female']) },
          { bio: `مدرس ${pick(['محادثة', 'قواعد', 'نطق'])} بخبرة طويلة في التدريس للكبار والصغار` },
        ]);
        await call('PUT', `/user/${tutor.user.id}`, tutor.auth, change);
      },
      async () => {
        // Staff take a tutor out of the list, or put them back.
        await call('PUT', `/user/${pick(tutors).user.id}`, admin.auth, { activated: next() < 0.5 });
      },
    ];

    const day = (offset: number) => toLocalDate(at(offset * DAY));
    const queries = [
      'size=100',
      'size=100&gender=male',
      `size=100&topics=${topics[0]!.id}`,
      `size=100&topics=${topics[1]!.id},${topics[2]!.id}&gender=female`,
      'size=100&search=احمد',
      'size=100&search=karim',
      'size=100&search=محادثه',
      'size=100&time=morning',
      'size=100&time=evening',
      `size=100&day=${day(1)}`,
      `size=100&day=${day(2)}&time=afternoon`,
      `size=100&day=${day(5)}`,
      'size=2&page=2',
      'size=3&page=1',
      'size=3&page=4&gender=male',
      'size=2&page=3&time=morning',
    ].flatMap((query) => ['rating', 'lessons', 'newest'].map((sort) => `${query}&sort=${sort}`));
    const answers = async () => {
      const texts: string[] = [];
      for (const query of queries) {
        const res = await call('GET', `/user/tutor/list/onboarded?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        texts.push(res.body);
      }
      return texts;
    };
    const fresh = async () => {
      const keeper = createDirectoryKeeper({ db: app.db, files: app.files, clock: app.clock, log: app.log });
      const directory = await keeper.directory();
      return queries.map(
        (query) =>
          directory.page(FindOnboardedTutorsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))))
            .text,
      );
    };

    // The windows and given lessons above went straight into the database: start from them.
    await call('DELETE', '/cache/flush', admin.auth);
    expect(await answers()).toEqual(await fresh());
    for (let step = 1; step <= 80; step++) {
      await pick(writes)();
      // The pages are asked for after every write, so each later write meets pages it must drop.
      const seen = await answers();
      if (step % 8 === 0) {
        const expected = await fresh();
        const differing = queries.findIndex((_, i) => seen[i] !== expected[i]);
        if (differing >= 0) {
          console.log(
            'DEBUG',
            step,
            queries[differing],
            '\nSEEN',
            seen[differing],
            '\nFRESH',
            expected[differing],
          );
        }
        expect(seen, `after write ${step}`).toEqual(expected);
      }
    }
    // The sequence did reach the parts it is meant to exercise.
    expect(booked.length + ratings.size).toBeGreaterThan(0);
  });
});
