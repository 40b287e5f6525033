import { z } from 'zod';
import { InterviewStatus, LessonDuration, LessonStatus } from './lesson.enums.ts';

/**
 * The zod schemas of lesson.enums.ts, in a module of their own: the apps' first screens import the
 * enums, and zod must not come with them (first-load budget, issue 16).
 */
export const LessonDurationSchema = z.enum(LessonDuration);
export const LessonStatusSchema = z.enum(LessonStatus);
export const InterviewStatusSchema = z.enum(InterviewStatus);
