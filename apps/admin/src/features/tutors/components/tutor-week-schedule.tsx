import { useScheduleRange } from '@hiwar/client';
import {
  addLocalDays,
  type Interval,
  isOverlapping,
  localDayRange,
  toLocalDate,
  weekDates,
} from '@hiwar/domain';
import {
  adminLessonsMessages,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  formatDate,
  formatTime,
  scheduleMessages,
} from '@hiwar/ui';
import { useMemo, useState } from 'react';
import { ChevronBack, ChevronForward } from '../../../components/direction-icons.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';

const text = adminLessonsMessages.tutor.schedule;
const week = scheduleMessages.management;

type Span = Interval & { key: string };

/** A window and the booked parts inside it, as fractions of its length for the bar. */
export interface DayWindow {
  window: Span;
  booked: Span[];
}

const toSpan = (item: { start: string; end: string }, key: string): Span => ({
  start: new Date(item.start),
  end: new Date(item.end),
  key,
});

/**
 * The windows of each local day of a Saturday-first week, each with the booked parts that overlap it
 * (clipped to it). Windows belong to the day they start on.
 */
export function weekDays(
  dates: readonly string[],
  windows: ReadonlyArray<{ id: number; start: string; end: string }>,
  booked: ReadonlyArray<{ start: string; end: string }>,
): Array<{ date: string; windows: DayWindow[] }> {
  const bookedSpans = booked.map((part, index) => toSpan(part, `b${index}`));
  return dates.map((date) => ({
    date,
    windows: windows
      .map((slot) => toSpan(slot, `w${slot.id}`))
      .filter((span) => toLocalDate(span.start) === date)
      .sort((a, b) => a.start.getTime() - b.start.getTime())
      .map((span) => ({
        window: span,
        booked: bookedSpans
          .filter((part) => isOverlapping(part, span))
          .map((part) => ({
            key: part.key,
            start: new Date(Math.max(part.start.getTime(), span.start.getTime())),
            end: new Date(Math.min(part.end.getTime(), span.end.getTime())),
          })),
      })),
  }));
}

const range = (span: Interval) => [formatTime(span.start), formatTime(span.end)] as const;

function WindowRow({ item }: { item: DayWindow }) {
  const length = item.window.end.getTime() - item.window.start.getTime();
  const at = (instant: Date) => ((instant.getTime() - item.window.start.getTime()) / length) * 100;
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-brand/30 bg-brand-soft/40 p-2">
      <span className="text-xs font-semibold" dir="auto">
        <span className="sr-only">{week.windowLabel(...range(item.window))}</span>
        <span aria-hidden="true">
          {formatTime(item.window.start)} – {formatTime(item.window.end)}
        </span>
      </span>
      {/* The bar runs from the window's start (inline start) to its end; booked parts are filled. */}
      <div aria-hidden="true" className="relative h-2 overflow-hidden rounded-full bg-brand/20">
        {item.booked.map((part) => (
          <span
            key={part.key}
            className="absolute inset-y-0 rounded-full bg-warning"
            style={{ insetInlineStart: `${at(part.start)}%`, width: `${at(part.end) - at(part.start)}%` }}
          />
        ))}
      </div>
      {item.booked.length > 0 ? (
        <ul className="flex flex-col gap-0.5">
          {item.booked.map((part) => (
            <li key={part.key} className="text-xs text-muted-foreground">
              <span className="sr-only">{week.bookedLabel(...range(part))}</span>
              <span aria-hidden="true">
                {week.booked}: {formatTime(part.start)} – {formatTime(part.end)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * A tutor's week (Saturday to Friday, Cairo time), read-only: each day's availability windows with the
 * parts booked by lessons, and buttons to move a week back or forward.
 */
export function TutorWeekSchedule({ tutorId, today }: { tutorId: number; today?: string }) {
  const thisWeek = today ?? toLocalDate(new Date());
  const [anchor, setAnchor] = useState(thisWeek);
  const dates = useMemo(() => weekDates(anchor), [anchor]);
  const first = dates[0] as string;
  const last = dates[6] as string;
  const schedule = useScheduleRange({
    tutorId,
    from: localDayRange(first).start.toISOString(),
    to: localDayRange(last).end.toISOString(),
  });
  const days = useMemo(
    () => (schedule.data ? weekDays(dates, schedule.data.list, schedule.data.booked) : []),
    [dates, schedule.data],
  );
  const isEmpty = days.every((day) => day.windows.length === 0);
  const dayLabel = (date: string) =>
    formatDate(localDayRange(date).start, { weekday: 'long', day: 'numeric', month: 'long' });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <CardTitle as="h2" className="text-base">
              {text.title}
            </CardTitle>
            <CardDescription>{text.description}</CardDescription>
          </div>
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setAnchor(addLocalDays(first, -7))}
              aria-label={week.previousWeek}
            >
              <ChevronBack className="size-4" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setAnchor(thisWeek)}
              disabled={dates.includes(thisWeek)}
            >
              {week.thisWeek}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setAnchor(addLocalDays(first, 7))}
              aria-label={week.nextWeek}
            >
              <ChevronForward className="size-4" />
            </Button>
          </div>
        </div>
        <p className="text-sm font-semibold" aria-live="polite">
          {week.weekRange(
            formatDate(localDayRange(first).start, { day: 'numeric', month: 'long' }),
            formatDate(localDayRange(last).start, { day: 'numeric', month: 'long', year: 'numeric' }),
          )}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {schedule.isLoading ? (
          <Skeleton className="h-40 w-full rounded-xl" />
        ) : schedule.isError ? (
          <ErrorState
            title={text.loadFailed}
            error={schedule.error}
            onRetry={() => void schedule.refetch()}
          />
        ) : (
          <>
            <div
              className="flex flex-wrap items-center gap-4 text-xs text-muted-foreground"
              aria-hidden="true"
            >
              <span className="flex items-center gap-1.5">
                <span className="size-3 rounded-full bg-brand/30" />
                {week.legendWindow}
              </span>
              <span className="flex items-center gap-1.5">
                <span className="size-3 rounded-full bg-warning" />
                {week.legendBooked}
              </span>
            </div>
            {isEmpty ? <p className="text-sm text-muted-foreground">{text.emptyWeek}</p> : null}
            <ol
              aria-label={text.days}
              className={cn(
                'grid gap-2 sm:grid-cols-2 md:grid-cols-4 xl:grid-cols-7',
                schedule.isPlaceholderData && 'opacity-60',
              )}
            >
              {days.map((day) => (
                <li
                  key={day.date}
                  aria-label={dayLabel(day.date)}
                  className={cn(
                    'flex min-w-0 flex-col gap-2 rounded-xl border border-border p-2',
                    day.date === thisWeek && 'border-brand',
                  )}
                >
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="text-sm font-semibold">
                      {formatDate(localDayRange(day.date).start, { weekday: 'long' })}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {formatDate(localDayRange(day.date).start, { day: 'numeric', month: 'short' })}
                    </span>
                  </div>
                  {day.windows.length === 0 ? (
                    <span className="text-xs text-muted-foreground">{week.noWindows}</span>
                  ) : (
                    <ul className="flex flex-col gap-1.5">
                      {day.windows.map((item) => (
                        <WindowRow key={item.window.key} item={item} />
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
      </CardContent>
    </Card>
  );
}
