import { useMyTutorStats, useScheduleLessons, useSession, useTutorOnboarding } from '@hiwar/client';
import { LessonStatus, Role, SortOrder } from '@hiwar/domain';
import {
  Button,
  Card,
  CardContent,
  CenteredState,
  EmptyState,
  formatNumber,
  messages,
  PageContainer,
  PageHeader,
  Skeleton,
  Spinner,
  tutorDashboardMessages,
} from '@hiwar/ui';
import { CalendarClock, CalendarDays, CloudOff, History, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { ChatsPanel } from '../../features/chat/index.ts';
import {
  TutorLessonNow,
  TutorStudentsAndReviews,
} from '../../features/lessons/components/tutor-dashboard-panels.tsx';
import { LessonList } from '../../features/schedule/components/lesson-list.tsx';

const text = tutorDashboardMessages;
const LIST_SIZE = 10;

function StatCard({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 p-4">
        <span aria-hidden="true" className="text-brand [&_svg]:size-6">
          {icon}
        </span>
        <dl className="flex flex-col">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-xl font-bold">{value}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * `/t/dashboard`: a Tutor who is not listed yet is sent on to `/tutor/onboarding` (what is left to do);
 * a TutorManager never is. If the onboarding cannot be read, the dashboard shows anyway.
 */
export function TutorDashboardPage() {
  const { user } = useSession();
  const isTutor = user?.role === Role.Tutor;
  const onboarding = useTutorOnboarding(isTutor && user ? user.id : null);
  if (isTutor && onboarding.isPending) {
    return (
      <CenteredState>
        <Spinner label={messages.common.loading} />
      </CenteredState>
    );
  }
  if (isTutor && onboarding.data && !onboarding.data.listed) {
    return <Navigate to="/tutor/onboarding" replace />;
  }
  return <TutorDashboard />;
}

/** The figures at a glance, then the upcoming and the past lessons. */
function TutorDashboard() {
  const stats = useMyTutorStats();
  const upcoming = useScheduleLessons({
    status: LessonStatus.Pending,
    order: SortOrder.Asc,
    size: LIST_SIZE,
  });
  const past = useScheduleLessons({ status: LessonStatus.Fulfilled, order: SortOrder.Desc, size: LIST_SIZE });
  const figure = (value: number | undefined) =>
    stats.isLoading ? <Skeleton className="h-6 w-12" /> : value === undefined ? '—' : formatNumber(value);
  const rating = stats.data?.rating;

  const section = (
    title: string,
    icon: ReactNode,
    query: typeof upcoming,
    empty: string,
    emptyText?: string,
  ) => (
    <section aria-labelledby={`${title}-heading`} className="flex flex-col gap-3">
      <h2 id={`${title}-heading`} className="flex items-center gap-2 text-lg font-bold">
        {icon}
        {title}
      </h2>
      {query.isLoading ? (
        <Skeleton className="h-32 w-full rounded-2xl" />
      ) : query.isError ? (
        <EmptyState
          icon={<CloudOff />}
          title={text.loadFailed}
          description={messages.common.networkError}
          action={<Button onClick={() => void query.refetch()}>{messages.common.retry}</Button>}
        />
      ) : (query.data?.list.length ?? 0) === 0 ? (
        <EmptyState title={empty} {...(emptyText ? { description: emptyText } : {})} />
      ) : (
        <LessonList lessons={query.data?.list ?? []} label={title} />
      )}
    </section>
  );

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-5xl flex-col gap-8">
        <PageHeader
          title={text.title}
          description={text.subtitle}
          actions={
            <Button asChild variant="secondary">
              <Link to="/schedule-management">{text.manageSchedule}</Link>
            </Button>
          }
          className="pb-0"
        />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard
            icon={<CalendarClock />}
            label={text.upcomingCount}
            value={figure(stats.data?.upcomingLessons)}
          />
          <StatCard
            icon={<Star />}
            label={text.rating}
            value={
              stats.isLoading ? (
                <Skeleton className="h-6 w-12" />
              ) : rating === null || rating === undefined ? (
                text.noRating
              ) : (
                formatNumber(rating, { maximumFractionDigits: 1 })
              )
            }
          />
          <StatCard icon={<Users />} label={text.students} value={figure(stats.data?.studentCount)} />
          <StatCard icon={<History />} label={text.lessonsDone} value={figure(stats.data?.lessonCount)} />
        </div>
        <TutorLessonNow />
        {section(
          text.upcoming,
          <CalendarDays aria-hidden="true" className="size-5" />,
          upcoming,
          text.noUpcoming,
          text.noUpcomingText,
        )}
        {section(text.past, <History aria-hidden="true" className="size-5" />, past, text.noPast)}
        <TutorStudentsAndReviews />
        <ChatsPanel />
      </div>
    </PageContainer>
  );
}
