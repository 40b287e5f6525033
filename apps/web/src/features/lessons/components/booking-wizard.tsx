import {
  isApiError,
  useBookLesson,
  useCurrentSubscription,
  usePublicPlatformSettings,
  useRescheduleLesson,
  useSession,
  useTutorSchedule,
} from '@hiwar/client';
import {
  addLocalDays,
  cancellationOutcome,
  groupByLocalDay,
  type Lesson,
  LessonCanceler,
  type LessonDuration,
  type LocalDayTimes,
  Role,
  type TutorScheduleResponse,
} from '@hiwar/domain';
import {
  Alert,
  Button,
  bookingWizardMessages,
  cn,
  DialogContent,
  formatDate,
  formatDateTime,
  formatTime,
  freeTimesMessages,
  lessonsMessages,
  messages,
  nouns,
  plural,
  RadioCards,
  Skeleton,
  useToast,
} from '@hiwar/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BookingError } from './booking-error.tsx';

const text = bookingWizardMessages;
const DAY_MS = 24 * 3600_000;
const MAX_QUERY_DAYS = 62;
const DURATIONS = [15, 30] as const satisfies readonly LessonDuration[];

type Step = 'date' | 'duration' | 'time' | 'confirm';
const BOOK_STEPS: readonly Step[] = ['date', 'duration', 'time', 'confirm'];
/** A moved lesson keeps its length, so there is no duration step. */
const RESCHEDULE_STEPS: readonly Step[] = ['date', 'time', 'confirm'];
/** Answers after which the shown times are stale: they are fetched again. */
const STALE_TIMES_CODES: ReadonlySet<string> = new Set([
  'busy-tutor',
  'conflicting-lessons',
  'slot-not-found',
]);

export interface BookingTutor {
  id: number;
  name: string;
  role: Role;
  notice: number;
}

/** A local date as a label, read on its own calendar (noon UTC never crosses a date line). */
function dayLabel(date: string, options: Intl.DateTimeFormatOptions): string {
  return formatDate(`${date}T12:00:00Z`, { ...options, timeZone: 'UTC' });
}

/** The starts of one duration, grouped by Cairo day. */
function daysOf(
  schedule: TutorScheduleResponse | undefined,
  duration: LessonDuration | 'any',
): LocalDayTimes[] {
  if (!schedule) {
    return [];
  }
  const { short, long } = schedule.bookable;
  const iso = duration === 15 ? short : duration === 30 ? long : [...short, ...long];
  return groupByLocalDay(iso.map((value) => new Date(value)));
}

/**
 * Where the keyboard goes on a step: the current choice, else the first choice on offer (a day, a
 * length, a time), else the step's submit button (confirming: Enter books).
 */
function stepFocusTarget(container: HTMLElement): HTMLElement | null {
  const candidates = [
    ...container.querySelectorAll<HTMLButtonElement | HTMLInputElement>(
      '[data-choice], input[type="radio"], button[type="submit"]',
    ),
  ].filter((element) => !element.disabled);
  const chosen = candidates.find((element) =>
    element instanceof HTMLInputElement ? element.checked : element.getAttribute('aria-pressed') === 'true',
  );
  return chosen ?? candidates[0] ?? null;
}

/** The availability window holding the whole lesson, named in the booking. */
function slotIdFor(
  schedule: TutorScheduleResponse | undefined,
  start: Date,
  duration: number,
): number | undefined {
  const end = start.getTime() + duration * 60_000;
  return schedule?.list.find(
    (slot) => Date.parse(slot.start) <= start.getTime() && end <= Date.parse(slot.end),
  )?.id;
}

/**
 * Where the wizard opens for a start picked on the profile: its day and week, and the lengths (of
 * `lengths`) a lesson starting then could have; null when no length has it (taken since, or clashing
 * with the student's own lesson).
 */
