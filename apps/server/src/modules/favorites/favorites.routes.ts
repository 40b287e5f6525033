import {
  FavoriteStudentParamsSchema,
  FavoriteTutorIdsResponseSchema,
  FavoriteTutorParamsSchema,
  FindMyTutorsQuerySchema,
  MyTutorListResponseSchema,
  OkResponseSchema,
  Role,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { createFavoritesService } from './favorites.service.ts';

const security = [{ bearer: [] }];

/**
 * Favourite tutors (issue 27) under /api/v1/favorite/…: a student saves and unsaves tutors, reads
 * which are saved (the directory's hearts) and their "my tutors" list; admins read a student's
 * favourites. Who calls is checked before what they sent (plugins/auth.ts).
 */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const favorites = createFavoritesService(app);
  const tags = ['favorite'];
  const student = [app.authenticate, app.requireRoles(Role.Student)];
  const paged = { querystring: FindMyTutorsQuerySchema, response: { 200: MyTutorListResponseSchema } };

  app.get(
    '/tutor/ids',
    {
      schema: {
        tags,
        security,
        summary:
          'The ids of the tutors the signed-in student saved, newest first (the hearts of the directory)',
        response: { 200: FavoriteTutorIdsResponseSchema },
      },
      preHandler: student,
    },
    (request) => favorites.findFavoriteIds(currentUser(request)),
  );

  app.get(
    '/tutor/list',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in student's favourite tutors, paged",
        ...paged,
      },
      preHandler: student,
    },
    (request) => favorites.findFavorites(currentUser(request), request.query),
  );

  app.put(
    '/tutor/:tutorId',
    {
      schema: {
        tags,
        security,
        summary:
          'Save a listed tutor as a favourite (saving one already saved is fine), at most 100 (`reached-favorites-limit`)',
        params: FavoriteTutorParamsSchema,
        errors: ['reached-favorites-limit'],
        response: { 200: OkResponseSchema },
      },
      preHandler: student,
    },
    (request) => favorites.saveFavorite(currentUser(request), request.params.tutorId),
  );

  app.delete(
    '/tutor/:tutorId',
    {
      schema: {
        tags,
        security,
        summary: 'Unsave a favourite tutor (unsaving one not saved is fine)',
        params: FavoriteTutorParamsSchema,
        response: { 200: OkResponseSchema },
      },
      preHandler: student,
    },
    (request) => favorites.removeFavorite(currentUser(request), request.params.tutorId),
  );

  app.get(
    '/my-tutors',
    {
      schema: {
        tags,
        security,
        summary:
          "The signed-in student's tutors: favourites and those they had a lesson with (not cancelled), with the last and next lesson, paged",
        ...paged,
      },
      preHandler: student,
    },
    (request) => favorites.findMyTutors(currentUser(request), request.query),
  );

  app.get(
    '/student/:id',
    {
      schema: {
        tags,
        security,
        summary: "A student's favourite tutors, paged (SuperAdmin, RegularAdmin)",
        params: FavoriteStudentParamsSchema,
        ...paged,
      },
      preHandler: [app.authenticate, app.requireRoles(Role.SuperAdmin, Role.RegularAdmin)],
    },
    (request) => favorites.findStudentFavorites(request.params.id, request.query),
  );
};
