import { BOUNDS } from '@hiwar/domain';
import {
  Alert,
  Button,
  DialogContent,
  errorMessage,
  FormField,
  fieldControlClassName,
  formatDate,
  scheduleMessages,
} from '@hiwar/ui';
import { type FormEvent, useState } from 'react';
import { END_OF_DAY, GRID_TIMES, wallInstant } from '../lib/week.ts';

const text = scheduleMessages.windowDialog;

export interface WindowDraft {
  day: string;
  start: string;
  end: string;
}

export interface WindowDialogProps {
  mode: 'add' | 'edit';
  days: readonly string[];
  initial: WindowDraft;
  pending: boolean;
  /** An error code from the last save (`conflicting-schedule`, `slot-*`). */
  error: string | null;
  onSubmit: (interval: { start: Date; end: Date }) => void;
}

/** Day, start and end on the 15-minute grid; the length (30 min–12 h) is checked before sending. */
export function WindowDialog({ mode, days, initial, pending, error, onSubmit }: WindowDialogProps) {
  const [draft, setDraft] = useState(initial);
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = wallInstant(draft.day, draft.start);
    const end = wallInstant(draft.day, draft.end);
    const minutes = (end.getTime() - start.getTime()) / 60_000;
    if (minutes < BOUNDS.slotMinutes.min) {
      setLocalError('slot-too-short');
      return;
    }
    if (minutes > BOUNDS.slotMinutes.max) {
      setLocalError('slot-too-long');
      return;
    }
    setLocalError(null);
    onSubmit({ start, end });
  };

  const timeLabel = (time: string) => formatGridTime(time === END_OF_DAY ? '00:00' : time);
  return (
    <DialogContent title={mode === 'add' ? text.addTitle : text.editTitle} description={text.description}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={text.day}>
          <select
            className={fieldControlClassName}
            value={draft.day}
            onChange={(event) => setDraft({ ...draft, day: event.target.value })}
          >
            {days.map((day) => (
              <option key={day} value={day}>
                {formatDate(`${day}T12:00:00Z`, { weekday: 'long', day: 'numeric', month: 'long' })}
              </option>
            ))}
          </select>
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={text.start}>
            <select
              className={fieldControlClassName}
              value={draft.start}
              onChange={(event) => setDraft({ ...draft, start: event.target.value })}
            >
              {GRID_TIMES.map((time) => (
                <option key={time} value={time}>
                  {timeLabel(time)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={text.end}>
            <select
              className={fieldControlClassName}
              value={draft.end}
              onChange={(event) => setDraft({ ...draft, end: event.target.value })}
            >
              {[...GRID_TIMES.slice(1), END_OF_DAY].map((time) => (
                <option key={time} value={time}>
                  {timeLabel(time)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        {shown ? <Alert tone="danger">{errorMessage(shown)}</Alert> : null}
        <Button type="submit" disabled={pending}>
          {text.submit}
        </Button>
      </form>
    </DialogContent>
  );
}

/** `HH:mm` of the grid as ar-EG reads a time (`٩:٣٠ ص`), independent of any zone. */
export function formatGridTime(time: string): string {
  return new Intl.DateTimeFormat('ar-EG', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(`2000-01-01T${time}:00Z`),
  );
}
