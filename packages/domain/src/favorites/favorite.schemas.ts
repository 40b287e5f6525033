import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';

/**
 * Favourite tutors and "my tutors" (issue 27): a student saves tutors from the directory's card or the
 * profile, and finds them on their home with the tutors they had lessons with.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const rowId = z.number().int().positive();

/** `PUT` and `DELETE /api/v1/favorite/tutor/{tutorId}`: the tutor saved or unsaved. */
export const FavoriteTutorParamsSchema = z.object({ tutorId: QueryIdSchema });

/** `GET /api/v1/favorite/student/{id}` (admins): the student whose favourites are read. */
export const FavoriteStudentParamsSchema = z.object({ id: QueryIdSchema });

/**
 * `GET /api/v1/favorite/tutor/ids`: every tutor the student saved, newest first, so the directory's
 * cards and the profile show the heart without a request per tutor. At most `BOUNDS.favoriteTutors.max`.
 */
export const FavoriteTutorIdsResponseSchema = z.object({
  ids: /* @__PURE__ */ z.array(rowId).max(BOUNDS.favoriteTutors.max),
});

/** `GET /api/v1/favorite/tutor/list`, `/favorite/my-tutors` and a student's favourites for staff: paged. */
export const FindMyTutorsQuerySchema = PageQuerySchema;

/**
 * A tutor on the student's "my tutors" list: what a card shows, whether the student saved them, and
 * their lessons together (not cancelled): the start of the last one that ended and of the next one
 * that has not. `listed` false: the tutor no longer takes bookings (the card offers no "book again").
 */
export const MyTutorSchema = z.object({
  id: rowId,
  name: z.string().nullable(),
  image: z.string().nullable(),
  rating: z.number().min(0).max(5).nullable(),
  ratingCount: z.number().int().nonnegative(),
  listed: z.boolean(),
  isFavorite: z.boolean(),
  /** When the student saved the tutor; null when they did not. */
  savedAt: /* @__PURE__ */ isoDateTime.nullable(),
  lastLessonAt: /* @__PURE__ */ isoDateTime.nullable(),
  nextLessonAt: /* @__PURE__ */ isoDateTime.nullable(),
});

/**
 * A page of "my tutors": those with a lesson to come first (soonest first), then by the latest of the
 * last lesson and the saving, newest first.
 */
export const MyTutorListResponseSchema = pagedSchema(MyTutorSchema);

export type FavoriteTutorIdsResponse = z.infer<typeof FavoriteTutorIdsResponseSchema>;
export type MyTutor = z.infer<typeof MyTutorSchema>;
export type MyTutorListResponse = z.infer<typeof MyTutorListResponseSchema>;
