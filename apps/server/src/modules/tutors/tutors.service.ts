import {
  AppError,
  AvailableWhen,
  addLocalDays,
  BOUNDS,
  bookableTimes,
  bookingHorizon,
  earliestBookableStart,
  freeTimesSpan,
  type Gender,
  groupFreeTimes,
  type Lesson,
  localDayRange,
  PRODUCT_TIMEZONE,
  Role,
  restOfToday,
  type StudentStats,
  type TutorActivity,
  type TutorFreeTimes,
  type TutorInfo,
  type TutorPersonalStats,
  type TutorStats,
  toLocalDate,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import { forbidden, isAdmin } from '../../core/auth.ts';
import type { EncodedBody } from '../../core/encoded-body.ts';
import type { Database } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { findSlotsOfTutors } from '../availability/availability.repository.ts';
import { findBusyIntervalsOfTutors, findLessonViews } from '../lessons/lessons.repository.ts';
import { toLesson } from '../lessons/lessons.service.ts';
import { readPlatformSettings } from '../settings/platform-settings.repository.ts';
import { findTopicsOfUsers } from '../topics/topics.repository.ts';
import { toTopic } from '../topics/topics.service.ts';
import { mayReadUser } from '../users/staff-reach.ts';
import { findTutorUser, findUserById, type UserRow } from '../users/users.repository.ts';
import { type DirectoryQuery, GRID_MS } from './directory.ts';
import { createDirectoryKeeper } from './directory-keeper.ts';
import { startsBetween } from './free-times.ts';
import { isListed } from './tutor-listing.ts';
import {
  countGivenLessons,
  countRatingsGiven,
  findNextLessonId,
  givenLessonsByDate,
  lastGivenLessonAt,
  type TutorUserRow,
  tallyLessons,
} from './tutors.repository.ts';
import type { TutorsCache } from './tutors-cache.ts';

export type TutorsDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  clock: () => Date;
  tutorsCache: TutorsCache;
  log: FastifyBaseLogger;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The tutors list (from this instance's directory, kept current by the `TutorsCache`'s changes),
 * tutor profiles and the dashboards' figures.
 */
export function createTutorsService(deps: TutorsDeps) {
  const { db, files, clock, tutorsCache } = deps;
  const url = (name: string | null) => (name ? files.uploadUrl(name) : null);
  const directory = createDirectoryKeeper({ db, files, clock, log: deps.log });
  tutorsCache.onChange((change) => directory.changed(change));

  /** A tutor's profile at `now`, with the first start bookable then (30 minutes). */
  async function profile({ user, tutor }: TutorUserRow, now: Date): Promise<TutorInfo> {
    const ids = [user.id];
    const settings = await readPlatformSettings(db);
    const reach = {
      start: earliestBookableStart(now, settings.bookingLeadMinutes),
      end: bookingHorizon(now, BOUNDS.noticeDays.max),
    };
    const [topicsOf, given, windowsOf, busyOf] = await Promise.all([
      findTopicsOfUsers(db, ids),
      countGivenLessons(db, ids, now),
      findSlotsOfTutors(db, ids, reach),
      findBusyIntervalsOfTutors(db, ids, reach),
    ]);
    const options = { leadMinutes: settings.bookingLeadMinutes, noticeDays: tutor.notice };
    const [next] = bookableTimes(windowsOf.get(user.id) ?? [], busyOf.get(user.id) ?? [], 30, now, options);
    const counts = given.get(user.id);
    return {
      id: user.id,
      role: user.role === Role.TutorManager ? Role.TutorManager : Role.Tutor,
      name: user.name,
      image: url(user.image),
      gender: user.gender as Gender | null,
      bio: tutor.bio,
      about: tutor.about,
      topics: (topicsOf.get(user.id) ?? []).map(toTopic),
      rating: tutor.ratingCount > 0 ? round2(tutor.ratingSum / tutor.ratingCount) : null,
      ratingCount: tutor.ratingCount,
      lessonCount: counts?.lessons ?? 0,
      studentCount: counts?.students ?? 0,
      notice: tutor.notice,
      video: url(tutor.video),
      thumbnail: url(tutor.thumbnail),
      nextAvailableAt: next?.toISOString() ?? null,
      listed: isListed(user, tutor),
    };
  }

  /**
   * A tutor-like user the caller may see: listed ones for all; any other for themself and staff who
   * may read them (decision 0045: admins, their Studio member, a TutorManager interviewing them or
   * while they await an interviewer).
   */
  async function visibleTutor(id: number, caller: UserRow | null): Promise<TutorUserRow> {
    const found = await findTutorUser(db, id);
    if (
      !found ||
      !(isListed(found.user, found.tutor) || (caller !== null && (await mayReadUser(db, caller, id))))
    ) {
      throw new AppError('tutor-not-found');
    }
    return found;
  }

  async function nextLesson(
    member: { tutorId: number } | { studentId: number },
    now: Date,
  ): Promise<Lesson | null> {
    const id = await findNextLessonId(db, member, now);
    const [view] = id === null ? [] : await findLessonViews(db, [id]);
    return view ? toLesson(view, files, now) : null;
  }

  /** The first instant of the current calendar month in Cairo. */
  const monthStart = (now: Date) => localDayRange(`${toLocalDate(now).slice(0, 7)}-01`).start;

  async function publicStats(
    row: TutorUserRow,
    now: Date,
  ): Promise<TutorStats & { tallied: Awaited<ReturnType<typeof tallyLessons>> }> {
    const tallied = await tallyLessons(db, { tutorId: row.user.id }, now, monthStart(now));
    return {
      tutorId: row.user.id,
      lessonCount: tallied.given,
      studentCount: tallied.partners,
      minutesTaught: tallied.minutes,
      rating: row.tutor.ratingCount > 0 ? round2(row.tutor.ratingSum / row.tutor.ratingCount) : null,
      ratingCount: row.tutor.ratingCount,
      tallied,
    };
  }

  return {
    /**
     * `GET /user/tutor/list/onboarded`: a page of listed tutors as a JSON body. Filters: search (names,
     * bio, topic names, normalised and tolerating a typo), any of `topics`, gender, and a bookable start
     * on `day` / in the part of the day `time` (Cairo). Sorted by rating, lessons given or newest.
     * Remembered for `url`, which `peekOnboarded` then answers until a change touches the page.
     */
    async listOnboarded(query: DirectoryQuery, requestUrl?: string): Promise<EncodedBody> {
      const { directory: current, leadMinutes } = await directory.withLead();
      let asked = query;
      let until: number | undefined;
      if (query.available === AvailableWhen.Today) {
        // Today at this request: its date and its first grid start bookable now. The URL means that
        // selection until the lead time passes that start or the day ends, whichever comes first.
        const now = clock();
        const leadMs = leadMinutes * 60_000;
        const earliest = Math.ceil(earliestBookableStart(now, leadMinutes).getTime() / GRID_MS) * GRID_MS;
        asked = { ...query, today: { date: toLocalDate(now), earliest } };
        until = Math.min(restOfToday(now).end.getTime(), earliest - leadMs + 1);
      }
      const body = current.page(asked);
      if (requestUrl !== undefined) {
        current.rememberUrl(requestUrl, asked, until);
      }
      return body;
    },

    /** The page a request URL was answered with, when nothing it shows changed since (the hot path). */
    peekOnboarded: (requestUrl: string): EncodedBody | undefined => directory.peek(requestUrl),

    /** Resolves once the directory applied every change heard so far (tests, benchmarks). */
    directoryIdle: () => directory.idle(),

    /**
     * `GET /user/tutor/free-times/{id}`: a listed tutor's starts a student could book now (15-minute
     * lessons) from now to the end of the seventh Cairo day (`freeTimesSpan`), grouped by day. Read from
     * the directory, which every change to the tutor's windows, lessons and interviews refreshes before
     * the change is answered, so a booked time is gone from the next answer; the lead time is applied
     * again at this instant (the directory may be up to a minute old).
     */
    async getFreeTimes(id: number): Promise<TutorFreeTimes> {
      const found = await directory.bookableStarts(id);
      if (!found) {
        throw new AppError('tutor-not-found');
      }
      const now = clock();
      const span = freeTimesSpan(now);
      const earliest = earliestBookableStart(now, found.leadMinutes).getTime();
      const starts = startsBetween(found.starts, earliest, span.end.getTime(), GRID_MS);
      return {
        tutorId: id,
        until: span.end.toISOString(),
        days: groupFreeTimes(starts.map((start) => new Date(start))),
      };
    },

    /** `GET /user/tutor/info/{id}`: the profile page. */
    async getTutorInfo(id: number, caller: UserRow | null): Promise<TutorInfo> {
      return profile(await visibleTutor(id, caller), clock());
    },

    /** `GET /user/tutor/stats/{id}`: lessons given, students, minutes, rating. */
    async getTutorStats(id: number, caller: UserRow | null): Promise<TutorStats> {
      const { tallied: _tallied, ...stats } = await publicStats(await visibleTutor(id, caller), clock());
      return stats;
    },

    /** `GET /user/tutor/stats/personalized`: the signed-in tutor's dashboard figures. */
    async getPersonalTutorStats(caller: UserRow): Promise<TutorPersonalStats> {
      const now = clock();
      const row = await visibleTutor(caller.id, caller);
      const { tallied, ...stats } = await publicStats(row, now);
      return {
        ...stats,
        upcomingLessons: tallied.upcoming,
        canceledByTutor: tallied.canceledByTutor,
        canceledByStudent: tallied.canceledByStudent,
        earnings: { total: tallied.earnings, thisMonth: tallied.earningsSince },
        nextLesson: await nextLesson({ tutorId: caller.id }, now),
      };
    },

    /**
     * `GET /user/tutor/activity/{id}`: lessons given per local date over the last 12 weeks. The tutor
     * themself, SuperAdmin, RegularAdmin, and a TutorManager for the tutors within their reach
     * (decision 0045: those they interview or that await an interviewer).
     */
    async getTutorActivity(id: number, caller: UserRow): Promise<TutorActivity> {
      const mayRead =
        caller.id === id ||
        isAdmin(caller) ||
        (caller.role === Role.TutorManager && (await mayReadUser(db, caller, id)));
      if (!mayRead) {
        throw forbidden();
      }
      const row = await visibleTutor(id, caller);
      const now = clock();
      const timeZone = row.user.timezone || PRODUCT_TIMEZONE;
      const today = toLocalDate(now, timeZone);
      const range = { start: localDayRange(addLocalDays(today, -83), timeZone).start, end: now };
      const [days, last, tallied] = await Promise.all([
        givenLessonsByDate(db, id, range, now, timeZone),
        lastGivenLessonAt(db, id, now),
        tallyLessons(db, { tutorId: id }, now, now),
      ]);
      return {
        tutorId: id,
        role: row.user.role === Role.TutorManager ? Role.TutorManager : Role.Tutor,
        from: range.start.toISOString(),
        to: range.end.toISOString(),
        days: days.map((day) => ({ date: day.date, lessons: day.lessons, minutes: day.minutes ?? 0 })),
        lastLessonAt: last?.toISOString() ?? null,
        canceledByTutor: tallied.canceledByTutor,
        memberSince: row.user.createdAt.toISOString(),
      };
    },

    /** `GET /user/student/stats/{id}` (the student, SuperAdmin, RegularAdmin) and `/personalized`. */
    async getStudentStats(id: number, caller: UserRow): Promise<StudentStats> {
      if (caller.id !== id && !isAdmin(caller)) {
        throw forbidden();
      }
      const student = caller.id === id ? caller : await findUserById(db, id);
      if (!student || student.role !== Role.Student) {
        throw new AppError('student-not-found');
      }
      const now = clock();
      const [tallied, ratingsGiven, next] = await Promise.all([
        tallyLessons(db, { studentId: id }, now, now),
        countRatingsGiven(db, id),
        nextLesson({ studentId: id }, now),
      ]);
      return {
        studentId: id,
        lessonCount: tallied.given,
        minutesLearned: tallied.minutes,
        tutorCount: tallied.partners,
        upcomingLessons: tallied.upcoming,
        canceledLessons: tallied.canceled,
        lateCancellations: tallied.lateCancellations,
        ratingsGiven,
        nextLesson: next,
      };
    },
  };
}

export type TutorsService = ReturnType<typeof createTutorsService>;
