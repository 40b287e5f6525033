import { useTutorFreeTimes } from '@hiwar/client';
import type { TutorFreeTimes as FreeTimesAnswer } from '@hiwar/domain';
import { Button, Card, cn, formatDate, formatTime, freeTimesMessages, messages, Skeleton } from '@hiwar/ui';
import { useId } from 'react';
import { Link } from 'react-router';

const text = freeTimesMessages;
/** Times shown for a day at once; the rest of that day's are behind a disclosure. */
const SHOWN_PER_DAY = 8;

type Day = FreeTimesAnswer['days'][number];
type Week = { weekStart: string; days: Day[] };

/** The day label's options: the week's heading reads its Saturday the same way (one formatter). */
const DAY_LABEL = { weekday: 'long', day: 'numeric', month: 'long' } as const;

/** Days grouped into their Saturday-first weeks, in order. */
function weeksOf(days: readonly Day[]): Week[] {
  const weeks: Week[] = [];
  for (const day of days) {
    const last = weeks.at(-1);
    if (last?.weekStart === day.weekStart) {
      last.days.push(day);
    } else {
      weeks.push({ weekStart: day.weekStart, days: [day] });
    }
  }
  return weeks;
}

/**
 * A day's starts as labels: the Cairo time, or, where the night clocks go back makes the same time
 * happen twice that day, the time with its zone's name so the two read (and are named) apart.
 */
function timeLabels(starts: readonly string[]): string[] {
  const plain = starts.map((start) => formatTime(start));
  return plain.map((label, index) =>
    plain.indexOf(label) === plain.lastIndexOf(label)
      ? label
      : formatTime(starts[index]!, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  );
}

const chipClassName =
  'inline-flex min-h-11 min-w-[4.5rem] items-center justify-center rounded-xl border border-border px-2.5 py-2 text-sm font-medium';

function TimeList({
  dayLabel,
  starts,
  labels,
  labelledBy,
  hrefFor,
}: {
  dayLabel: string;
  starts: readonly string[];
  labels: readonly string[];
  labelledBy: string;
  hrefFor: ((start: string) => string) | null;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {starts.map((start, index) => (
        <li key={start}>
          {hrefFor ? (
            <Link
              to={hrefFor(start)}
              preventScrollReset
              aria-label={text.time(dayLabel, labels[index]!)}
              className={cn(
                chipClassName,
                'transition-colors hover:border-brand hover:bg-brand-soft focus-visible:outline-2 focus-visible:outline-brand',
              )}
            >
              <time dateTime={start}>{labels[index]}</time>
            </Link>
          ) : (
            <span className={cn(chipClassName, 'text-muted-foreground')}>
              <span className="sr-only">{text.time(dayLabel, labels[index]!)}</span>
              <time dateTime={start} aria-hidden>
                {labels[index]}
              </time>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function FreeDay({ day, hrefFor }: { day: Day; hrefFor: ((start: string) => string) | null }) {
  const id = useId();
  // The day as its own times read it in Cairo (the first one is on that date).
  const dayLabel = formatDate(day.starts[0]!, DAY_LABEL);
  const labels = timeLabels(day.starts);
  const shown = day.starts.slice(0, SHOWN_PER_DAY);
  const rest = day.starts.slice(SHOWN_PER_DAY);
  return (
    <li className="flex flex-col gap-2">
      <h4 id={id} className="text-sm font-bold">
        {dayLabel}
      </h4>
      <TimeList dayLabel={dayLabel} starts={shown} labels={labels} labelledBy={id} hrefFor={hrefFor} />
      {rest.length > 0 ? (
        // A disclosure of the browser's own: it opens before the app has taken the page over, and
        // holds no state of React's.
        <details>
          <summary className="cursor-pointer rounded-lg py-1 text-sm font-semibold text-brand focus-visible:outline-2 focus-visible:outline-brand">
            {text.more(rest.length)}
          </summary>
          <div className="pt-2">
            <TimeList
              dayLabel={dayLabel}
              starts={rest}
              labels={labels.slice(SHOWN_PER_DAY)}
              labelledBy={id}
              hrefFor={hrefFor}
            />
          </div>
        </details>
      ) : null}
    </li>
  );
}

/**
 * "Free times" on a tutor's profile (issue 27): the starts a lesson could be booked at in the next seven
 * Cairo days, by day in Saturday-first weeks. Each is a link (`hrefFor`), which the profile points at
 * the booking wizard set to that start, or at sign-in first for a visitor; without `hrefFor` the times
 * are shown only. Rendered on the server with the page: plain links and a native disclosure, nothing
 * that sets state when it mounts.
 */
export function TutorFreeTimes({
  tutorId,
  hrefFor,
  hint,
}: {
  tutorId: number;
  hrefFor: ((start: string) => string) | null;
  /** A line under the description (a visitor is told they sign in first). */
  hint?: string | undefined;
}) {
  const titleId = useId();
  const freeTimes = useTutorFreeTimes(tutorId);
  const weeks = freeTimes.data ? weeksOf(freeTimes.data.days) : [];

  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <section aria-labelledby={titleId} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg font-bold">
            {text.title}
          </h2>
          <p className="text-sm text-muted-foreground">
            {hrefFor ? text.description : text.descriptionReadOnly}
            {hint ? ` ${hint}` : ''}
          </p>
        </div>
        {freeTimes.isLoading ? (
          <Skeleton className="h-24 w-full rounded-xl" />
        ) : freeTimes.isError ? (
          <p className="text-sm text-muted-foreground">
            {text.loadFailed}{' '}
            <Button size="sm" variant="ghost" onClick={() => void freeTimes.refetch()}>
              {messages.common.retry}
            </Button>
          </p>
        ) : weeks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.empty}</p>
        ) : (
          weeks.map((week) => (
            <div key={week.weekStart} className="flex flex-col gap-3">
              <h3 className="text-sm text-muted-foreground">
                {/* 10:00 UTC is noon or 13:00 in Cairo: the Saturday's own date. */}
                {text.week(formatDate(`${week.weekStart}T10:00:00Z`, DAY_LABEL))}
              </h3>
              <ul className="flex flex-col gap-4">
                {week.days.map((day) => (
                  <FreeDay key={day.date} day={day} hrefFor={hrefFor} />
                ))}
              </ul>
            </div>
          ))
        )}
      </section>
    </Card>
  );
}
