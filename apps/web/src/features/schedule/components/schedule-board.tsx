import { isApiError, useCopyScheduleWeek, useSaveScheduleSlots, useScheduleRange } from '@hiwar/client';
import {
  type AvailabilitySlotResponse,
  addLocalDays,
  BOUNDS,
  type SaveSlotsRequest,
  toLocalDateTime,
  weekDates,
} from '@hiwar/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  EmptyState,
  errorMessage,
  FormField,
  fieldControlClassName,
  formatDate,
  formatTime,
  messages,
  Skeleton,
  scheduleMessages,
  useToast,
} from '@hiwar/ui';
import { CalendarPlus, ChevronLeft, ChevronRight, CloudOff, Copy, Pencil, Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { byDay, weekRange, weekStartOf } from '../lib/week.ts';
import { WindowDialog, type WindowDraft } from './window-dialog.tsx';

const text = scheduleMessages.management;

type Editing = { mode: 'add'; draft: WindowDraft } | { mode: 'edit'; id: number; draft: WindowDraft } | null;

/** What to send again with `cancelLessons: true` once the tutor agrees. */
type Pending =
  | { kind: 'save'; body: SaveSlotsRequest; done: string; onSaved?: (() => void) | undefined }
  | { kind: 'copy'; weeks: number }
  | null;

/**
 * The tutor's week, Saturday → Friday in Cairo time: windows as blocks per day with the booked lessons
 * inside them; add, edit, delete, and copy the week forward. A save that would strand booked lessons
 * (`slot-has-lessons`) asks before sending it again with `cancelLessons: true`.
 */
export function ScheduleBoard({ initialWeek }: { initialWeek?: string }) {
  const [week, setWeek] = useState(() => weekStartOf(initialWeek ?? new Date()));
  const days = useMemo(() => weekDates(week), [week]);
  const range = useMemo(() => weekRange(week), [week]);
  const schedule = useScheduleRange(range);
  const save = useSaveScheduleSlots();
  const copy = useCopyScheduleWeek();
  const { toast } = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const [copyOpen, setCopyOpen] = useState(false);
  const [copyWeeks, setCopyWeeks] = useState(1);
  const [copyError, setCopyError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  /** Each day's "add" button: where the focus goes when a window it was on is deleted. */
  const addButtons = useRef(new Map<string, HTMLButtonElement>());

  const windowsByDay = byDay(days, schedule.data?.list ?? []);
  const bookedByDay = byDay(days, schedule.data?.booked ?? []);
  const codeOf = (error: unknown) => (isApiError(error) ? error.code : 'unexpected');

  const runSave = (
    body: SaveSlotsRequest,
    done: string,
    onError: (code: string) => void,
    onSaved?: () => void,
  ) => {
    save.mutate(body, {
      onSuccess: (answer) => {
        setEditing(null);
        setPending(null);
        onSaved?.();
        toast({
          type: 'success',
          title:
            answer.canceledLessonIds.length > 0
              ? scheduleMessages.hasLessons.canceled(answer.canceledLessonIds.length)
              : done,
        });
      },
      onError: (error) => {
        const code = codeOf(error);
        if (code === 'slot-has-lessons' && !body.cancelLessons) {
          setPending({ kind: 'save', body, done, onSaved });
          return;
        }
        setPending(null);
        onError(code);
      },
    });
  };

  const runCopy = (weeks: number, cancelLessons: boolean) => {
    copy.mutate(
      { week, weeks, cancelLessons },
      {
        onSuccess: (answer) => {
          setCopyOpen(false);
          setPending(null);
          toast({ type: 'success', title: scheduleMessages.copyDialog.done(weeks) });
          if (answer.skipped.length > 0) {
            toast({ type: 'info', title: scheduleMessages.copyDialog.skipped(answer.skipped.length) });
          }
        },
        onError: (error) => {
          const code = codeOf(error);
          if (code === 'slot-has-lessons' && !cancelLessons) {
            setPending({ kind: 'copy', weeks });
            return;
          }
          setPending(null);
          setCopyError(code);
        },
      },
    );
  };

  const submitWindow = (interval: { start: Date; end: Date }) => {
    if (!editing) {
      return;
    }
    const bounds = { start: interval.start.toISOString(), end: interval.end.toISOString() };
    const body: SaveSlotsRequest =
      editing.mode === 'add' ? { create: [bounds] } : { update: [{ id: editing.id, ...bounds }] };
    runSave(
      body,
      editing.mode === 'add' ? scheduleMessages.windowDialog.added : scheduleMessages.windowDialog.updated,
      setEditError,
    );
  };

  /**
   * Deletes `slot` of `day`. Its button is disabled while the save runs, which drops the focus, and
   * goes with the window: the focus goes to the day's "add" button, whichever way the save ends.
   */
  const deleteWindow = (slot: AvailabilitySlotResponse, day: string) => {
    const refocus = () => addButtons.current.get(day)?.focus();
    runSave(
      { delete: [slot.id] },
      scheduleMessages.windowDialog.deleted,
      (code) => {
        toast({ type: 'error', title: errorMessage(code) });
        refocus();
      },
      refocus,
    );
  };

  const openAdd = (day: string) => {
    setEditError(null);
    setEditing({ mode: 'add', draft: { day, start: '09:00', end: '10:00' } });
  };
  const openEdit = (slot: AvailabilitySlotResponse) => {
    const start = toLocalDateTime(new Date(slot.start));
    const end = toLocalDateTime(new Date(slot.end));
    setEditError(null);
    setEditing({
      mode: 'edit',
      id: slot.id,
      draft: { day: start.date, start: start.time, end: end.date === start.date ? end.time : '24:00' },
    });
  };

  const confirmCancel = () => {
    if (pending?.kind === 'save') {
      runSave(
        { ...pending.body, cancelLessons: true },
        pending.done,
        (code) => toast({ type: 'error', title: errorMessage(code) }),
        pending.onSaved,
      );
    } else if (pending?.kind === 'copy') {
      runCopy(pending.weeks, true);
    }
  };

  const dayLabel = (day: string) => formatDate(`${day}T12:00:00Z`, { weekday: 'long' });
  const dateLabel = (day: string) => formatDate(`${day}T12:00:00Z`, { day: 'numeric', month: 'short' });
  const total = schedule.data?.list.length ?? 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={text.previousWeek}
            onClick={() => setWeek(addLocalDays(week, -7))}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
          <h2 className="text-base font-bold" aria-live="polite">
            {text.weekRange(
              formatDate(`${days[0]}T12:00:00Z`, { day: 'numeric', month: 'long' }),
              formatDate(`${days[6]}T12:00:00Z`, { day: 'numeric', month: 'long', year: 'numeric' }),
            )}
          </h2>
          <Button
            variant="secondary"
            size="sm"
            aria-label={text.nextWeek}
            onClick={() => setWeek(addLocalDays(week, 7))}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setWeek(weekStartOf(new Date()))}>
            {text.thisWeek}
          </Button>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              setCopyError(null);
              setCopyOpen(true);
            }}
            disabled={total === 0}
          >
            <Copy aria-hidden="true" className="size-4" />
            {text.copyWeek}
          </Button>
          <Button onClick={() => openAdd(days[0] as string)}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            {text.addWindow}
          </Button>
        </div>
      </div>

      {schedule.isLoading ? (
        <Skeleton className="h-72 w-full rounded-2xl" />
      ) : schedule.isError ? (
        <EmptyState
          icon={<CloudOff />}
          title={text.loadFailed}
          description={messages.common.networkError}
          action={<Button onClick={() => void schedule.refetch()}>{messages.common.retry}</Button>}
        />
      ) : (
        <>
          {total === 0 ? (
            <Alert tone="info" title={text.emptyWeek}>
              {text.emptyWeekText}
            </Alert>
          ) : null}
          <ol className="grid gap-3 md:grid-cols-7" aria-label={text.week}>
            {days.map((day) => (
              <li
                key={day}
                aria-label={dayLabel(day)}
                className="flex min-h-40 flex-col gap-2 rounded-2xl border border-border bg-surface p-3"
              >
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-bold">{dayLabel(day)}</span>
                  <span className="text-xs text-muted-foreground">{dateLabel(day)}</span>
                </div>
                {(windowsByDay.get(day)?.length ?? 0) > 0 ? (
                  // The day's windows: list items, not landmarks (two days may hold windows at the same hours).
                  <ul className="flex flex-col gap-2">
                    {(windowsByDay.get(day) ?? []).map((slot) => {
                      const booked = (bookedByDay.get(day) ?? []).filter(
                        (b) => b.start >= slot.start && b.end <= slot.end,
                      );
                      return (
                        <li
                          key={slot.id}
                          aria-label={text.windowLabel(formatTime(slot.start), formatTime(slot.end))}
                          className="flex flex-col gap-1 rounded-xl bg-brand-soft p-2 text-sm"
                        >
                          <span className="font-semibold">
                            {formatTime(slot.start)} – {formatTime(slot.end)}
                          </span>
                          {booked.map((lesson) => (
                            <p key={lesson.start} className="rounded-lg bg-warning-soft px-2 py-0.5 text-xs">
                              {text.bookedLabel(formatTime(lesson.start), formatTime(lesson.end))}
                            </p>
                          ))}
                          <div className="flex gap-1">
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={text.edit}
                              onClick={() => openEdit(slot)}
                            >
                              <Pencil aria-hidden="true" className="size-4" />
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={text.delete}
                              disabled={save.isPending}
                              onClick={() => deleteWindow(slot, day)}
                            >
                              <Trash2 aria-hidden="true" className="size-4" />
                            </Button>
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
                <Button
                  ref={(button: HTMLButtonElement | null) => {
                    if (button) {
                      addButtons.current.set(day, button);
                    } else {
                      addButtons.current.delete(day);
                    }
                  }}
                  variant="ghost"
                  size="sm"
                  className="mt-auto"
                  onClick={() => openAdd(day)}
                >
                  {text.addWindow}
                </Button>
              </li>
            ))}
          </ol>
        </>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        {editing ? (
          <WindowDialog
            key={editing.mode === 'edit' ? editing.id : `add-${editing.draft.day}`}
            mode={editing.mode}
            days={days}
            initial={editing.draft}
            pending={save.isPending}
            error={editError}
            onSubmit={submitWindow}
          />
        ) : null}
      </Dialog>

      <Dialog open={copyOpen} onOpenChange={setCopyOpen}>
        <DialogContent
          title={scheduleMessages.copyDialog.title}
          description={scheduleMessages.copyDialog.description}
        >
          <div className="flex flex-col gap-4">
            <FormField label={scheduleMessages.copyDialog.weeks}>
              <select
                className={fieldControlClassName}
                value={copyWeeks}
                onChange={(event) => setCopyWeeks(Number(event.target.value))}
              >
                {Array.from({ length: BOUNDS.copyWeekMaxWeeks }, (_, i) => i + 1).map((count) => (
                  <option key={count} value={count}>
                    {scheduleMessages.weeks(count)}
                  </option>
                ))}
              </select>
            </FormField>
            {copyError ? <Alert tone="danger">{errorMessage(copyError)}</Alert> : null}
            <Button loading={copy.isPending} onClick={() => runCopy(copyWeeks, false)}>
              {scheduleMessages.copyDialog.submit}
            </Button>
          </div>
        </DialogContent>
      </Dialog>

      <Dialog open={pending !== null} onOpenChange={(open) => (open ? undefined : setPending(null))}>
        <DialogContent
          role="alertdialog"
          title={scheduleMessages.hasLessons.title}
          description={scheduleMessages.hasLessons.description}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setPending(null)}>
              {scheduleMessages.hasLessons.keep}
            </Button>
            <Button variant="danger" loading={save.isPending || copy.isPending} onClick={confirmCancel}>
              {scheduleMessages.hasLessons.confirm}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
