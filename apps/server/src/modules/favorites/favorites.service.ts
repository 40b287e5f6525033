import {
  AppError,
  BOUNDS,
  type FavoriteTutorIdsResponse,
  type MyTutor,
  type MyTutorListResponse,
  type PageQuery,
  Role,
} from '@hiwar/domain';
import type { Database } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { isListed } from '../tutors/tutor-listing.ts';
import { findTutorUser, findUserById, type UserRow } from '../users/users.repository.ts';
import {
  countFavorites,
  deleteFavorite,
  findFavoriteTutorIds,
  findMyTutorRows,
  hasFavorite,
  insertFavorite,
  lockFavoritesOf,
  type MyTutorRow,
} from './favorites.repository.ts';

export type FavoritesDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  clock: () => Date;
};

const round2 = (value: number) => Math.round(value * 100) / 100;
const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * Favourite tutors (issue 27): a student saves listed tutors (at most `BOUNDS.favoriteTutors.max`) and
 * unsaves any, both idempotent; "my tutors" adds the tutors they had lessons with.
 */
export function createFavoritesService(deps: FavoritesDeps) {
  const { db, files, clock } = deps;

  const toMyTutor = ({ user, tutor, savedAt, lastLessonAt, nextLessonAt }: MyTutorRow): MyTutor => ({
    id: user.id,
    name: user.name,
    image: user.image ? files.uploadUrl(user.image) : null,
    rating: tutor.ratingCount > 0 ? round2(tutor.ratingSum / tutor.ratingCount) : null,
    ratingCount: tutor.ratingCount,
    listed: isListed(user, tutor),
    isFavorite: savedAt !== null,
    savedAt: iso(savedAt),
    lastLessonAt: iso(lastLessonAt),
    nextLessonAt: iso(nextLessonAt),
  });

  async function page(
    studentId: number,
    favoritesOnly: boolean,
    query: PageQuery,
  ): Promise<MyTutorListResponse> {
    const { rows, total } = await findMyTutorRows(db, {
      studentId,
      now: clock(),
      favoritesOnly,
      page: query.page,
      size: query.size,
    });
    return { list: rows.map(toMyTutor), total };
  }

  return {
    /**
     * `PUT /favorite/tutor/{tutorId}`: only a listed tutor can be saved (`tutor-not-found` otherwise);
     * saving one already saved is fine. Under the student's lock, so concurrent saves count right.
     */
    async saveFavorite(caller: UserRow, tutorId: number): Promise<{ ok: true }> {
      const found = await findTutorUser(db, tutorId);
      if (!found || !isListed(found.user, found.tutor)) {
        throw new AppError('tutor-not-found');
      }
      await db.transaction(async (tx) => {
        await lockFavoritesOf(tx, caller.id);
        if (await hasFavorite(tx, caller.id, tutorId)) {
          return;
        }
        if ((await countFavorites(tx, caller.id)) >= BOUNDS.favoriteTutors.max) {
          throw new AppError('reached-favorites-limit');
        }
        await insertFavorite(tx, { studentId: caller.id, tutorId, now: clock() });
      });
      return { ok: true };
    },

    /**
     * `DELETE /favorite/tutor/{tutorId}`: unsaving a tutor who is not saved (or is no longer listed, or
     * no longer exists) is fine, so a student can always clear a heart.
     */
    async removeFavorite(caller: UserRow, tutorId: number): Promise<{ ok: true }> {
      await deleteFavorite(db, caller.id, tutorId);
      return { ok: true };
    },

    /** `GET /favorite/tutor/ids`: the ids the directory's hearts read, newest first. */
    async findFavoriteIds(caller: UserRow): Promise<FavoriteTutorIdsResponse> {
      return { ids: await findFavoriteTutorIds(db, caller.id, BOUNDS.favoriteTutors.max) };
    },

    /** `GET /favorite/tutor/list`: the student's favourite tutors, paged. */
    findFavorites: (caller: UserRow, query: PageQuery) => page(caller.id, true, query),

    /** `GET /favorite/my-tutors`: favourites and the tutors the student had lessons with, paged. */
    findMyTutors: (caller: UserRow, query: PageQuery) => page(caller.id, false, query),

    /** `GET /favorite/student/{id}` (admins): a student's favourites, read-only. */
    async findStudentFavorites(studentId: number, query: PageQuery): Promise<MyTutorListResponse> {
      const student = await findUserById(db, studentId);
      if (student?.role !== Role.Student) {
        throw new AppError('student-not-found');
      }
      return page(studentId, true, query);
    },
  };
}
