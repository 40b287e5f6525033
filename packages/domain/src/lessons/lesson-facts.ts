import type { LessonFacts } from './lesson.rules.ts';
import type { Lesson } from './lesson.schemas.ts';

/** The rules' view of a lesson from the API. */
export function toLessonFacts(lesson: Lesson): LessonFacts {
  return {
    start: new Date(lesson.start),
    duration: lesson.duration,
    tutorId: lesson.tutor.id,
    studentId: lesson.student.id,
    canceledAt: lesson.canceledAt === null ? null : new Date(lesson.canceledAt),
    canceledBy: lesson.canceledBy,
  };
}