function presetOf(
  schedule: TutorScheduleResponse,
  at: string,
  lengths: readonly LessonDuration[],
): { date: string; weekStart: string; start: Date; lengths: LessonDuration[] } | null {
  const instant = Date.parse(at);
  let found: { date: string; weekStart: string; start: Date } | null = null;
  const fitting: LessonDuration[] = [];
  for (const length of lengths) {
    for (const day of daysOf(schedule, length)) {
      const option = day.times.find((time) => time.start.getTime() === instant);
      if (option) {
        found = { date: day.date, weekStart: day.weekStart, start: option.start };
        fitting.push(length);
      }
    }
  }
  return found ? { ...found, lengths: fitting } : null;
}

export interface BookingWizardProps {
  tutor: BookingTutor;
  /** Move this pending lesson (same tutor and length, `PATCH /lesson`) instead of booking a new one. */
  reschedule?: Lesson;
  /** Rebooking: the length of the earlier lesson, chosen for the student when the day offers it. */
  preferredDuration?: LessonDuration;
  /** Called with the booked or moved lesson; without it the wizard goes to `/upcoming-lessons`. */
  onDone?: (lesson: Lesson) => void;
  /** A start picked on the tutor's profile (ISO): the wizard opens at it while it is free (issue 27). */
  initialStart?: string;
  /**
   * Book the student's trial lesson (issue 27): its length is the platform's (no duration step), it
   * spends no minutes, and a late cancellation spends the trial instead. `paid`: a priced trial the
   * student paid for (decision 0048), not called free.
   */
  trial?: { minutes: LessonDuration; paid?: boolean };
}

/**
 * The booking wizard, inside a Dialog the caller opens: date (Saturday-first weeks, only days with a
 * bookable time) → duration (15/30) → time (Cairo times of that day) → confirm (weekly minutes left and
 * the late-cancellation rule) → `POST /lesson`, then a toast and `/upcoming-lessons`. With `reschedule`
 * it moves that lesson instead: its length is kept, and the confirm step shows the old and new times.
 *
 * Keyboard (issue 15): each step opens with focus on its choice (the chosen or first day, length or
 * time), so Enter or Space goes on to the next step; the confirm step is a form whose submit button
 * has focus, so Enter books. Without this the chosen button vanished with its step, focus fell back to
 * the dialog itself, and Enter there did nothing.
 */
