import {
  AppError,
  type CreateRatingRequestSchema,
  checkRating,
  type FindRatingsQuerySchema,
  isTutorLike,
  type Rating,
  type RatingListResponse,
  type Role,
  type UpdateRatingRequest,
} from '@hiwar/domain';
import type { z } from 'zod';
import { forbidden, isAdmin } from '../../core/auth.ts';
import type { Database } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import { findUserById, lockUser, type UserRow } from '../users/users.repository.ts';
import {
  countFulfilledLessons,
  deleteRatingRow,
  findRating,
  findRatingRows,
  findRatingView,
  hasRated,
  insertRating,
  type RatingRow,
  type RatingViewRow,
  updateRatingRow,
} from './ratings.repository.ts';

export type RatingsDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  tutorsCache: TutorsCache;
  clock: () => Date;
};

type CreateInput = z.output<typeof CreateRatingRequestSchema>;
type PageInput = z.output<typeof FindRatingsQuerySchema>;

/**
 * Ratings (rules.md "Ratings"): a student rates a tutor after at least one fulfilled lesson together,
 * once (edit instead). The tutor's mean follows in the same transaction (trigger of migration 0007),
 * and the tutors cache is cleared.
 */
export function createRatingsService(deps: RatingsDeps) {
  const { db, files, clock } = deps;

  const toRating = (row: RatingViewRow): Rating => ({
    id: row.id,
    raterId: row.raterId,
    rateeId: row.rateeId,
    rater: {
      id: row.rater.id,
      name: row.rater.name,
      image: row.rater.image ? files.uploadUrl(row.rater.image) : null,
    },
    value: row.value,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  async function view(id: number): Promise<Rating> {
    const row = await findRatingView(db, id);
    if (!row) {
      throw new AppError('rating-not-found');
    }
    return toRating(row);
  }

  /** The rating, if the caller wrote it (admins may delete any: moderation). */
  async function ownRating(id: number, caller: UserRow, options: { adminToo: boolean }): Promise<RatingRow> {
    const row = await findRating(db, id);
    if (!row) {
      throw new AppError('rating-not-found');
    }
    if (row.raterId !== caller.id && !(options.adminToo && isAdmin(caller))) {
      throw new AppError('not-owner', { message: 'Only its author may change a rating' });
    }
    return row;
  }

  const page = (result: { rows: RatingViewRow[]; total: number }): RatingListResponse => ({
    list: result.rows.map(toRating),
    total: result.total,
  });

  return {
    async createRating(caller: UserRow, input: CreateInput): Promise<Rating> {
      const ratee = await findUserById(db, input.rateeId);
      if (!ratee || !isTutorLike(ratee.role as Role)) {
        throw new AppError('tutor-not-found');
      }
      const now = clock();
      const row = await db.transaction(async (tx) => {
        // One rating attempt per student at a time; the unique index settles the rest.
        await lockUser(tx, caller.id);
        const code = checkRating({
          fulfilledLessons: await countFulfilledLessons(tx, caller.id, ratee.id, now),
          hasRated: await hasRated(tx, caller.id, ratee.id),
        });
        if (code !== 'ok') {
          throw new AppError(code);
        }
        return insertRating(tx, {
          raterId: caller.id,
          rateeId: ratee.id,
          value: input.value,
          text: input.text,
        });
      });
      await deps.tutorsCache.tutorsChanged('ratings', [row.rateeId]);
      return view(row.id);
    },

    getRating: view,

    async updateRating(id: number, caller: UserRow, patch: UpdateRatingRequest): Promise<Rating> {
      const { rateeId } = await ownRating(id, caller, { adminToo: false });
      await updateRatingRow(db, id, patch);
      await deps.tutorsCache.tutorsChanged('ratings', [rateeId]);
      return view(id);
    },

    async deleteRating(id: number, caller: UserRow): Promise<{ ok: true }> {
      const { rateeId } = await ownRating(id, caller, { adminToo: true });
      await deleteRatingRow(db, id);
      await deps.tutorsCache.tutorsChanged('ratings', [rateeId]);
      return { ok: true };
    },

    /** The ratings a user wrote: their own, or anyone's for admins. */
    async findByRater(raterId: number, caller: UserRow, query: PageInput): Promise<RatingListResponse> {
      if (raterId !== caller.id && !isAdmin(caller)) {
        throw forbidden();
      }
      return page(await findRatingRows(db, { raterId }, query));
    },

    /** The ratings a user received (public: tutors' reviews). */
    async findByRatee(rateeId: number, query: PageInput): Promise<RatingListResponse> {
      return page(await findRatingRows(db, { rateeId }, query));
    },

    /** A tutor's reviews tab: `tutor-not-found` for anyone who is not a Tutor or TutorManager. */
    async findByTutor(tutorId: number, query: PageInput): Promise<RatingListResponse> {
      const tutor = await findUserById(db, tutorId);
      if (!tutor || !isTutorLike(tutor.role as Role)) {
        throw new AppError('tutor-not-found');
      }
      return page(await findRatingRows(db, { rateeId: tutorId }, query));
    },
  };
}
