import { isApiError, useUpdateInterview } from '@hiwar/client';
import { BOUNDS, type Interview, InterviewStatus } from '@hiwar/domain';
import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogTrigger,
  errorMessage,
  FormField,
  interviewsMessages,
  RadioCards,
  Textarea,
  useToast,
} from '@hiwar/ui';
import { ClipboardCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { visibleLength } from '../lib/interview-view.ts';
import { InterviewError } from './interview-error.tsx';
import { checkFeedback } from './interviewee-feedback-form.tsx';

const text = interviewsMessages.result;
const LEVELS = [1, 2, 3, 4, 5] as const;
type Outcome = typeof InterviewStatus.Passed | typeof InterviewStatus.Rejected;
type Field = 'status' | 'level' | 'feedback' | 'note';
type Errors = Partial<Record<Field, string>>;

/** Which field a server validation code belongs to. */
const FIELD_OF_CODE: Readonly<Record<string, Field>> = {
  'interview-feedback-too-short': 'feedback',
  'interview-feedback-too-long': 'feedback',
  'interview-feedback-invalid-html': 'feedback',
  'interview-note-too-short': 'note',
  'interview-note-too-long': 'note',
  'interview-note-invalid-html': 'note',
  'interview-level-too-low': 'level',
  'interview-level-too-high': 'level',
};

function checkNote(value: string): string | null {
  const length = visibleLength(value);
  if (length === 0) {
    return 'required';
  }
  if (length < BOUNDS.interviewNote.min) {
    return 'interview-note-too-short';
  }
  return length > BOUNDS.interviewNote.max ? 'interview-note-too-long' : null;
}

/**
 * "Record the outcome" for the interviewer once the interview started: passed or rejected, the level
 * 1–5, feedback the tutor reads and a note only staff read (5–1000 visible characters each). Mistakes
 * are shown under their field in Arabic, from the same codes the server answers.
 */
export function InterviewResultDialog({ interview }: { interview: Interview }) {
  const [open, setOpen] = useState(false);
  const name = interview.interviewee.name ?? interviewsMessages.card.unnamedTutor;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <ClipboardCheck aria-hidden />
          {text.action}
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent title={text.title(name)} description={text.description}>
          <ResultForm interview={interview} onSaved={() => setOpen(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ResultForm({ interview, onSaved }: { interview: Interview; onSaved: () => void }) {
  const update = useUpdateInterview();
  const { toast } = useToast();
  const [status, setStatus] = useState<Outcome | null>(null);
  const [level, setLevel] = useState<number | null>(interview.level);
  const [feedback, setFeedback] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  const serverError = update.error;
  const fieldCode = isApiError(serverError) ? FIELD_OF_CODE[serverError.code] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (status === null) {
      next.status = 'required';
    }
    if (level === null) {
      next.level = 'required';
    }
    const feedbackError = checkFeedback(feedback);
    if (feedbackError) {
      next.feedback = feedbackError;
    }
    const noteError = checkNote(note);
    if (noteError) {
      next.note = noteError;
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || status === null || level === null) {
      return;
    }
    // The promise, not mutate's callbacks: the server tells this tab (`interview-updated`) before it
    // answers, and the card drops this dialog once the interview is no longer pending; mutate's
    // callbacks never run after it has unmounted.
    update
      .mutateAsync({
        id: interview.id,
        body: { status, level, feedback: feedback.trim(), note: note.trim() },
      })
      .then(
        () => {
          toast({ type: 'success', title: text.saved });
          onSaved();
        },
        (error: unknown) => {
          const field = isApiError(error) ? FIELD_OF_CODE[error.code] : undefined;
          if (field && isApiError(error)) {
            setErrors((current) => ({ ...current, [field]: error.code }));
          }
        },
      );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <RadioCards<string>
        legend={text.status}
        name="interview-outcome"
        value={status === null ? null : String(status)}
        error={errors.status}
        onValueChange={(value) => {
          setStatus(Number(value) as Outcome);
          clear('status');
        }}
        options={[
          { value: String(InterviewStatus.Passed), label: text.passed, description: text.passedText },
          { value: String(InterviewStatus.Rejected), label: text.rejected, description: text.rejectedText },
        ]}
      />
      <LevelPicker
        value={level}
        error={errors.level}
        onChange={(value) => {
          setLevel(value);
          clear('level');
        }}
      />
      <FormField label={text.feedback} hint={text.feedbackHint} error={errors.feedback}>
        <Textarea
          value={feedback}
          maxLength={BOUNDS.interviewFeedback.max}
          onChange={(event) => {
            setFeedback(event.target.value);
            clear('feedback');
          }}
        />
      </FormField>
      <FormField label={text.note} hint={text.noteHint} error={errors.note}>
        <Textarea
          value={note}
          rows={3}
          maxLength={BOUNDS.interviewNote.max}
          onChange={(event) => {
            setNote(event.target.value);
            clear('note');
          }}
        />
      </FormField>
      {serverError && !fieldCode ? <InterviewError error={serverError} /> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          {text.submit}
        </Button>
      </div>
    </form>
  );
}

/** The level 1–5 as a row of native radios (arrow keys move the choice), each with its word. */
function LevelPicker({
  value,
  error,
  onChange,
}: {
  value: number | null;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={errorId}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-semibold">{text.level}</legend>
      <div className="grid grid-cols-5 gap-1.5">
        {LEVELS.map((level) => (
          <label
            key={level}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-0.5 rounded-xl border border-input bg-surface px-1 py-2 text-center transition-colors hover:border-brand',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              value === level && 'border-brand bg-brand-soft text-brand-soft-foreground',
              error && 'border-danger',
            )}
          >
            <input
              type="radio"
              name={`${id}-level`}
              value={level}
              checked={value === level}
              onChange={() => onChange(level)}
              className="sr-only"
            />
            <span className="text-lg font-bold">{text.levelOption(level)}</span>{' '}
            <span className="text-xs">{text.levelNames[level - 1]}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {errorMessage(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
