import {
  LESSON_BOOKED_EVENT,
  LESSON_REMINDER_EVENT,
  type LessonEvent,
  type LessonReminderEvent,
  Role,
  TUTORS_CACHE_EVENT,
} from '@hiwar/domain';
import { describe, expect, inject, it } from 'vitest';
import { createLessonReminders } from '../modules/lessons/lesson-reminders.service.ts';
import { buildScaledOutApps } from '../testing/app.ts';
import { createSlot, createSubscription, loginAs, loginAsListedTutor } from '../testing/factories.ts';
import { listenForSockets, record } from '../testing/sockets.ts';

const redisUrl = inject('redisUrl');
const HOUR = 3_600_000;

/**
 * The deployment of architecture §1: `api,realtime` instances hold the sockets, a separate instance
 * without the realtime role (here `api,worker`) books lessons, sends reminders and revokes sessions;
 * what it tells users travels through Redis to the instance their socket is on.
 */
describe.skipIf(!redisUrl)('sends from an instance without the realtime role (TEST_REDIS_URL)', async () => {
  const [front, worker] = await buildScaledOutApps(redisUrl, [
    { roles: ['api', 'realtime'] },
    { roles: ['api', 'worker'] },
  ]);
  const sockets = await listenForSockets(front);

  it('has no socket server of its own, only the Redis broadcast', () => {
    expect(worker.realtime).toBeNull();
    expect(worker.broadcast).not.toBeNull();
  });

  it('brings a booking, its tutors-list announcement and its reminder to sockets on the other instance', async () => {
    const tutor = await loginAsListedTutor(worker);
    const student = await loginAs(worker, Role.Student);
    await createSubscription(worker.db, student.user.id, { start: new Date(Date.now() - 24 * HOUR) });
    const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR);
    await createSlot(worker.db, tutor.user.id, start, new Date(start.getTime() + 2 * HOUR));

    const studentSocket = await sockets.connectAs(student.user.id);
    const tutorSocket = await sockets.connectAs(tutor.user.id);
    const booked = record<LessonEvent>(tutorSocket, LESSON_BOOKED_EVENT);
    const announced = record(studentSocket, TUTORS_CACHE_EVENT);
    const reminded = record<LessonReminderEvent>(studentSocket, LESSON_REMINDER_EVENT);

    const res = await worker.inject({
      method: 'POST',
      url: '/api/v1/lesson/',
      headers: student.auth,
      payload: { tutorId: tutor.user.id, start: start.toISOString(), duration: 30 },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => booked.map((event) => event.lesson.id)).toEqual([res.json().id]);
    await expect.poll(() => announced.length).toBeGreaterThan(0);

    const reminders = createLessonReminders(worker);
    await reminders.sendDue(new Date(start.getTime() - 24 * HOUR));
    await expect.poll(() => reminded).toMatchObject([{ kind: 'day', lesson: { id: res.json().id } }]);
  });

  it('closes a revoked user’s sockets on the other instance', async () => {
    const student = await loginAs(worker, Role.Student);
    const socket = await sockets.connectAs(student.user.id);
    expect(socket.connected).toBe(true);
    await worker.sessions.revoke(student.user.id);
    await expect.poll(() => socket.connected).toBe(false);
  });
});
