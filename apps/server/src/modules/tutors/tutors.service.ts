import {
  AppError,
  addLocalDays,
  anyStartIn,
  BOUNDS,
  bookableTimes,
  bookingHorizon,
  dayAndTimeRanges,
  earliestBookableStart,
  type FindOnboardedTutorsQuerySchema,
  type Gender,
  isStaff,
  type Lesson,
  localDayRange,
  PRODUCT_TIMEZONE,
  Role,
  type StudentStats,
  type TutorActivity,
  type TutorCard,
  type TutorInfo,
  type TutorPersonalStats,
  TutorSort,
  type TutorStats,
  toLocalDate,
} from '@hiwar/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { forbidden, isAdmin } from '../../plugins/auth.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { findSlotsOfTutors } from '../availability/availability.repository.ts';
import { findBusyIntervalsOfTutors, findLessonViews } from '../lessons/lessons.repository.ts';
import { toLesson } from '../lessons/lessons.service.ts';
import { readPlatformSettings } from '../settings/platform-settings.repository.ts';
import { findTopicsOfUsers } from '../topics/topics.repository.ts';
import { toTopic } from '../topics/topics.service.ts';
import { findTutorUser, findUserById, type UserRow } from '../users/users.repository.ts';
import { isListed } from './tutor-listing.ts';
import {
  countGivenLessons,
  countRatingsGiven,
  findListingCandidates,
  findNextLessonId,
  givenLessonsByDate,
  lastGivenLessonAt,
  searchTutors,
  type TutorUserRow,
  tallyLessons,
} from './tutors.repository.ts';
import type { TutorsCache } from './tutors-cache.ts';

export type TutorsDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  clock: () => Date;
  tutorsCache: TutorsCache;
};

type FindTutorsInput = z.output<typeof FindOnboardedTutorsQuerySchema>;

/** A tutor as the list keeps them: the card, and what the filters and sorts read. */
type ListedTutor = {
  card: TutorCard;
  topicIds: ReadonlySet<number>;
  createdAt: number;
  /** Bookable starts of a 15-minute lesson (epoch ms, ascending): the day and time filters. */
  starts: number[];
};

/** Every listed tutor at one instant, which pages are cut from. */
type Listing = { at: Date; until: Date; tutors: ListedTutor[]; ids: number[] };

