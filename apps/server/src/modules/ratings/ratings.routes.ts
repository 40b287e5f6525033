import {
  CreateRatingRequestSchema,
  FindRatingsQuerySchema,
  IdParamSchema,
  OkResponseSchema,
  RatingListResponseSchema,
  RatingSchema,
  Role,
  UpdateRatingRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { createRatingsService } from './ratings.service.ts';

const security = [{ bearer: [] }];

/**
 * Spec §7 "Rating": /api/v1/rating/… Students rate tutors they had a lesson with; reviews are public;
 * the author edits, the author or an admin deletes.
 */
export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ratings = createRatingsService(app);
  const tags = ['rating'];
  const paged = { querystring: FindRatingsQuerySchema, response: { 200: RatingListResponseSchema } };

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Rate a tutor 1–5 with an optional text, after at least one fulfilled lesson together (`rating-needs-lesson`), once (`rating-exists`)',
        body: CreateRatingRequestSchema,
        errors: ['tutor-not-found', 'rating-needs-lesson', 'rating-exists'],
        response: { 200: RatingSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(Role.Student)],
    },
    (request) => ratings.createRating(currentUser(request), request.body),
  );

  app.get(
    '/list/rater/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Ratings a user wrote (themself or an admin)',
        params: IdParamSchema,
        errors: ['forbidden'],
        ...paged,
      },
      preHandler: app.authenticate,
    },
    (request) => ratings.findByRater(request.params.id, currentUser(request), request.query),
  );

  app.get(
    '/list/ratee/:id',
    { schema: { tags, summary: 'Ratings a user received, newest first', params: IdParamSchema, ...paged } },
    (request) => ratings.findByRatee(request.params.id, request.query),
  );

  app.get(
    '/list/tutor/:id',
    {
      schema: {
        tags,
        summary: "A tutor's reviews, newest first",
        params: IdParamSchema,
        errors: ['tutor-not-found'],
        ...paged,
      },
    },
    (request) => ratings.findByTutor(request.params.id, request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One rating',
        params: IdParamSchema,
        errors: ['rating-not-found'],
        response: { 200: RatingSchema },
      },
    },
    (request) => ratings.getRating(request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change your rating',
        params: IdParamSchema,
        body: UpdateRatingRequestSchema,
        errors: ['rating-not-found', 'not-owner'],
        response: { 200: RatingSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => ratings.updateRating(request.params.id, currentUser(request), request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a rating (its author, or an admin)',
        params: IdParamSchema,
        errors: ['rating-not-found', 'not-owner'],
        response: { 200: OkResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => ratings.deleteRating(request.params.id, currentUser(request)),
  );
};
