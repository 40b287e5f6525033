import { describe, expect, it } from 'vitest';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import { lessonStatus } from './lesson.rules.ts';
import {
  BookableTimesQuerySchema,
  BookLessonRequestSchema,
  FindLessonsQuerySchema,
  type Lesson,
  LessonSchema,
  RescheduleLessonRequestSchema,
} from './lesson.schemas.ts';
import { toLessonFacts } from './lesson-facts.ts';

const codeOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? 'ok' : validationErrorCode(result.error as Parameters<typeof validationErrorCode>[0]);

describe('BookLessonRequestSchema', () => {
  const valid = { tutorId: 3, start: '2026-01-18T10:00:00+02:00', duration: 30 };

  it('accepts a tutor, a start on the grid, 15 or 30 minutes and an optional slot', () => {
    expect(BookLessonRequestSchema.parse(valid)).toEqual(valid);
    expect(BookLessonRequestSchema.parse({ ...valid, duration: 15, slotId: 9 })).toMatchObject({ slotId: 9 });
  });

  it('answers each problem with its code', () => {
    expect(codeOf(BookLessonRequestSchema.safeParse({ ...valid, start: '2026-01-18T10:10:00+02:00' }))).toBe(
      'lesson-off-grid',
    );
    expect(codeOf(BookLessonRequestSchema.safeParse({ ...valid, duration: 45 }))).toBe(
      'lesson-duration-invalid',
    );
    expect(codeOf(BookLessonRequestSchema.safeParse({ ...valid, duration: '30' }))).toBe(
      'lesson-duration-invalid',
    );
    expect(codeOf(BookLessonRequestSchema.safeParse({ ...valid, duration: undefined }))).toBe('required');
    expect(codeOf(BookLessonRequestSchema.safeParse({ ...valid, tutorId: undefined }))).toBe('required');
    expect(codeOf(BookLessonRequestSchema.safeParse({ ...valid, start: 'tomorrow' }))).toBe('bad-request');
  });
});

describe('RescheduleLessonRequestSchema', () => {
  it('takes the lesson id, a new start and optionally a new duration', () => {
    expect(RescheduleLessonRequestSchema.parse({ id: 5, start: '2026-01-19T08:15:00Z' })).toEqual({
      id: 5,
      start: '2026-01-19T08:15:00Z',
    });
    expect(
      codeOf(RescheduleLessonRequestSchema.safeParse({ id: 5, start: '2026-01-19T08:15:00Z', duration: 60 })),
    ).toBe('lesson-duration-invalid');
    expect(codeOf(RescheduleLessonRequestSchema.safeParse({ start: '2026-01-19T08:15:00Z' }))).toBe(
      'required',
    );
  });
});

describe('FindLessonsQuerySchema', () => {
  it('coerces the query string and defaults paging and order', () => {
    expect(
      FindLessonsQuerySchema.parse({
        tutorId: '4',
        status: 'pending',
        from: '2026-01-01T00:00:00Z',
        page: '2',
      }),
    ).toEqual({
      page: 2,
      size: 10,
      tutorId: 4,
      status: 'pending',
      from: '2026-01-01T00:00:00Z',
      order: 'asc',
    });
  });

  it('rejects unknown statuses and empty ranges', () => {
    expect(codeOf(FindLessonsQuerySchema.safeParse({ status: 'done' }))).toBe('bad-request');
    expect(
      codeOf(FindLessonsQuerySchema.safeParse({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })),
    ).toBe('bad-request');
    expect(codeOf(FindLessonsQuerySchema.safeParse({ userId: '-1' }))).toBe('bad-request');
  });

  it('takes a trimmed name search of at most 100 characters', () => {
    expect(FindLessonsQuerySchema.parse({ search: '  ليلى ' })).toMatchObject({ search: 'ليلى' });
    expect(codeOf(FindLessonsQuerySchema.safeParse({ search: 'x'.repeat(101) }))).toBe('bad-request');
  });
});

describe('BookableTimesQuerySchema', () => {
  it('takes a tutor, a duration and optional local dates', () => {
    expect(BookableTimesQuerySchema.parse({ tutorId: '3', duration: '15', from: '2026-04-23' })).toEqual({
      tutorId: 3,
      duration: 15,
      from: '2026-04-23',
    });
    expect(codeOf(BookableTimesQuerySchema.safeParse({ tutorId: '3', duration: '20' }))).toBe(
      'lesson-duration-invalid',
    );
    expect(
      codeOf(
        BookableTimesQuerySchema.safeParse({
          tutorId: '3',
          duration: '30',
          from: '2026-04-25',
          to: '2026-04-24',
        }),
      ),
    ).toBe('bad-request');
  });
});

describe('LessonSchema', () => {
  const lesson: Lesson = {
    id: 1,
    tutor: { id: 10, name: 'منى', image: null },
    student: { id: 20, name: 'علي', image: 'https://example.com/a.png' },
    start: '2026-01-18T08:00:00Z',
    end: '2026-01-18T08:30:00Z',
    duration: 30,
    price: 7500,
    intro: false,
    trial: false,
    status: 'canceled',
    canceledBy: 'student',
    canceledAt: '2026-01-18T07:00:00Z',
    minutesReturned: false,
    createdAt: '2026-01-10T08:00:00Z',
    updatedAt: '2026-01-18T07:00:00Z',
  };

  it('parses a lesson and hands its facts to the rules', () => {
    expect(LessonSchema.parse(lesson)).toEqual(lesson);
    const facts = toLessonFacts(lesson);
    expect(facts).toEqual({
      start: new Date('2026-01-18T08:00:00Z'),
      duration: 30,
      tutorId: 10,
      studentId: 20,
      canceledAt: new Date('2026-01-18T07:00:00Z'),
      canceledBy: 'student',
    });
    expect(lessonStatus(facts, new Date('2026-01-18T07:30:00Z'), 20)).toEqual({
      status: 'canceled',
      canceledBy: 'self',
    });
    const pending = toLessonFacts({ ...lesson, canceledAt: null, canceledBy: null, status: 'pending' });
    expect(lessonStatus(pending, new Date('2026-01-18T08:10:00Z')).status).toBe('happening');
  });

  it('rejects unknown cancellers and durations', () => {
    expect(LessonSchema.safeParse({ ...lesson, canceledBy: 'admin' }).success).toBe(false);
    expect(LessonSchema.safeParse({ ...lesson, duration: 45 }).success).toBe(false);
  });
});
