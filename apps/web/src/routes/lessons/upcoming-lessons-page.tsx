import {
  Button,
  EmptyState,
  lessonsMessages,
  messages,
  PageContainer,
  PageHeader,
  Skeleton,
} from '@hiwar/ui';
import { CalendarX, CloudOff } from 'lucide-react';
import { Link } from 'react-router';
import { LessonCard } from '../../features/lessons/components/lesson-card.tsx';
import { useUpcomingLessons } from '../../features/lessons/hooks/use-my-lessons.ts';

const text = lessonsMessages.upcoming;

/** `/upcoming-lessons` (students): booked lessons that have not ended, soonest first. */
export function UpcomingLessonsPage() {
  const lessons = useUpcomingLessons();
  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <PageHeader
          title={text.title}
          description={text.subtitle}
          className="pb-0"
          actions={
            <>
              <Button asChild variant="secondary">
                <Link to="/lessons-schedule">{lessonsMessages.dashboard.schedule}</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to="/tutors">{text.findTutor}</Link>
              </Button>
            </>
          }
        />
        <section aria-label={text.listLabel} className="flex flex-col gap-3">
          {lessons.isLoading ? (
            [0, 1].map((key) => <Skeleton key={key} className="h-36 w-full rounded-2xl" />)
          ) : lessons.isError ? (
            <EmptyState
              icon={<CloudOff />}
              title={text.loadFailed}
              description={messages.common.networkError}
              action={<Button onClick={() => void lessons.refetch()}>{messages.common.retry}</Button>}
            />
          ) : lessons.upcoming.length === 0 ? (
            <EmptyState
              icon={<CalendarX />}
              title={text.empty}
              description={text.emptyText}
              action={
                <Button asChild>
                  <Link to="/tutors">{text.findTutor}</Link>
                </Button>
              }
            />
          ) : (
            <ul className="flex flex-col gap-3">
              {lessons.upcoming.map((lesson) => (
                <li key={lesson.id}>
                  <LessonCard lesson={lesson} headingLevel="h2" />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </PageContainer>
  );
}
