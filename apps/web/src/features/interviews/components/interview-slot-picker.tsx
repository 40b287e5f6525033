import { isApiError, useBookInterview, useInterviewerSelect, useUpdateInterview } from '@hiwar/client';
import {
  addLocalDays,
  groupByLocalDay,
  INTERVIEW_HORIZON_DAYS,
  type Interview,
  type InterviewerOption,
  type LocalDayTimes,
  toLocalDate,
  toLocalDateTime,
} from '@hiwar/domain';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  cn,
  formatDate,
  formatDateTime,
  formatTime,
  interviewsMessages,
  messages,
  RadioCards,
  Skeleton,
  useToast,
} from '@hiwar/ui';
import { ChevronLeft, ChevronRight, Globe } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { timeZoneName, useUserTimeZone } from '../lib/time-zone.ts';
import { InterviewError } from './interview-error.tsx';

const text = interviewsMessages.booking;
const card = interviewsMessages.card;
const DAY_MS = 24 * 3600_000;
/** Answers after which the shown times are stale: they are fetched again. */
const STALE_TIMES_CODES: ReadonlySet<string> = new Set([
  'busy-tutor-manager',
  'conflicting-lessons',
  'slot-not-found',
  'lesson-too-soon',
  'lesson-too-far',
]);

/** A local date as a label, read on its own calendar (noon UTC never crosses a date line). */
function dayLabel(date: string, options: Intl.DateTimeFormatOptions): string {
  return formatDate(`${date}T12:00:00Z`, { ...options, timeZone: 'UTC' });
}

/** The Saturdays of the weeks the booking horizon covers, in the user's zone. */
function horizonWeeks(now: Date, timeZone: string): string[] {
  const today = toLocalDateTime(now, timeZone);
  const first = addLocalDays(today.date, -today.dayOfWeek);
  const last = toLocalDate(new Date(now.getTime() + INTERVIEW_HORIZON_DAYS * DAY_MS), timeZone);
  const weeks: string[] = [];
  for (let week = first; week <= last; week = addLocalDays(week, 7)) {
    weeks.push(week);
  }
  return weeks;
}

export type InterviewSlotPickerProps =
  | { mode: 'book'; onDone?: (interview: Interview) => void }
  /** Move this pending interview to another free time of the same interviewer. */
  | { mode: 'reschedule'; interview: Interview; onDone?: (interview: Interview) => void };

/**
 * Booking an interview, the way a tutor books a lesson: the best TutorManager the server offers (name,
 * photo, bio; another one can be chosen), then a Saturday-first week of days within the 14-day horizon,
 * then that day's free 30-minute starts in the user's time zone, then a summary to confirm
 * (`POST /interview`). In `reschedule` mode the same picker moves the interview to another free time of
 * its interviewer (`PUT /interview/{id}` with `start`; its own time counts as free).
 */
