import { enumValues } from './enum-values.ts';

/** Lesson length in minutes. */
export const LessonDuration = { Short: 15, Long: 30 } as const;
export type LessonDuration = (typeof LessonDuration)[keyof typeof LessonDuration];
export const LESSON_DURATIONS = enumValues(LessonDuration);

/** Derived from time and cancellation, never stored as a moving state (rules.md, Lessons). */
export const LessonStatus = {
  Pending: 'pending',
  Happening: 'happening',
  Fulfilled: 'fulfilled',
  Canceled: 'canceled',
} as const;
export type LessonStatus = (typeof LessonStatus)[keyof typeof LessonStatus];
export const LESSON_STATUSES = enumValues(LessonStatus);

export const InterviewStatus = { Pending: 1, Passed: 2, Rejected: 3, Canceled: 4 } as const;
export type InterviewStatus = (typeof InterviewStatus)[keyof typeof InterviewStatus];
export const INTERVIEW_STATUSES = enumValues(InterviewStatus);
