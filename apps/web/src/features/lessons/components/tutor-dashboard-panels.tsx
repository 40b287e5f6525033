import { useMyTutorStats, useScheduleLessons, useSession } from '@hiwar/client';
import { joinLabel, type Lesson, LessonStatus, SortOrder, toLessonFacts } from '@hiwar/domain';
import {
  Avatar,
  Button,
  Card,
  EmptyState,
  lessonsMessages,
  Skeleton,
  tutorDashboardMessages,
} from '@hiwar/ui';
import { MessageSquareQuote, Users, Video } from 'lucide-react';
import { Link } from 'react-router';
import { useNow } from '../../payments/hooks/use-now.ts';
import { TutorReviews } from '../../tutors/components/tutor-reviews.tsx';
import { joinLabelText } from '../lib/join-label-text.ts';

const text = lessonsMessages.tutorDashboard;
const unnamedStudent = tutorDashboardMessages.unnamedStudent;
/** The same lists the dashboard shows, so React Query serves them from one request each. */
const LIST_SIZE = 10;

/**
 * The lesson the tutor can enter now (from 10 minutes before its start until its end), with its join
 * label; nothing when there is none.
 */
export function TutorLessonNow() {
  const now = new Date(useNow(30_000));
  const happening = useScheduleLessons({ status: LessonStatus.Happening, order: SortOrder.Asc, size: 1 });
  const upcoming = useScheduleLessons({
    status: LessonStatus.Pending,
    order: SortOrder.Asc,
    size: LIST_SIZE,
  });
  const lesson = [...(happening.data?.list ?? []), ...(upcoming.data?.list ?? [])].find(
    (item) => joinLabel(toLessonFacts(item), now).canJoin,
  );
  if (!lesson) {
    return null;
  }
  const name = lesson.student.name ?? unnamedStudent;
  return (
    <Card className="flex flex-wrap items-center gap-4 border-brand p-5">
      <Avatar name={name} src={lesson.student.image} size="md" decorative />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="font-bold">{text.now}</h2>
        <p className="text-sm">{text.nowText(name)}</p>
        <p className="text-sm font-medium" aria-live="polite">
          {joinLabelText(joinLabel(toLessonFacts(lesson), now))}
        </p>
      </div>
      <Button asChild>
        <Link to={`/lesson/${lesson.id}`}>
          <Video aria-hidden />
          {lessonsMessages.lesson.enter}
        </Link>
      </Button>
    </Card>
  );
}

/** The students of the latest lessons (past, then to come) and the latest reviews of the tutor. */
export function TutorStudentsAndReviews() {
  const { user } = useSession();
  const stats = useMyTutorStats();
  const past = useScheduleLessons({ status: LessonStatus.Fulfilled, order: SortOrder.Desc, size: LIST_SIZE });
  const upcoming = useScheduleLessons({
    status: LessonStatus.Pending,
    order: SortOrder.Asc,
    size: LIST_SIZE,
  });
  const students = new Map<number, { member: Lesson['student']; count: number }>();
  for (const lesson of [...(past.data?.list ?? []), ...(upcoming.data?.list ?? [])]) {
    const seen = students.get(lesson.student.id);
    students.set(lesson.student.id, { member: lesson.student, count: (seen?.count ?? 0) + 1 });
  }
  const total = stats.data?.studentCount ?? 0;

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="recent-students" className="flex flex-col gap-3">
        <h2 id="recent-students" className="flex items-center gap-2 text-lg font-bold">
          <Users aria-hidden="true" className="size-5" />
          {text.students}
        </h2>
        {total > 0 ? <p className="text-sm text-muted-foreground">{text.studentsText(total)}</p> : null}
        {past.isLoading || upcoming.isLoading ? (
          <Skeleton className="h-24 w-full rounded-2xl" />
        ) : students.size === 0 ? (
          <EmptyState title={text.noStudents} />
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {[...students.values()].map(({ member, count }) => {
              const name = member.name ?? unnamedStudent;
              return (
                <li
                  key={member.id}
                  className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-3"
                >
                  <Avatar name={name} src={member.image} size="sm" decorative />
                  <div className="flex min-w-0 flex-col">
                    <span className="truncate font-semibold">{name}</span>
                    <span className="text-xs text-muted-foreground">{text.lessonsWith(count)}</span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {user ? (
        <section aria-labelledby="latest-reviews" className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-2">
            <h2 id="latest-reviews" className="flex items-center gap-2 text-lg font-bold">
              <MessageSquareQuote aria-hidden="true" className="size-5" />
              {text.reviews}
            </h2>
            <Link to={`/t/${user.id}`} className="text-sm text-brand hover:underline">
              {text.viewProfile}
            </Link>
          </div>
          <TutorReviews tutorId={user.id} />
        </section>
      ) : null}
    </div>
  );
}
