import { useLessons } from '@hiwar/client';
import { type Lesson, LessonStatus, lessonStatus, toLessonFacts } from '@hiwar/domain';
import { useMemo, useState } from 'react';

const LONGEST_LESSON_MS = 30 * 60_000;

/** The student's lessons that have not ended (a happening one included), soonest first. */
export function useUpcomingLessons(size = 20) {
  // Lessons started up to 30 minutes ago may still be running; the list is filtered by status below.
  const [from] = useState(() => new Date(Date.now() - LONGEST_LESSON_MS).toISOString());
  const query = useLessons({ from, order: 'asc', size });
  const upcoming = useMemo<Lesson[]>(() => {
    const now = new Date();
    return (query.data?.list ?? []).filter((lesson) => {
      const { status } = lessonStatus(toLessonFacts(lesson), now);
      return status === LessonStatus.Pending || status === LessonStatus.Happening;
    });
  }, [query.data]);
  return { ...query, upcoming };
}

/** The student's lessons that started before now, newest first. */
export function usePastLessons(size = 5) {
  const [to] = useState(() => new Date().toISOString());
  return useLessons({ to, order: 'desc', size });
}
