import { isApiError, useLessonNote, useLessonNoteFiles, useSaveLessonNote } from '@hiwar/client';
import {
  BOUNDS,
  type ErrorCode,
  type Lesson,
  type LessonNote,
  SaveLessonNoteRequestSchema,
} from '@hiwar/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  errorMessage,
  FormField,
  formatDateTime,
  lessonNoteMessages,
  lessonsMessages,
  messages,
  Skeleton,
  Textarea,
  useToast,
} from '@hiwar/ui';
import { type FormEvent, useState } from 'react';
import { NoteFilesField, NoteFilesList, noteFileError } from './lesson-note-files.tsx';

const text = lessonNoteMessages;

export interface LessonNoteDialogProps {
  lesson: Lesson;
  /** `read`: the student (or a tutor past the 48 hours) reads it; `write`: the tutor writes or edits it. */
  mode: 'read' | 'write';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * After the lesson (issue 27): its summary and homework. The student reads what the tutor wrote (or
 * that nothing is written yet); the tutor writes or edits it within 48 hours of the lesson's end. A
 * module of its own, loaded when first opened: the homes list lessons without it.
 */
export function LessonNoteDialog({ lesson, mode, open, onOpenChange }: LessonNoteDialogProps) {
  const note = useLessonNote(lesson.id, { enabled: open });
  const other = mode === 'write' ? lesson.student : lesson.tutor;
  const name = other.name ?? lessonsMessages.lesson.unnamedTutor;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={mode === 'write' ? text.writeTitle(name) : text.title(name)}
          description={text.description(formatDateTime(lesson.start))}
        >
          {note.isPending ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          ) : note.isError ? (
            <Alert
              tone="danger"
              title={text.loadFailed}
              action={
                <Button size="sm" variant="secondary" onClick={() => void note.refetch()}>
                  {messages.common.retry}
                </Button>
              }
            />
          ) : mode === 'write' ? (
            <NoteForm lessonId={lesson.id} existing={note.data} onSaved={() => onOpenChange(false)} />
          ) : note.data ? (
            <NoteText note={note.data} />
          ) : (
            <Alert tone="info">{text.none}</Alert>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The note as text (never markup): the tutor's line breaks kept. */
function NoteText({ note }: { note: LessonNote }) {
  return (
    <div className="flex flex-col gap-4">
      <section className="flex flex-col gap-1">
        <h3 className="font-bold">{text.summary}</h3>
        <p className="whitespace-pre-line leading-relaxed">{note.summary}</p>
      </section>
      <section className="flex flex-col gap-1">
        <h3 className="font-bold">{text.homework}</h3>
        <p className="whitespace-pre-line leading-relaxed">{note.homework ?? text.noHomework}</p>
      </section>
      <NoteFilesList files={note.files} />
      <p className="text-sm text-muted-foreground">
        {text.by(note.author.name ?? lessonsMessages.lesson.unnamedTutor, formatDateTime(note.updatedAt))}
      </p>
    </div>
  );
}

type FieldErrors = { summary?: ErrorCode; homework?: ErrorCode };

function NoteForm({
  lessonId,
  existing,
  onSaved,
}: {
  lessonId: number;
  existing: LessonNote | null | undefined;
  onSaved: () => void;
}) {
  const { toast } = useToast();
  const save = useSaveLessonNote(lessonId);
  const upload = useLessonNoteFiles(lessonId);
  const [pending, setPending] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [summary, setSummary] = useState(existing?.summary ?? '');
  const [homework, setHomework] = useState(existing?.homework ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SaveLessonNoteRequestSchema.safeParse({ summary, homework });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'summary' || field === 'homework') {
          // Domain schemas put the catalogue code in the issue's message.
          next[field] ??= issue.message as ErrorCode;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFileError(null);
    save.mutate(
      { summary, homework },
      {
        // Files chosen go once the note is saved (a note's files need its note, decision 0049).
        onSuccess: async () => {
          if (pending.length > 0) {
            const code = await upload.attach(pending);
            if (code !== 'ok') {
              setFileError(noteFileError(code));
              return;
            }
            setPending([]);
          }
          toast({ type: 'success', title: text.saved });
          onSaved();
        },
      },
    );
  };
  const failure = save.error && isApiError(save.error) ? save.error.code : save.error ? 'unexpected' : null;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField
        label={text.summaryLabel}
        error={errors.summary}
        hint={text.summaryHint(BOUNDS.lessonNoteSummary.min, BOUNDS.lessonNoteSummary.max)}
      >
        <Textarea
          rows={6}
          value={summary}
          maxLength={BOUNDS.lessonNoteSummary.max}
          onChange={(event) => {
            setSummary(event.target.value);
            setErrors((current) => ({ ...current, summary: undefined }));
          }}
        />
      </FormField>
      <FormField
        label={text.homeworkLabel}
        optional
        error={errors.homework}
        hint={text.homeworkHint(BOUNDS.lessonNoteHomework.max)}
      >
        <Textarea
          value={homework}
          maxLength={BOUNDS.lessonNoteHomework.max}
          onChange={(event) => {
            setHomework(event.target.value);
            setErrors((current) => ({ ...current, homework: undefined }));
          }}
        />
      </FormField>
      <NoteFilesField
        attached={existing?.files ?? []}
        pending={pending}
        onPendingChange={setPending}
        upload={upload}
        error={fileError}
        onError={setFileError}
      />
      {existing ? (
        <p className="text-sm text-muted-foreground">
          {text.editableUntil(formatDateTime(existing.editableUntil))}
        </p>
      ) : null}
      {failure ? <Alert tone="danger">{errorMessage(failure)}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending || upload.progress != null}>
          {text.save}
        </Button>
      </div>
    </form>
  );
}
