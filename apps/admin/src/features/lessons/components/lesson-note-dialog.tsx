import { downloadPrivateFile, useApiClient, useLessonNote, usePrivateFileUrl } from '@hiwar/client';
import type { Lesson, LessonNoteFile } from '@hiwar/domain';
import {
  Alert,
  chatAttachmentMessages,
  Dialog,
  DialogContent,
  formatDateTime,
  lessonNoteMessages,
  lessonsMessages,
  useToast,
} from '@hiwar/ui';
import { Download, FileText, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';

const text = lessonNoteMessages;
const fileText = chatAttachmentMessages;

/** A picture on the note: fetched with the token (decision 0049), opened whole in a new tab. */
function NotePicture({ file }: { file: LessonNoteFile }) {
  const { url, error } = usePrivateFileUrl(file.url);
  if (error) {
    return (
      <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-4" />
        {fileText.pictureFailed}
      </span>
    );
  }
  if (!url) {
    return <Skeleton className="h-40 w-64 max-w-full rounded-xl" />;
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener"
      aria-label={fileText.openPicture(file.name)}
      className="block w-fit max-w-full rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <img
        src={url}
        alt={fileText.pictureAlt(file.name)}
        className="max-h-64 max-w-full rounded-xl bg-surface object-contain ring-1 ring-border"
      />
    </a>
  );
}

/** A PDF on the note: a chip that fetches it with the token and saves it under its name. */
function NotePdf({ file }: { file: LessonNoteFile }) {
  const client = useApiClient();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadPrivateFile(client, file.url, file.name);
    } catch {
      toast({ id: 'error:note-download', type: 'error', title: fileText.downloadFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={busy}
      className="flex max-w-full items-center gap-2 rounded-xl border border-border bg-surface px-3 py-2 text-start text-foreground hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-70"
    >
      <FileText aria-hidden="true" className="size-5 shrink-0 text-danger" />
      <span className="flex min-w-0 flex-col">
        <span className="sr-only">{fileText.downloadPrefix} </span>
        <span dir="auto" className="truncate text-sm font-semibold">
          {file.name}
        </span>
        <span className="text-xs text-muted-foreground">{fileText.size(file.size)}</span>
      </span>
      <Download aria-hidden="true" className="ms-auto size-4 shrink-0 text-muted-foreground" />
    </button>
  );
}

/** The note's pictures and PDFs, which staff (admins) may open as the lesson's members do. */
function NoteFiles({ files }: { files: readonly LessonNoteFile[] }) {
  if (files.length === 0) {
    return null;
  }
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-bold">{text.files}</h3>
      <ul className="flex flex-col gap-2">
        {files.map((file) => (
          <li key={file.fileName} className="max-w-full">
            {file.kind === 'pdf' ? <NotePdf file={file} /> : <NotePicture file={file} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

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
              <NoteFiles files={note.data.files} />
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
