import { z } from 'zod';
import { LessonSchema } from './lesson.schemas.ts';
import { LESSON_REMINDER_KINDS } from './lesson-reminders.ts';

export const LessonEventSchema = z.object({ lesson: LessonSchema });
export type LessonEvent = z.infer<typeof LessonEventSchema>;

export const LessonReminderEventSchema = z.object({
  kind: z.enum(LESSON_REMINDER_KINDS),
  lesson: LessonSchema,
});
export type LessonReminderEvent = z.infer<typeof LessonReminderEventSchema>;
