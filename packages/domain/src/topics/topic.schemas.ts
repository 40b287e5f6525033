import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { plainTextSchema } from '../common/free-text.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';

/**
 * The topics API contract (spec §3 "Topic", §7 "Topic"; rules.md "Tutors"): a topic has an Arabic and
 * an English name of 3–50 characters; a user (tutor specialities, a student's favourites) picks at most
 * 30. Issue messages are error codes (decision 0003).
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const id = z.number({ error: typeErrorCode }).int({ error: 'invalid-type' }).positive(BAD_REQUEST);

/** A topic name: one line of plain text (decision 0046: spaces collapsed, trimmed), 3–50 characters. */
export const TopicNameSchema = /* @__PURE__ */ plainTextSchema({
  kind: 'line',
  max: BOUNDS.topicName.max,
  tooLong: 'topic-name-long',
})
  .min(BOUNDS.topicName.min, { error: 'topic-name-short' })
  .max(BOUNDS.topicName.max, { error: 'topic-name-long' });

/** `POST /api/v1/topic/` (staff). A name already used is `topic-exists`. */
export const CreateTopicRequestSchema = z.object({ nameAr: TopicNameSchema, nameEn: TopicNameSchema });

/** `PUT /api/v1/topic/{id}` (staff): either name or both (`empty-request` for neither). */
export const UpdateTopicRequestSchema = /* @__PURE__ */ CreateTopicRequestSchema.partial().refine(
  (body) => body.nameAr !== undefined || body.nameEn !== undefined,
  { error: 'empty-request' },
);

/** `POST /api/v1/topic/of/user`: add one topic to the caller's list. */
export const AddUserTopicRequestSchema = z.object({ topicId: id });

/**
 * `PATCH /api/v1/topic/of/user`: replace the caller's topics, at most 30 (`topics-max-exceeded`),
 * each once (`bad-request`).
 */
export const ReplaceUserTopicsRequestSchema = z.object({
  topicIds: z
    .array(id, BAD_REQUEST)
    .max(BOUNDS.topicsPerUser.max, { error: 'topics-max-exceeded' })
    .refine((ids) => new Set(ids).size === ids.length, BAD_REQUEST),
});

/** A topic as the API returns it. */
export const TopicSchema = z.object({
  id: z.number().int().positive(),
  nameAr: z.string(),
  nameEn: z.string(),
});

export const TopicListResponseSchema = z.object({ list: z.array(TopicSchema) });

/**
 * Whether a user holding `currentCount` topics may add `adding` more (`topics-max-exceeded` past 30);
 * the server checks it in the transaction that adds them.
 */
export function canAddTopics(currentCount: number, adding = 1): boolean {
  return currentCount + adding <= BOUNDS.topicsPerUser.max;
}

export type Topic = z.infer<typeof TopicSchema>;
export type TopicListResponse = z.infer<typeof TopicListResponseSchema>;
export type CreateTopicRequest = z.infer<typeof CreateTopicRequestSchema>;
export type UpdateTopicRequest = z.infer<typeof UpdateTopicRequestSchema>;
export type AddUserTopicRequest = z.infer<typeof AddUserTopicRequestSchema>;
export type ReplaceUserTopicsRequest = z.infer<typeof ReplaceUserTopicsRequestSchema>;