export function BookingWizard({
  tutor,
  reschedule,
  preferredDuration,
  onDone,
  trial,
  initialStart,
}: BookingWizardProps) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { user } = useSession();
  // The setting in force, followed live when staff change it (rules.md `freeCancelHours`).
  const { freeCancelHours } = usePublicPlatformSettings();
  const [range] = useState(() => {
    const now = Date.now();
    const days = Math.min(MAX_QUERY_DAYS, tutor.notice + 1);
    return {
      tutorId: tutor.id,
      from: new Date(now).toISOString(),
      to: new Date(now + days * DAY_MS).toISOString(),
      ...(reschedule ? { exceptLessonId: reschedule.id } : {}),
    };
  });
  const schedule = useTutorSchedule(range);
  const subscription = useCurrentSubscription({ enabled: user?.role === Role.Student });
  const book = useBookLesson();
  const move = useRescheduleLesson();
  const save = reschedule ? move : book;
  // A moved lesson and a trial have their length already: no duration step.
  const fixedDuration: LessonDuration | undefined = reschedule
    ? (reschedule.duration as LessonDuration)
    : trial?.minutes;
  const steps = fixedDuration !== undefined ? RESCHEDULE_STEPS : BOOK_STEPS;

  const [step, setStep] = useState<Step>('date');
  const [date, setDate] = useState<string | null>(null);
  const [duration, setDuration] = useState<LessonDuration | null>(fixedDuration ?? null);
  const [start, setStart] = useState<Date | null>(null);
  const [weekIndex, setWeekIndex] = useState(0);
  /** The profile's start: being looked for, taken (kept while a length that fits is chosen), or gone. */
  const [preset, setPreset] = useState<'waiting' | 'taken' | 'gone' | null>(initialStart ? 'waiting' : null);
  const dialog = useRef<HTMLDivElement>(null);
  const summaryId = useId();

  const allDays = useMemo(
    () => daysOf(schedule.data, fixedDuration ?? 'any'),
    [schedule.data, fixedDuration],
  );
  const weeks = useMemo(() => [...new Set(allDays.map((day) => day.weekStart))], [allDays]);
  const daysWith = (length: LessonDuration) => daysOf(schedule.data, length);
  const timesOfDay = useMemo(
    () =>
      date !== null && duration !== null
        ? (daysOf(schedule.data, duration).find((day) => day.date === date)?.times ?? [])
        : [],
    [schedule.data, date, duration],
  );

  // Opened at a start picked on the profile: once the times are here it is taken (with its length when
  // only one fits), or the student is told it is gone. Set while rendering, not in an effect, so the
  // first step shown is already the right one and the focus goes straight to its choice.
  if (preset === 'waiting' && schedule.data) {
    const found = initialStart
      ? presetOf(schedule.data, initialStart, fixedDuration !== undefined ? [fixedDuration] : DURATIONS)
      : null;
    setPreset(found ? 'taken' : 'gone');
    if (found) {
      const length =
        found.lengths.length === 1
          ? found.lengths[0]
          : preferredDuration !== undefined && found.lengths.includes(preferredDuration)
            ? preferredDuration
            : undefined;
      setDate(found.date);
      setStart(found.start);
      setWeekIndex(Math.max(0, weeks.indexOf(found.weekStart)));
      if (length !== undefined) {
        setDuration(length);
      }
      setStep(length !== undefined ? 'confirm' : 'duration');
    }
  }

  const ready = !schedule.isLoading && !schedule.isError && allDays.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another step shows (and when the first one has its days).
  useEffect(() => {
    if (ready && dialog.current) {
      stepFocusTarget(dialog.current)?.focus();
    }
  }, [step, ready]);

  const stepIndex = steps.indexOf(step);
  const goBack = () => {
    save.reset();
    setStep(steps[Math.max(0, stepIndex - 1)] ?? 'date');
  };

  const chooseDate = (day: string) => {
    setDate(day);
    setStart(null);
    const length = fixedDuration ?? preferredDuration;
    if (length !== undefined && daysWith(length).some((item) => item.date === day)) {
      setDuration(length);
      setStep('time');
      return;
    }
    setStep('duration');
  };

  const done = (lesson: Lesson, title: string) => {
    toast({ type: 'success', title, description: text.bookedText(formatDateTime(lesson.start)) });
    if (onDone) {
      onDone(lesson);
      return;
    }
    void navigate('/upcoming-lessons');
  };
  const onError = (error: Error) => {
    if (isApiError(error) && STALE_TIMES_CODES.has(error.code)) {
      void schedule.refetch();
    }
  };

  const confirm = () => {
    if (start === null || duration === null) {
      return;
    }
    const slotId = slotIdFor(schedule.data, start, duration);
    const slot = slotId !== undefined ? { slotId } : {};
    // The promises, not mutate's callbacks: the server tells this tab (`lesson-booked`,
    // `lesson-rescheduled`) before it answers, and the lists that refetch may drop the card holding
    // this wizard's dialog first; mutate's callbacks never run once it has unmounted.
    if (reschedule) {
      move
        .mutateAsync({ id: reschedule.id, start: start.toISOString(), ...slot })
        .then((lesson) => done(lesson, text.rescheduled), onError);
      return;
    }
    book
      .mutateAsync({
        tutorId: tutor.id,
        start: start.toISOString(),
        duration,
        ...slot,
        ...(trial ? { trial: true } : {}),
      })
      .then((lesson) => done(lesson, trial ? text.trialBooked : text.booked), onError);
  };

  const week = weeks[weekIndex];
  const quota = subscription.data?.quota;
  const isTrial = trial !== undefined || reschedule?.trial === true;
  // Booked (or moved) this late, the lesson can no longer be cancelled with the minutes returned.
  const lateStart =
    start !== null &&
    !cancellationOutcome({ start }, LessonCanceler.Student, new Date(), freeCancelHours).minutesReturned;

  return (
    <DialogContent
      ref={dialog}
      onOpenAutoFocus={(event) => {
        // Opened with the times already known (opened before): straight to the first step's choice.
        const target = dialog.current ? stepFocusTarget(dialog.current) : null;
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }}
      title={
        reschedule
          ? text.rescheduleTitle(tutor.name)
          : trial
            ? trial.paid
              ? text.paidTrialTitle(tutor.name)
              : text.trialTitle(tutor.name)
            : text.title(tutor.name)
      }
      description={`${text.step(stepIndex + 1, steps.length)}: ${text.steps[step]}`}
      footer={
        step === 'date' ? null : (
          <Button variant="secondary" onClick={goBack}>
            {text.back}
          </Button>
        )
      }
    >
      {preset === 'gone' && step === 'date' ? (
        <Alert tone="warning">{freeTimesMessages.chosenTimeGone}</Alert>
      ) : null}
      {preset === 'taken' && step === 'duration' && start !== null ? (
        <p className="text-sm font-medium">{freeTimesMessages.chosenTime(formatDateTime(start))}</p>
      ) : null}
      {schedule.isLoading ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : schedule.isError ? (
        <Alert
          tone="danger"
          title={text.loadFailed}
          action={
            <Button size="sm" variant="secondary" onClick={() => void schedule.refetch()}>
              {messages.common.retry}
            </Button>
          }
        />
      ) : allDays.length === 0 ? (
        <Alert tone="info">{text.noTimes}</Alert>
      ) : step === 'date' && week !== undefined ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-bold">{text.chooseDate}</legend>
          <div className="flex items-center justify-between gap-2">
            {/* aria-disabled, not disabled: at the first or last week the button keeps the focus. */}
            <Button
              size="sm"
              variant="ghost"
              aria-label={text.back}
              aria-disabled={weekIndex === 0}
              onClick={() => setWeekIndex(Math.max(0, weekIndex - 1))}
            >
              <ChevronRight aria-hidden />
            </Button>
            <span className="text-sm text-muted-foreground">
              {dayLabel(week, { day: 'numeric', month: 'long' })} –{' '}
              {dayLabel(addLocalDays(week, 6), { day: 'numeric', month: 'long' })}
            </span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={text.next}
              aria-disabled={weekIndex >= weeks.length - 1}
              onClick={() => setWeekIndex(Math.min(weeks.length - 1, weekIndex + 1))}
            >
              <ChevronLeft aria-hidden />
            </Button>
          </div>
          <div className="grid grid-cols-7 gap-1.5">
            {Array.from({ length: 7 }, (_, column) => addLocalDays(week, column)).map((day) => {
              const bookable = allDays.some((item) => item.date === day);
              return (
                <button
                  key={day}
                  type="button"
                  data-choice=""
                  disabled={!bookable}
                  aria-pressed={date === day}
                  aria-label={dayLabel(day, { weekday: 'long', day: 'numeric', month: 'long' })}
                  onClick={() => chooseDate(day)}
                  className={cn(
                    'flex flex-col items-center gap-0.5 rounded-xl border border-border px-1 py-2 text-sm transition-colors',
                    'enabled:hover:border-brand disabled:cursor-not-allowed disabled:opacity-40',
                    'focus-visible:outline-2 focus-visible:outline-brand',
                    date === day && 'border-brand bg-brand-soft',
                  )}
                >
                  {/* The space keeps the visible words apart, as they are in the name ("Label in Name"). */}
                  <span className="text-xs text-muted-foreground">{dayLabel(day, { weekday: 'short' })}</span>{' '}
                  <span className="font-bold">{dayLabel(day, { day: 'numeric' })}</span>
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : step === 'duration' ? (
        <RadioCards<string>
          legend={text.chooseDuration}
          name="lesson-duration"
          columns={2}
          value={duration === null ? null : String(duration)}
          options={DURATIONS.map((length) => ({
            value: String(length),
            label: text.duration(length),
            disabled: !daysWith(length).some((day) => day.date === date),
          }))}
          onValueChange={(value) => {
            const length = Number(value) as LessonDuration;
            // The start picked on the profile stays when this length fits it too.
            const kept =
              preset === 'taken' &&
              start !== null &&
              daysWith(length).some(
                (day) =>
                  day.date === date && day.times.some((time) => time.start.getTime() === start.getTime()),
              )
                ? start
                : null;
            setDuration(length);
            setStart(kept);
            setStep(kept ? 'confirm' : 'time');
          }}
        />
      ) : step === 'time' ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-bold">
            {text.chooseTime}
            {date !== null ? ` – ${dayLabel(date, { weekday: 'long', day: 'numeric', month: 'long' })}` : ''}
          </legend>
          {timesOfDay.length === 0 ? (
            <Alert tone="info">{text.noTimesDay}</Alert>
          ) : (
            <ul aria-label={text.timesLabel} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {timesOfDay.map((option) => (
                <li key={option.start.toISOString()}>
                  <button
                    type="button"
                    data-choice=""
                    aria-pressed={start?.getTime() === option.start.getTime()}
                    onClick={() => {
                      setStart(option.start);
                      setStep('confirm');
                    }}
                    className={cn(
                      'w-full rounded-xl border border-border px-2 py-2 text-sm font-medium transition-colors hover:border-brand',
                      'focus-visible:outline-2 focus-visible:outline-brand',
                      start?.getTime() === option.start.getTime() && 'border-brand bg-brand-soft',
                    )}
                  >
                    {formatTime(option.start)}
                    {option.repeated ? (
                      <span className="block text-xs text-muted-foreground">
                        {formatTime(option.start, {
                          hour: 'numeric',
                          minute: '2-digit',
                          timeZoneName: 'short',
                        })}
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ) : step === 'confirm' && start !== null && duration !== null ? (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <dl
            id={summaryId}
            className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-surface-muted p-4 text-sm"
            aria-label={text.summary}
          >
            <dt className="text-muted-foreground">{text.tutor}</dt>
            <dd className="font-medium">{tutor.name}</dd>
            {reschedule ? (
              <>
                <dt className="text-muted-foreground">{text.oldTime}</dt>
                <dd className="font-medium text-muted-foreground line-through">
                  {formatDateTime(reschedule.start)}
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{reschedule ? text.newTime : text.when}</dt>
            <dd className="font-medium">{formatDateTime(start)}</dd>
            <dt className="text-muted-foreground">{text.length}</dt>
            <dd className="font-medium">{text.duration(duration)}</dd>
          </dl>
          {reschedule ? (
            <p className="text-sm">{reschedule.trial ? text.trialNote : text.rescheduleMinutes}</p>
          ) : trial ? (
            <p className="text-sm text-success">{trial.paid ? text.paidTrialNote : text.trialNote}</p>
          ) : tutor.role === Role.TutorManager ? (
            <p className="text-sm text-success">{lessonsMessages.tutors.intro}</p>
          ) : subscription.data === undefined ? null : quota ? (
            <p className="text-sm">{text.remaining(plural(quota.remainingMinutes, nouns.minutes))}</p>
          ) : (
            <p className="text-sm text-muted-foreground">{text.noSubscription}</p>
          )}
          {lateStart ? (
            <Alert tone="warning">
              {isTrial ? text.trialLateStart(freeCancelHours) : text.lateStart(freeCancelHours)}
            </Alert>
          ) : (
            <p className="text-sm text-muted-foreground">
              {isTrial ? text.trialCancelRule(freeCancelHours) : text.cancelRule(freeCancelHours)}
            </p>
          )}
          {save.isError ? <BookingError error={save.error} /> : null}
          <Button type="submit" loading={save.isPending} aria-describedby={summaryId}>
            {reschedule ? text.confirmReschedule : text.confirm}
          </Button>
        </form>
      ) : null}
    </DialogContent>
  );
}
