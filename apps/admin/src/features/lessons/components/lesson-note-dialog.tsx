import { useLessonNote } from '@hiwar/client';
import type { Lesson } from '@hiwar/domain';
import { Alert, Dialog, DialogContent, formatDateTime, lessonNoteMessages, lessonsMessages } from '@hiwar/ui';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';

const text = lessonNoteMessages;

/**
 * Staff read a lesson's summary and homework (issue 27) as its student does: the tutor's text, shown
 * as text, with who wrote it and when; or that nothing is written yet.
 */
export function LessonNoteDialog({ lesson, onClose }: { lesson: Lesson | null; onClose: () => void }) {
  const note = useLessonNote(lesson?.id ?? 0, { enabled: lesson !== null });
  return (
    <Dialog open={lesson !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {lesson ? (
        <DialogContent
          title={text.title(lesson.tutor.name ?? lessonsMessages.lesson.unnamedTutor)}
          description={text.description(formatDateTime(lesson.start))}
        >
          {note.isPending ? (
            <Skeleton className="h-32 w-full rounded-xl" />
          ) : note.isError ? (
            <ErrorState title={text.loadFailed} error={note.error} onRetry={() => void note.refetch()} />
          ) : note.data ? (
            <div className="flex flex-col gap-4">
              <section className="flex flex-col gap-1">
                <h3 className="font-bold">{text.summary}</h3>
                <p className="whitespace-pre-line leading-relaxed">{note.data.summary}</p>
              </section>
              <section className="flex flex-col gap-1">
                <h3 className="font-bold">{text.homework}</h3>
                <p className="whitespace-pre-line leading-relaxed">{note.data.homework ?? text.noHomework}</p>
              </section>
              <p className="text-sm text-muted-foreground">
                {text.by(
                  note.data.author.name ?? lessonsMessages.lesson.unnamedTutor,
                  formatDateTime(note.data.updatedAt),
                )}
              </p>
            </div>
          ) : (
            <Alert tone="info">{text.noneStaff}</Alert>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
