import { type Lesson, lessonToIcs } from '@hiwar/domain';

/** The lesson as an `.ics` calendar file body, linking back to its page on `webUrl`. */
export function lessonIcs(lesson: Lesson, webUrl: string, tutorName: string): string {
  const url = new URL(`/lesson/${lesson.id}`, webUrl).toString();
  return lessonToIcs(
    {
      id: lesson.id,
      start: new Date(lesson.start),
      duration: lesson.duration,
      createdAt: new Date(lesson.createdAt),
      updatedAt: new Date(lesson.updatedAt),
      canceledAt: lesson.canceledAt === null ? null : new Date(lesson.canceledAt),
      canceledBy: lesson.canceledBy,
    },
    { tutorName, url },
  );
}

/** Saves the lesson's `.ics` file through a temporary download link. */
export function downloadLessonIcs(lesson: Lesson, webUrl: string, tutorName: string): void {
  const blob = new Blob([lessonIcs(lesson, webUrl, tutorName)], { type: 'text/calendar;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `hiwar-lesson-${lesson.id}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
