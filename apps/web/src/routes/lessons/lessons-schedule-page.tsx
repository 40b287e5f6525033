import { useLessons, useSession } from '@hiwar/client';
import {
  addLocalDays,
  isLocalDate,
  type Lesson,
  LessonStatus,
  lessonStatus,
  Role,
  toLessonFacts,
  toLocalDate,
  weekDates,
  weekWindow,
} from '@hiwar/domain';
import {
  Badge,
  type BadgeTone,
  Button,
  cn,
  Dialog,
  DialogContent,
  EmptyState,
  formatDate,
  formatTime,
  lessonsMessages,
  messages,
  PageContainer,
  PageHeader,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@hiwar/ui';
import { CalendarX, ChevronLeft, ChevronRight, CloudOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LessonCard } from '../../features/lessons/components/lesson-card.tsx';

const text = lessonsMessages.schedule;
/** A week holds far fewer lessons than this; one page is the whole week. */
const WEEK_PAGE_SIZE = 100;
type View = 'week' | 'list';

const STATUS_TONES: Record<LessonStatus, BadgeTone> = {
  [LessonStatus.Pending]: 'info',
  [LessonStatus.Happening]: 'success',
  [LessonStatus.Fulfilled]: 'neutral',
  [LessonStatus.Canceled]: 'danger',
};

/** A local date as a label, read on its own calendar (noon UTC never crosses a date line). */
function dayLabel(date: string, options: Intl.DateTimeFormatOptions): string {
  return formatDate(`${date}T12:00:00Z`, { ...options, timeZone: 'UTC' });
}

/** The Saturday of the week named in the URL, or of this week. */
function saturdayOf(param: string | null): string {
  const date = param !== null && isLocalDate(param) ? param : toLocalDate(new Date());
  return weekDates(date)[0] as string;
}

/**
 * `/lessons-schedule` (students and tutors): your lessons one product week at a time (Saturday to
 * Friday, Cairo), as a week of day columns or as a list; the week and the view are kept in the URL.
 * A student opens a lesson to reschedule, cancel, rate or rebook it.
 */
export function LessonsSchedulePage() {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const isStudent = user?.role === Role.Student;
  const saturday = saturdayOf(params.get('week'));
  const view: View = params.get('view') === 'list' ? 'list' : 'week';
  const days = useMemo(() => weekDates(saturday), [saturday]);
  const range = useMemo(() => {
    const window = weekWindow(saturday);
    return { from: window.start.toISOString(), to: window.end.toISOString() };
  }, [saturday]);
  const lessons = useLessons({ ...range, order: 'asc', size: WEEK_PAGE_SIZE });
  // By id, so the open lesson follows the list as it refetches (moved, cancelled).
  const [openedId, setOpenedId] = useState<number | null>(null);
  const opened = lessons.data?.list.find((lesson) => lesson.id === openedId) ?? null;

  const byDay = useMemo(() => {
    const map = new Map<string, Lesson[]>(days.map((day) => [day, []]));
    for (const lesson of lessons.data?.list ?? []) {
      map.get(toLocalDate(new Date(lesson.start)))?.push(lesson);
    }
    return map;
  }, [days, lessons.data]);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) {
      next.delete(key);
    } else {
      next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const thisWeek = saturdayOf(null);
  const total = lessons.data?.list.length ?? 0;

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <PageHeader title={text.title} description={text.subtitle} className="pb-0" />
        {/* The view switch is a tab list whose panel is the lessons below it (the week or the list). */}
        <Tabs
          value={view}
          onValueChange={(next) => setParam('view', next === 'list' ? 'list' : null)}
          dir="rtl"
          className="flex flex-col"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-1">
              <Button
                size="sm"
                variant="ghost"
                aria-label={text.previousWeek}
                onClick={() => setParam('week', addLocalDays(saturday, -7))}
              >
                <ChevronRight aria-hidden />
              </Button>
              <h2 className="min-w-44 text-center font-bold" aria-live="polite">
                {text.range(
                  dayLabel(saturday, { day: 'numeric', month: 'long' }),
                  dayLabel(addLocalDays(saturday, 6), { day: 'numeric', month: 'long', year: 'numeric' }),
                )}
              </h2>
              <Button
                size="sm"
                variant="ghost"
                aria-label={text.nextWeek}
                onClick={() => setParam('week', addLocalDays(saturday, 7))}
              >
                <ChevronLeft aria-hidden />
              </Button>
              {saturday !== thisWeek ? (
                <Button size="sm" variant="secondary" onClick={() => setParam('week', null)}>
                  {text.thisWeek}
                </Button>
              ) : null}
            </div>
            <TabsList aria-label={text.view}>
              <TabsTrigger value="week">{text.week}</TabsTrigger>
              <TabsTrigger value="list">{text.list}</TabsTrigger>
            </TabsList>
          </div>

          <TabsContent value={view} aria-busy={lessons.isFetching} className="flex flex-col gap-3">
            {lessons.isLoading ? (
              <Skeleton className="h-64 w-full rounded-2xl" />
            ) : lessons.isError ? (
              <EmptyState
                icon={<CloudOff />}
                title={text.loadFailed}
                description={messages.common.networkError}
                action={<Button onClick={() => void lessons.refetch()}>{messages.common.retry}</Button>}
              />
            ) : view === 'week' ? (
              <ol className="grid gap-2 md:grid-cols-7">
                {days.map((day) => {
                  const items = byDay.get(day) ?? [];
                  const today = day === toLocalDate(new Date());
                  return (
                    <li
                      key={day}
                      aria-label={dayLabel(day, { weekday: 'long', day: 'numeric', month: 'long' })}
                      className={cn(
                        'flex min-h-28 flex-col gap-2 rounded-2xl border border-border bg-surface p-2',
                        today && 'border-brand',
                      )}
                    >
                      <div className="flex items-baseline justify-between gap-1 px-1 md:flex-col md:items-center">
                        <span className="text-sm font-bold">{dayLabel(day, { weekday: 'long' })}</span>
                        <span className="text-xs text-muted-foreground">
                          {dayLabel(day, { day: 'numeric', month: 'short' })}
                        </span>
                      </div>
                      {items.length === 0 ? (
                        <p className="px-1 text-xs text-muted-foreground md:text-center">
                          {text.noLessonsDay}
                        </p>
                      ) : (
                        <ul className="flex flex-col gap-1.5">
                          {items.map((lesson) => (
                            <li key={lesson.id}>
                              <LessonChip
                                lesson={lesson}
                                viewerId={user?.id}
                                isStudent={isStudent}
                                onOpen={() => setOpenedId(lesson.id)}
                              />
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  );
                })}
              </ol>
            ) : total === 0 ? (
              <EmptyState
                icon={<CalendarX />}
                title={text.emptyWeek}
                description={text.emptyWeekText}
                action={
                  isStudent ? (
                    <Button asChild>
                      <Link to="/tutors">{lessonsMessages.upcoming.findTutor}</Link>
                    </Button>
                  ) : undefined
                }
              />
            ) : (
              <div className="flex flex-col gap-5">
                {days
                  .filter((day) => (byDay.get(day)?.length ?? 0) > 0)
                  .map((day) => (
                    <section
                      key={day}
                      aria-label={dayLabel(day, { weekday: 'long', day: 'numeric', month: 'long' })}
                    >
                      <h3 className="mb-2 font-bold">
                        {dayLabel(day, { weekday: 'long', day: 'numeric', month: 'long' })}
                      </h3>
                      <ul className="flex flex-col gap-3">
                        {(byDay.get(day) ?? []).map((lesson) => (
                          <li key={lesson.id}>
                            {isStudent ? (
                              <LessonCard lesson={lesson} headingLevel="h3" />
                            ) : (
                              <LessonChip
                                lesson={lesson}
                                viewerId={user?.id}
                                isStudent={false}
                                onOpen={() => undefined}
                              />
                            )}
                          </li>
                        ))}
                      </ul>
                    </section>
                  ))}
              </div>
            )}
          </TabsContent>
        </Tabs>
      </div>
      <Dialog open={opened !== null} onOpenChange={(open) => (open ? undefined : setOpenedId(null))}>
        {opened ? (
          <DialogContent title={text.open} hideTitle>
            <LessonCard lesson={opened} headingLevel="h2" />
          </DialogContent>
        ) : null}
      </Dialog>
    </PageContainer>
  );
}

/**
 * A lesson in a day column: time, length, the other member and its status. A student opens it (the
 * lesson card with its actions); a tutor enters the room from it while it can be joined.
 */
function LessonChip({
  lesson,
  viewerId,
  isStudent,
  onOpen,
}: {
  lesson: Lesson;
  viewerId: number | undefined;
  isStudent: boolean;
  onOpen: () => void;
}) {
  const { status } = lessonStatus(toLessonFacts(lesson), new Date(), viewerId);
  const other = isStudent
    ? lessonsMessages.lesson.with(lesson.tutor.name ?? lessonsMessages.lesson.unnamedTutor)
    : text.withStudent(lesson.student.name ?? text.unnamedStudent);
  const content = (
    <>
      <span className="flex items-center justify-between gap-1">
        <time dateTime={lesson.start} className="font-bold">
          {formatTime(lesson.start)}
        </time>
        <Badge tone={STATUS_TONES[status]}>{lessonsMessages.lesson.status[status]}</Badge>
      </span>
      <span className="truncate">{other}</span>
      <span className="text-muted-foreground">{lessonsMessages.lesson.duration(lesson.duration)}</span>
    </>
  );
  const className = cn(
    'flex w-full flex-col gap-0.5 rounded-xl border border-border bg-surface-muted p-2 text-start text-xs',
    status === LessonStatus.Canceled && 'opacity-70',
  );
  if (isStudent) {
    return (
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          className,
          'transition-colors hover:border-brand focus-visible:outline-2 focus-visible:outline-brand',
        )}
      >
        {content}
      </button>
    );
  }
  const active = status === LessonStatus.Pending || status === LessonStatus.Happening;
  return active ? (
    <Link to={`/lesson/${lesson.id}`} className={cn(className, 'hover:border-brand')}>
      {content}
    </Link>
  ) : (
    <div className={className}>{content}</div>
  );
}
