import { useCurrentSubscription, useTrialStatus } from '@hiwar/client';
import {
  Button,
  Card,
  formatDate,
  formatMoney,
  lessonsMessages,
  nouns,
  PageContainer,
  PageHeader,
  plural,
  Skeleton,
} from '@hiwar/ui';
import { Link } from 'react-router';
import { ChatsPanel } from '../../features/chat/index.ts';
import { LessonCard } from '../../features/lessons/components/lesson-card.tsx';
import { MyTutorsSection } from '../../features/lessons/components/my-tutors-section.tsx';
import { usePastLessons, useUpcomingLessons } from '../../features/lessons/hooks/use-my-lessons.ts';

const text = lessonsMessages.dashboard;

function RemainingMinutes() {
  const current = useCurrentSubscription();
  const trial = useTrialStatus();
  if (current.isLoading) {
    return <Skeleton className="h-28 w-full rounded-2xl" />;
  }
  const quota = current.data?.quota;
  return (
    <Card className="flex flex-col gap-2 p-5">
      <h2 className="text-sm text-muted-foreground">{text.remaining}</h2>
      {quota ? (
        <>
          <p className="text-2xl font-bold">
            {text.remainingOf(
              plural(quota.remainingMinutes, nouns.minutes),
              plural(quota.weeklyMinutes, nouns.minutes),
            )}
          </p>
          <p className="text-sm text-muted-foreground">
            {text.resets(formatDate(quota.resetsAt, { weekday: 'long', day: 'numeric', month: 'long' }))}
          </p>
        </>
      ) : trial.data?.available ? (
        // Without a plan, the trial lesson (issue 27) is the way to start.
        <>
          <p className="font-bold">{text.trialTitle}</p>
          <p className="text-sm text-muted-foreground">
            {(trial.data.price ?? 0) > 0 && trial.data.paid
              ? text.trialTextPaid(trial.data.minutes)
              : text.trialText(
                  trial.data.minutes,
                  (trial.data.price ?? 0) > 0 ? formatMoney(trial.data.price ?? 0) : null,
                )}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to="/tutors">{text.trialAction}</Link>
            </Button>
            <Button asChild size="sm" variant="secondary">
              <Link to="/subscription">{text.subscribe}</Link>
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="font-bold">{text.noSubscription}</p>
          <Button asChild size="sm" className="self-start">
            <Link to="/subscription">{text.subscribe}</Link>
          </Button>
        </>
      )}
    </Card>
  );
}

/** `/s/dashboard` (students): minutes left this week, the next lesson with its join label, past lessons. */
export function StudentDashboardPage() {
  const upcoming = useUpcomingLessons(5);
  const past = usePastLessons(5);
  const next = upcoming.upcoming[0];
  const pastLessons = (past.data?.list ?? []).filter((lesson) => lesson.id !== next?.id);

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <PageHeader
          title={text.title}
          description={text.subtitle}
          className="pb-0"
          actions={
            <Button asChild variant="secondary">
              <Link to="/lessons-schedule">{text.schedule}</Link>
            </Button>
          }
        />
        <div className="grid gap-4 md:grid-cols-[1fr_2fr]">
          <RemainingMinutes />
          <section aria-labelledby="next-lesson" className="flex flex-col gap-3">
            <div className="flex items-center justify-between gap-2">
              <h2 id="next-lesson" className="text-lg font-bold">
                {text.nextLesson}
              </h2>
              <Link to="/upcoming-lessons" className="text-sm text-brand hover:underline">
                {text.allUpcoming}
              </Link>
            </div>
            {upcoming.isLoading ? (
              <Skeleton className="h-36 w-full rounded-2xl" />
            ) : next ? (
              <LessonCard lesson={next} />
            ) : (
              <Card className="flex flex-col items-start gap-3 p-5">
                <p className="text-muted-foreground">{text.noNext}</p>
                <Button asChild size="sm">
                  <Link to="/tutors">{text.bookNow}</Link>
                </Button>
              </Card>
            )}
          </section>
        </div>
        <MyTutorsSection />
        <ChatsPanel />
        <section aria-labelledby="past-lessons" className="flex flex-col gap-3">
          <h2 id="past-lessons" className="text-lg font-bold">
            {text.past}
          </h2>
          {past.isLoading ? (
            <Skeleton className="h-24 w-full rounded-2xl" />
          ) : pastLessons.length === 0 ? (
            <p className="text-sm text-muted-foreground">{text.noPast}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {pastLessons.map((lesson) => (
                <li key={lesson.id}>
                  <LessonCard lesson={lesson} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </PageContainer>
  );
}
