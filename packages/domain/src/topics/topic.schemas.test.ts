import { describe, expect, it } from 'vitest';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import {
  AddUserTopicRequestSchema,
  CreateTopicRequestSchema,
  canAddTopics,
  ReplaceUserTopicsRequestSchema,
  TopicSchema,
  UpdateTopicRequestSchema,
} from './topic.schemas.ts';

const codeOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? 'ok' : validationErrorCode(result.error as Parameters<typeof validationErrorCode>[0]);

describe('topic names', () => {
  it('accepts Arabic and English names of 3–50 characters, tidied', () => {
    expect(CreateTopicRequestSchema.parse({ nameAr: '  محادثة   يومية ', nameEn: 'Daily talk' })).toEqual({
      nameAr: 'محادثة يومية',
      nameEn: 'Daily talk',
    });
    expect(codeOf(CreateTopicRequestSchema.safeParse({ nameAr: 'سفر', nameEn: 'x'.repeat(50) }))).toBe('ok');
  });

  it('answers topic-name-short and topic-name-long', () => {
    expect(codeOf(CreateTopicRequestSchema.safeParse({ nameAr: 'سف', nameEn: 'Travel' }))).toBe(
      'topic-name-short',
    );
    expect(codeOf(CreateTopicRequestSchema.safeParse({ nameAr: 'سفر', nameEn: '  ab  ' }))).toBe(
      'topic-name-short',
    );
    expect(codeOf(CreateTopicRequestSchema.safeParse({ nameAr: 'سفر', nameEn: 'x'.repeat(51) }))).toBe(
      'topic-name-long',
    );
    expect(codeOf(CreateTopicRequestSchema.safeParse({ nameAr: 'سفر' }))).toBe('required');
  });

  it('updates either name, but not neither', () => {
    expect(UpdateTopicRequestSchema.parse({ nameEn: 'Business' })).toEqual({ nameEn: 'Business' });
    expect(codeOf(UpdateTopicRequestSchema.safeParse({}))).toBe('empty-request');
  });

  it('describes a topic as the API returns it', () => {
    expect(TopicSchema.parse({ id: 1, nameAr: 'سفر', nameEn: 'Travel' })).toEqual({
      id: 1,
      nameAr: 'سفر',
      nameEn: 'Travel',
    });
  });
});

describe('a user’s topics', () => {
  it('allows at most 30, each once', () => {
    const thirty = Array.from({ length: 30 }, (_, i) => i + 1);
    expect(ReplaceUserTopicsRequestSchema.parse({ topicIds: thirty }).topicIds).toHaveLength(30);
    expect(ReplaceUserTopicsRequestSchema.parse({ topicIds: [] }).topicIds).toEqual([]);
    expect(codeOf(ReplaceUserTopicsRequestSchema.safeParse({ topicIds: [...thirty, 31] }))).toBe(
      'topics-max-exceeded',
    );
    expect(codeOf(ReplaceUserTopicsRequestSchema.safeParse({ topicIds: [1, 1] }))).toBe('bad-request');
  });

  it('adds one topic by id', () => {
    expect(AddUserTopicRequestSchema.parse({ topicId: 4 })).toEqual({ topicId: 4 });
    expect(codeOf(AddUserTopicRequestSchema.safeParse({ topicId: 'x' }))).toBe('invalid-type');
  });

  it('tells whether more topics fit', () => {
    expect(canAddTopics(29)).toBe(true);
    expect(canAddTopics(30)).toBe(false);
    expect(canAddTopics(28, 3)).toBe(false);
  });
});
