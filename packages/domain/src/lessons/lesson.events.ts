import { z } from 'zod';
import { LessonSchema } from './lesson.schemas.ts';
import { LESSON_REMINDER_KINDS } from './lesson-reminders.ts';

/**
 * Socket events about a lesson, sent to both members' rooms (spec §7: server-to-client events for
 * lessons): booked, moved, cancelled. Each carries the lesson as the API returns it.
 */
export const LESSON_BOOKED_EVENT = 'lesson-booked';
export const LESSON_RESCHEDULED_EVENT = 'lesson-rescheduled';
export const LESSON_CANCELED_EVENT = 'lesson-canceled';

export const LESSON_EVENTS = [LESSON_BOOKED_EVENT, LESSON_RESCHEDULED_EVENT, LESSON_CANCELED_EVENT] as const;
export type LessonEventName = (typeof LESSON_EVENTS)[number];

export const LessonEventSchema = z.object({ lesson: LessonSchema });
export type LessonEvent = z.infer<typeof LessonEventSchema>;

/**
 * The in-app lesson reminder (rules.md "Lessons"): sent to one member a day (`day`) and an hour
 * (`hour`) before their lesson, with the lesson as the API returns it. The same reminder goes by
 * e-mail and by the member's messaging app.
 */
export const LESSON_REMINDER_EVENT = 'lesson-reminder';

export const LessonReminderEventSchema = z.object({
  kind: z.enum(LESSON_REMINDER_KINDS),
  lesson: LessonSchema,
});
export type LessonReminderEvent = z.infer<typeof LessonReminderEventSchema>;
