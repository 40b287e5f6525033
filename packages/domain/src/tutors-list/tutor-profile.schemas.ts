import { z } from 'zod';
import { Gender, Role } from '../enums/user.enums.ts';
import { LessonSchema } from '../lessons/lesson.schemas.ts';
import { TutorCardSchema } from './tutors-list.schemas.ts';

/**
 * A tutor's profile page and dashboards (spec §7 `GET /api/v1/user/tutor/info/{id}`, `/tutor/stats/…`,
 * `/tutor/activity/{id}`, `/student/stats/…`), and the socket event telling clients the tutors list
 * changed.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();

/**
 * `GET /api/v1/user/tutor/info/{id}`: the card plus the profile tab. Anyone sees a listed tutor; the
 * tutor themself and staff also see one not listed yet (`listed` false, fields possibly missing).
 */
export const TutorInfoSchema = /* @__PURE__ */ TutorCardSchema.extend({
  name: z.string().nullable(),
  image: z.string().nullable(),
  gender: z.enum(Gender).nullable(),
  bio: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
  about: z.string().nullable(),
  listed: z.boolean(),
});

/** `GET /api/v1/user/tutor/stats/{id}`: public figures of a tutor's profile. */
export const TutorStatsSchema = z.object({
  tutorId: z.number().int().positive(),
  /** Lessons given (ended, not cancelled). */
  lessonCount: count,
  /** Different students taught. */
  studentCount: count,
  minutesTaught: count,
  rating: z.number().min(0).max(5).nullable(),
  ratingCount: count,
});

/**
 * `GET /api/v1/user/tutor/stats/personalized`: the signed-in tutor's dashboard: the public figures,
 * lessons to come, cancellations and earnings (piasters; credited when a lesson is given).
 */
export const TutorPersonalStatsSchema = /* @__PURE__ */ TutorStatsSchema.extend({
  upcomingLessons: count,
  canceledByTutor: count,
  canceledByStudent: count,
  /** Earnings of lessons given, ever and in the current calendar month (Cairo). */
  earnings: z.object({ total: count, thisMonth: count }),
  nextLesson: /* @__PURE__ */ LessonSchema.nullable(),
});

/** One local date of a tutor's activity. */
export const ActivityDaySchema = z.object({ date: z.string(), lessons: count, minutes: count });

/**
 * `GET /api/v1/user/tutor/activity/{id}` (the tutor, staff): lessons given per local date over the
 * last 12 weeks (dates without lessons left out), with the tutor's last lesson and cancellations.
 */
export const TutorActivitySchema = z.object({
  tutorId: z.number().int().positive(),
  role: z.union([z.literal(Role.Tutor), z.literal(Role.TutorManager)]),
  from: isoDateTime,
  to: isoDateTime,
  days: z.array(ActivityDaySchema),
  lastLessonAt: /* @__PURE__ */ isoDateTime.nullable(),
  canceledByTutor: count,
  memberSince: isoDateTime,
});

/** `GET /api/v1/user/student/stats/{id}` (the student, admins) and `/student/stats/personalized`. */
export const StudentStatsSchema = z.object({
  studentId: z.number().int().positive(),
  /** Lessons taken (ended, not cancelled). */
  lessonCount: count,
  minutesLearned: count,
  tutorCount: count,
  upcomingLessons: count,
  canceledLessons: count,
  /** Cancelled by the student too late to get the minutes back. */
  lateCancellations: count,
  ratingsGiven: count,
  nextLesson: /* @__PURE__ */ LessonSchema.nullable(),
});

export const TutorsCacheEventSchema = z.object({
  reason: z.enum(['profile', 'topics', 'availability', 'lessons', 'ratings', 'flush', 'settings']),
  at: isoDateTime,
});

/** `DELETE /api/v1/cache/flush` (SuperAdmin, RegularAdmin). */
export const FlushCacheResponseSchema = z.object({ ok: z.literal(true), flushedAt: isoDateTime });

export type TutorInfo = z.infer<typeof TutorInfoSchema>;
export type TutorStats = z.infer<typeof TutorStatsSchema>;
export type TutorPersonalStats = z.infer<typeof TutorPersonalStatsSchema>;
export type ActivityDay = z.infer<typeof ActivityDaySchema>;
export type TutorActivity = z.infer<typeof TutorActivitySchema>;
export type StudentStats = z.infer<typeof StudentStatsSchema>;
export type TutorsCacheEvent = z.infer<typeof TutorsCacheEventSchema>;
export type FlushCacheResponse = z.infer<typeof FlushCacheResponseSchema>;