/** The cache key of a list query: every field that changes the answer, normalised. */
export function tutorsListKey(query: FindTutorsInput): string {
  return JSON.stringify([
    query.search?.toLowerCase() ?? '',
    query.topics ? [...query.topics].sort((a, b) => a - b) : [],
    query.gender ?? '',
    query.day ?? '',
    query.time ?? '',
    query.sort,
    query.page,
    query.size,
  ]);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

const SORTS: Record<TutorSort, (a: ListedTutor, b: ListedTutor) => number> = {
  [TutorSort.Rating]: (a, b) =>
    (b.card.rating ?? -1) - (a.card.rating ?? -1) ||
    b.card.ratingCount - a.card.ratingCount ||
    b.card.lessonCount - a.card.lessonCount ||
    a.card.id - b.card.id,
  [TutorSort.Lessons]: (a, b) =>
    b.card.lessonCount - a.card.lessonCount ||
    (b.card.rating ?? -1) - (a.card.rating ?? -1) ||
    a.card.id - b.card.id,
  [TutorSort.Newest]: (a, b) => b.createdAt - a.createdAt || b.card.id - a.card.id,
};

/**
 * The tutors list (served from the `TutorsCache`), tutor profiles and the dashboards' figures.
 * A listing snapshot (every listed tutor's card and bookable starts at one instant) is built once per
 * cache generation; each distinct query's page is then cut from it and kept as JSON text.
 */
export function createTutorsService(deps: TutorsDeps) {
  const { db, files, clock, tutorsCache } = deps;
  const url = (name: string | null) => (name ? files.uploadUrl(name) : null);

  /** Profiles of `rows` at `now`, with the starts bookable then (15 minutes) for the filters. */
  async function profiles(rows: readonly TutorUserRow[], now: Date) {
    const ids = rows.map((row) => row.user.id);
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
    return rows.map(({ user, tutor }) => {
      const windows = windowsOf.get(user.id) ?? [];
      const busy = busyOf.get(user.id) ?? [];
      const options = { leadMinutes: settings.bookingLeadMinutes, noticeDays: tutor.notice };
      const starts = bookableTimes(windows, busy, 15, now, options).map((start) => start.getTime());
      const [next] = bookableTimes(windows, busy, 30, now, options);
      const topics = (topicsOf.get(user.id) ?? []).map(toTopic);
      const counts = given.get(user.id);
      const info: TutorInfo = {
        id: user.id,
        role: user.role === Role.TutorManager ? Role.TutorManager : Role.Tutor,
        name: user.name,
        image: url(user.image),
        gender: user.gender as Gender | null,
        bio: tutor.bio,
        about: tutor.about,
        topics,
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
      return {
        info,
        starts,
        topicIds: new Set(topics.map((topic) => topic.id)),
        createdAt: user.createdAt.getTime(),
      };
    });
  }

  async function loadListing(): Promise<Listing> {
    const now = clock();
    const rows = (await findListingCandidates(db)).filter((row) => isListed(row.user, row.tutor));
    const tutors = (await profiles(rows, now)).map(({ info, starts, topicIds, createdAt }) => {
      const { about: _about, listed: _listed, ...card } = info;
      return { card: card as TutorCard, starts, topicIds, createdAt };
    });
    return {
      at: now,
      until: bookingHorizon(now, BOUNDS.noticeDays.max),
      tutors,
      ids: tutors.map((tutor) => tutor.card.id),
    };
  }

  const listing = () => tutorsCache.local('listing', loadListing);

  /** A tutor-like user the caller may see: listed ones for all, any for themself and staff. */
  async function visibleTutor(id: number, caller: UserRow | null): Promise<TutorUserRow> {
    const found = await findTutorUser(db, id);
    const mayPeek = caller !== null && (caller.id === id || isStaff(caller.role as Role));
    if (!found || !(isListed(found.user, found.tutor) || mayPeek)) {
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
     * `GET /user/tutor/list/onboarded`: a page of listed tutors as JSON text, from the cache. Filters:
     * search (names, bio, topic names; pg_trgm), any of `topics`, gender, and a bookable start on
     * `day` / in the part of the day `time` (Cairo). Sorted by rating, lessons given or newest.
     */
    async listOnboarded(query: FindTutorsInput): Promise<string> {
      return tutorsCache.get(tutorsListKey(query), async () => {
        const snapshot = await listing();
        let found = snapshot.tutors;
        if (query.search) {
          const term = query.search.toLowerCase();
          const matching = await tutorsCache.local(`search:${term}`, () =>
            searchTutors(db, term, snapshot.ids),
          );
          found = found.filter((tutor) => matching.has(tutor.card.id));
        }
        if (query.topics && query.topics.length > 0) {
          const wanted = query.topics;
          found = found.filter((tutor) => wanted.some((id) => tutor.topicIds.has(id)));
        }
        if (query.gender) {
          found = found.filter((tutor) => tutor.card.gender === query.gender);
        }
        if (query.day || query.time) {
          const ranges = dayAndTimeRanges(
            { day: query.day, time: query.time },
            { start: snapshot.at, end: snapshot.until },
          );
          found = found.filter((tutor) => anyStartIn(tutor.starts, ranges));
        }
        const sorted = [...found].sort(SORTS[query.sort]);
        const from = (query.page - 1) * query.size;
        return JSON.stringify({
          list: sorted.slice(from, from + query.size).map((tutor) => tutor.card),
          total: sorted.length,
        });
      });
    },

    /** `GET /user/tutor/info/{id}`: the profile page. */
    async getTutorInfo(id: number, caller: UserRow | null): Promise<TutorInfo> {
      const row = await visibleTutor(id, caller);
      const [profile] = await profiles([row], clock());
      return profile!.info;
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
     * themself, SuperAdmin, RegularAdmin and TutorManagers (who look after tutors).
     */
    async getTutorActivity(id: number, caller: UserRow): Promise<TutorActivity> {
      if (caller.id !== id && !isAdmin(caller) && caller.role !== Role.TutorManager) {
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