export function InterviewSlotPicker(props: InterviewSlotPickerProps) {
  const reschedule = props.mode === 'reschedule' ? props.interview : null;
  const timeZone = useUserTimeZone();
  const { toast } = useToast();
  const select = useInterviewerSelect(reschedule ? { exceptInterviewId: reschedule.id } : {});
  const book = useBookInterview();
  const move = useUpdateInterview();
  const save = reschedule ? move : book;
  const [now] = useState(() => new Date());
  const weeks = useMemo(() => horizonWeeks(now, timeZone), [now, timeZone]);

  const [interviewerId, setInterviewerId] = useState<number | null>(null);
  const [showChoices, setShowChoices] = useState(false);
  const [weekIndex, setWeekIndex] = useState<number | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<Date | null>(null);
  const choicesId = useId();

  const options = useMemo<InterviewerOption[]>(() => {
    if (reschedule) {
      // Its own interviewer only, without the time it already has.
      const current = Date.parse(reschedule.start);
      return (select.data?.list ?? [])
        .filter((option) => option.interviewer.id === reschedule.interviewer.id)
        .map((option) => ({ ...option, times: option.times.filter((time) => Date.parse(time) !== current) }))
        .filter((option) => option.times.length > 0);
    }
    return (select.data?.list ?? []).filter((option) => option.times.length > 0);
  }, [select.data, reschedule]);
  const chosen = options.find((option) => option.interviewer.id === interviewerId) ?? options[0];
  const days = useMemo<LocalDayTimes[]>(
    () =>
      chosen
        ? groupByLocalDay(
            chosen.times.map((time) => new Date(time)),
            timeZone,
          )
        : [],
    [chosen, timeZone],
  );

  // The week shown: the one asked for, else the week of the first free time.
  const firstWeek = Math.max(0, days[0] ? weeks.indexOf(days[0].weekStart) : 0);
  const shownWeek = Math.min(weekIndex ?? firstWeek, weeks.length - 1);
  const week = weeks[shownWeek] ?? weeks[0]!;
  const weekDays = Array.from({ length: 7 }, (_, column) => addLocalDays(week, column));
  const timesOf = (date: string) => days.find((item) => item.date === date)?.times ?? [];
  const shownDay =
    day !== null && weekDays.includes(day) && timesOf(day).length > 0
      ? day
      : (weekDays.find((date) => timesOf(date).length > 0) ?? null);
  const times = shownDay ? timesOf(shownDay) : [];

  const chooseInterviewer = (id: number) => {
    setInterviewerId(id);
    setWeekIndex(null);
    setDay(null);
    setStart(null);
    save.reset();
  };
  const goToWeek = (index: number) => {
    setWeekIndex(index);
    setDay(null);
    setStart(null);
    save.reset();
  };

  const onError = (error: Error) => {
    if (isApiError(error) && STALE_TIMES_CODES.has(error.code)) {
      setStart(null);
      void select.refetch();
    }
  };
  const confirm = () => {
    if (!chosen || start === null) {
      return;
    }
    const done = (interview: Interview, title: string) => {
      toast({
        type: 'success',
        title,
        description: text.bookedText(formatDateTime(interview.start, { timeZone })),
      });
      props.onDone?.(interview);
    };
    // The promises, not mutate's callbacks: the server tells this tab (`interview-booked`,
    // `interview-updated`) before it answers, and the onboarding that refetches may replace this
    // picker with the interview's card first; mutate's callbacks never run once it has unmounted.
    if (reschedule) {
      move
        .mutateAsync({ id: reschedule.id, body: { start: start.toISOString() } })
        .then((interview) => done(interview, text.rescheduled), onError);
      return;
    }
    book
      .mutateAsync({ interviewerId: chosen.interviewer.id, start: start.toISOString() })
      .then((interview) => done(interview, text.booked), onError);
  };

  if (select.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (select.isError) {
    return (
      <Alert
        tone="danger"
        title={text.loadFailed}
        action={
          <Button size="sm" variant="secondary" onClick={() => void select.refetch()}>
            {messages.common.retry}
          </Button>
        }
      />
    );
  }
  if (!reschedule && select.data.retakeAt) {
    return (
      <Alert tone="warning">
        {interviewsMessages.onboarding.interview.retake(
          formatDate(select.data.retakeAt, { dateStyle: 'long', timeZone }),
        )}
      </Alert>
    );
  }
  if (!chosen) {
    return (
      <Alert
        tone="info"
        action={
          <Button size="sm" variant="secondary" onClick={() => void select.refetch()}>
            {messages.common.retry}
          </Button>
        }
      >
        {reschedule ? text.noTimesFor(reschedule.interviewer.name ?? card.unnamedInterviewer) : text.noTimes}
      </Alert>
    );
  }

  const name = chosen.interviewer.name ?? card.unnamedInterviewer;
  return (
    <div className="flex flex-col gap-5">
      {reschedule ? null : (
        <section aria-label={text.interviewer} className="flex flex-col gap-3">
          <div className="flex items-start gap-3 rounded-xl border border-border bg-surface-muted p-4">
            <Avatar src={chosen.interviewer.image} name={name} size="lg" decorative />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="text-xs font-semibold text-muted-foreground">{text.interviewer}</p>
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-bold">{name}</p>
                {chosen === options[0] ? <Badge tone="brand">{text.best}</Badge> : null}
              </div>
              {chosen.interviewer.bio ? (
                <p className="text-sm text-muted-foreground">{chosen.interviewer.bio}</p>
              ) : null}
              <p className="text-sm">
                {text.soonest(formatDateTime(chosen.times[0] as string, { timeZone }))}
              </p>
            </div>
          </div>
          {options.length > 1 ? (
            <div className="flex flex-col gap-3">
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                aria-expanded={showChoices}
                aria-controls={choicesId}
                onClick={() => setShowChoices((shown) => !shown)}
              >
                {showChoices ? text.hideChoices : text.change}
              </Button>
              {showChoices ? (
                <div id={choicesId}>
                  <RadioCards<string>
                    legend={text.interviewers}
                    name="interviewer"
                    value={String(chosen.interviewer.id)}
                    onValueChange={(value) => chooseInterviewer(Number(value))}
                    options={options.map((option) => ({
                      value: String(option.interviewer.id),
                      label: option.interviewer.name ?? card.unnamedInterviewer,
                      icon: (
                        <Avatar
                          src={option.interviewer.image}
                          name={option.interviewer.name ?? card.unnamedInterviewer}
                          size="sm"
                          decorative
                        />
                      ),
                      description: [
                        text.soonest(formatDateTime(option.times[0] as string, { timeZone })),
                        text.upcomingCount(option.upcomingInterviews),
                      ].join(' · '),
                    }))}
                  />
                </div>
              ) : null}
            </div>
          ) : null}
        </section>
      )}

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-2 font-bold">{text.chooseDay}</legend>
        <div className="flex items-center justify-between gap-2">
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={text.previousWeek}
            disabled={shownWeek === 0}
            onClick={() => goToWeek(shownWeek - 1)}
          >
            <ChevronRight aria-hidden />
          </Button>
          <span className="text-sm font-medium text-muted-foreground" aria-live="polite">
            {text.range(
              dayLabel(week, { day: 'numeric', month: 'long' }),
              dayLabel(addLocalDays(week, 6), { day: 'numeric', month: 'long' }),
            )}
          </span>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={text.nextWeek}
            disabled={shownWeek >= weeks.length - 1}
            onClick={() => goToWeek(shownWeek + 1)}
          >
            <ChevronLeft aria-hidden />
          </Button>
        </div>
        <div className="grid grid-cols-7 gap-1.5">
          {weekDays.map((date) => {
            const count = timesOf(date).length;
            const label = dayLabel(date, { weekday: 'long', day: 'numeric', month: 'long' });
            return (
              <button
                key={date}
                type="button"
                disabled={count === 0}
                aria-pressed={shownDay === date}
                aria-label={text.dayTimes(label, count)}
                onClick={() => {
                  setDay(date);
                  setStart(null);
                  save.reset();
                }}
                className={cn(
                  'flex flex-col items-center gap-0.5 rounded-xl border border-border px-1 py-2 text-sm transition-colors',
                  'enabled:hover:border-brand disabled:cursor-not-allowed disabled:opacity-40',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  shownDay === date && 'border-brand bg-brand-soft text-brand-soft-foreground',
                )}
              >
                {/* The space keeps the visible words apart, as they are in the name ("Label in Name"). */}
                <span className="text-xs">{dayLabel(date, { weekday: 'short' })}</span>{' '}
                <span className="font-bold">{dayLabel(date, { day: 'numeric' })}</span>
              </button>
            );
          })}
        </div>
        {shownDay === null ? <Alert tone="info">{text.noTimesWeek}</Alert> : null}
      </fieldset>

      {shownDay !== null ? (
        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-2 font-bold">
            {text.timesOf(dayLabel(shownDay, { weekday: 'long', day: 'numeric', month: 'long' }))}
          </legend>
          <ul aria-label={text.chooseTime} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {times.map((option) => {
              const selected = start?.getTime() === option.start.getTime();
              return (
                <li key={option.start.toISOString()}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => {
                      setStart(option.start);
                      save.reset();
                    }}
                    className={cn(
                      'w-full rounded-xl border border-border px-2 py-2 text-sm font-medium transition-colors hover:border-brand',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      selected && 'border-brand bg-brand text-brand-foreground hover:border-brand',
                    )}
                  >
                    {formatTime(option.start, { timeZone })}
                    {option.repeated ? (
                      <span className="block text-xs">
                        {formatTime(option.start, {
                          hour: 'numeric',
                          minute: '2-digit',
                          timeZoneName: 'short',
                          timeZone,
                        })}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Globe aria-hidden className="size-3.5" />
            {text.timeZone(timeZoneName(timeZone))}
          </p>
        </fieldset>
      ) : null}

      {start !== null ? (
        <div className="flex flex-col gap-3">
          <dl
            aria-label={text.summary}
            className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-surface-muted p-4 text-sm"
          >
            <dt className="text-muted-foreground">{text.interviewer}</dt>
            <dd className="font-medium">{name}</dd>
            {reschedule ? (
              <>
                <dt className="text-muted-foreground">{text.oldTime}</dt>
                <dd className="font-medium text-muted-foreground line-through">
                  {formatDateTime(reschedule.start, { timeZone })}
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{reschedule ? text.newTime : card.when}</dt>
            <dd className="font-medium">{formatDateTime(start, { timeZone })}</dd>
            <dt className="text-muted-foreground">{card.duration}</dt>
            <dd className="font-medium">{card.minutes}</dd>
          </dl>
          {save.isError ? <InterviewError error={save.error} /> : null}
          <Button loading={save.isPending} onClick={confirm} className="self-start">
            {reschedule ? text.confirmReschedule : text.confirm}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
