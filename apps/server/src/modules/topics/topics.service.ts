import {
  type AddUserTopicRequest,
  AppError,
  type CreateTopicRequest,
  canAddTopics,
  isTutorLike,
  type ReplaceUserTopicsRequest,
  type Role,
  type Topic,
  type TopicListResponse,
  type UpdateTopicRequest,
} from '@hiwar/domain';
import type { Database } from '../../db/client.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import { lockUser, type UserRow } from '../users/users.repository.ts';
import {
  addUserTopics,
  clearUserTopics,
  countUserTopics,
  deleteTopicRow,
  existingTopicIds,
  findAllTopics,
  findTopic,
  findUserTopics,
  insertTopic,
  removeUserTopic,
  type TopicRow,
  updateTopicRow,
} from './topics.repository.ts';

export function toTopic(row: TopicRow): Topic {
  return { id: row.id, nameAr: row.nameAr, nameEn: row.nameEn };
}

const toList = (rows: readonly TopicRow[]): TopicListResponse => ({ list: rows.map(toTopic) });

export type TopicsDeps = { db: Database; tutorsCache: TutorsCache };

/**
 * Topics (spec §7 "Topic"): staff keep the catalogue; every user keeps their own list of at most 30
 * (tutor specialities, student favourites). Each change of a user's list runs under that user's row
 * lock, so concurrent additions cannot pass the limit. Changes a tutor card shows clear the tutors cache.
 */
export function createTopicsService(deps: TopicsDeps) {
  const { db, tutorsCache } = deps;

  /** A tutor's topics are on their card; a student's favourites are not. */
  const touchesTutorCards = (user: UserRow) => isTutorLike(user.role as Role);

  return {
    async createTopic(input: CreateTopicRequest): Promise<Topic> {
      return toTopic(await insertTopic(db, input));
    },

    async listTopics(): Promise<TopicListResponse> {
      return toList(await findAllTopics(db));
    },

    async updateTopic(id: number, patch: UpdateTopicRequest): Promise<Topic> {
      const row = await updateTopicRow(db, id, patch);
      if (!row) {
        throw new AppError('topic-not-found');
      }
      await tutorsCache.invalidate('topics');
      return toTopic(row);
    },

    async deleteTopic(id: number): Promise<{ ok: true }> {
      if (!(await deleteTopicRow(db, id))) {
        throw new AppError('topic-not-found');
      }
      await tutorsCache.invalidate('topics');
      return { ok: true };
    },

    async getUserTopics(caller: UserRow): Promise<TopicListResponse> {
      return toList(await findUserTopics(db, caller.id));
    },

    /** Adds a topic (already there: nothing changes); a 31st is `topics-max-exceeded`. */
    async addUserTopic(caller: UserRow, input: AddUserTopicRequest): Promise<TopicListResponse> {
      const rows = await db.transaction(async (tx) => {
        await lockUser(tx, caller.id);
        if (!(await findTopic(tx, input.topicId))) {
          throw new AppError('topic-not-found');
        }
        const current = await findUserTopics(tx, caller.id);
        if (current.some((topic) => topic.id === input.topicId)) {
          return current;
        }
        if (!canAddTopics(await countUserTopics(tx, caller.id))) {
          throw new AppError('topics-max-exceeded');
        }
        await addUserTopics(tx, caller.id, [input.topicId]);
        return findUserTopics(tx, caller.id);
      });
      if (touchesTutorCards(caller)) {
        await tutorsCache.tutorsChanged('topics', [caller.id]);
      }
      return toList(rows);
    },

    async removeUserTopic(caller: UserRow, input: AddUserTopicRequest): Promise<TopicListResponse> {
      const rows = await db.transaction(async (tx) => {
        await lockUser(tx, caller.id);
        if (!(await removeUserTopic(tx, caller.id, input.topicId))) {
          throw new AppError('topic-not-found');
        }
        return findUserTopics(tx, caller.id);
      });
      if (touchesTutorCards(caller)) {
        await tutorsCache.tutorsChanged('topics', [caller.id]);
      }
      return toList(rows);
    },

    /** Replaces the whole list (at most 30, checked by the schema); an unknown id is `topic-not-found`. */
    async replaceUserTopics(caller: UserRow, input: ReplaceUserTopicsRequest): Promise<TopicListResponse> {
      const rows = await db.transaction(async (tx) => {
        await lockUser(tx, caller.id);
        const found = await existingTopicIds(tx, input.topicIds);
        if (input.topicIds.some((id) => !found.has(id))) {
          throw new AppError('topic-not-found');
        }
        if (!canAddTopics(0, input.topicIds.length)) {
          throw new AppError('topics-max-exceeded');
        }
        await clearUserTopics(tx, caller.id);
        await addUserTopics(tx, caller.id, input.topicIds);
        return findUserTopics(tx, caller.id);
      });
      if (touchesTutorCards(caller)) {
        await tutorsCache.tutorsChanged('topics', [caller.id]);
      }
      return toList(rows);
    },
  };
}
