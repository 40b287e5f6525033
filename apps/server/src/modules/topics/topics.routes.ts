import {
  AddUserTopicRequestSchema,
  CreateTopicRequestSchema,
  IdParamSchema,
  OkResponseSchema,
  ReplaceUserTopicsRequestSchema,
  Role,
  TopicListResponseSchema,
  TopicSchema,
  UpdateTopicRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { createTopicsService } from './topics.service.ts';

const security = [{ bearer: [] }];

/**
 * Spec §7 "Topic": /api/v1/topic/… The catalogue is open to read and kept by SuperAdmin and
 * RegularAdmin (rules.md "Staff permissions"); `/of/user` is the caller's own list.
 */
export const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  const topics = createTopicsService(app);
  const tags = ['topic'];
  const staff = [app.authenticate, app.requireRoles(Role.SuperAdmin, Role.RegularAdmin)];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Add a topic (staff); a name already used is `topic-exists`',
        body: CreateTopicRequestSchema,
        errors: ['topic-exists'],
        response: { 200: TopicSchema },
      },
      preHandler: staff,
    },
    (request) => topics.createTopic(request.body),
  );

  app.get(
    '/list',
    {
      schema: { tags, summary: 'Every topic, by Arabic name', response: { 200: TopicListResponseSchema } },
    },
    () => topics.listTopics(),
  );

  app.get(
    '/of/user',
    {
      schema: { tags, security, summary: "The caller's topics", response: { 200: TopicListResponseSchema } },
      preHandler: app.authenticate,
    },
    (request) => topics.getUserTopics(currentUser(request)),
  );

  app.post(
    '/of/user',
    {
      schema: {
        tags,
        security,
        summary: "Add a topic to the caller's list (at most 30: `topics-max-exceeded`)",
        body: AddUserTopicRequestSchema,
        errors: ['topic-not-found', 'topics-max-exceeded'],
        response: { 200: TopicListResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => topics.addUserTopic(currentUser(request), request.body),
  );

  app.delete(
    '/of/user',
    {
      schema: {
        tags,
        security,
        summary: "Remove a topic from the caller's list (body `{ topicId }`)",
        body: AddUserTopicRequestSchema,
        errors: ['topic-not-found'],
        response: { 200: TopicListResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => topics.removeUserTopic(currentUser(request), request.body),
  );

  app.patch(
    '/of/user',
    {
      schema: {
        tags,
        security,
        summary: "Replace the caller's topics (at most 30)",
        body: ReplaceUserTopicsRequestSchema,
        errors: ['topic-not-found', 'topics-max-exceeded'],
        response: { 200: TopicListResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => topics.replaceUserTopics(currentUser(request), request.body),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a topic (staff)',
        params: IdParamSchema,
        body: UpdateTopicRequestSchema,
        errors: ['topic-not-found', 'topic-exists'],
        response: { 200: TopicSchema },
      },
      preHandler: staff,
    },
    (request) => topics.updateTopic(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: "Delete a topic (staff); it leaves every user's list",
        params: IdParamSchema,
        errors: ['topic-not-found'],
        response: { 200: OkResponseSchema },
      },
      preHandler: staff,
    },
    (request) => topics.deleteTopic(request.params.id),
  );
};
