import type { LessonNoteFilesUpload } from '@hiwar/client';
import {
  BOUNDS,
  CHAT_ATTACHMENT_MIME_TYPES,
  checkChosenAttachments,
  type LessonNoteFile,
} from '@hiwar/domain';
import { Button, chatAttachmentMessages, errorMessage, lessonNoteMessages } from '@hiwar/ui';
import { FileText, Image as ImageIcon, Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { MessageAttachments } from '../../chat/components/message-attachments.tsx';

const text = lessonNoteMessages;
const attachText = chatAttachmentMessages;
const PER_NOTE = BOUNDS.lessonNoteFiles.perNote;
const MAX_MB = BOUNDS.chatAttachments.pictureMaxBytes / 1024 / 1024;

/** The Arabic sentence for refused note files (checked here or by the server), or a failed upload. */
export function noteFileError(code: string): string {
  switch (code) {
    case 'too-many-files':
    case 'lesson-note-too-many-files':
      return text.tooMany(PER_NOTE);
    case 'invalid-type':
      return attachText.errors['invalid-type'];
    case 'payload-too-large':
      return attachText.errors['payload-too-large'](MAX_MB);
    case 'canceled':
      return text.uploadCanceled;
    case 'network':
      return text.uploadFailed;
    default:
      return errorMessage(code, text.uploadFailed);
  }
}

/**
 * The note's pictures and PDFs as the student (and the tutor past the 48 hours) reads them: pictures
 * inline, PDFs as download chips, each fetched with the token (decision 0049, as chat's are).
 */
export function NoteFilesList({ files }: { files: readonly LessonNoteFile[] }) {
  if (files.length === 0) {
    return null;
  }
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-bold">{text.files}</h3>
      <MessageAttachments attachments={files} />
    </section>
  );
}

function FileChip({
  name,
  size,
  pdf,
  note,
  removeLabel,
  disabled,
  onRemove,
}: {
  name: string;
  size: number;
  pdf: boolean;
  note?: string;
  removeLabel: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="flex max-w-full items-center gap-1.5 rounded-full border border-border bg-surface-muted ps-3 pe-1 text-sm">
      {pdf ? (
        <FileText aria-hidden="true" className="size-4 shrink-0" />
      ) : (
        <ImageIcon aria-hidden="true" className="size-4 shrink-0" />
      )}
      <span dir="auto" className="max-w-48 truncate">
        {name}
      </span>
      <span className="text-xs text-muted-foreground">
        {attachText.size(size)}
        {note ? ` · ${note}` : null}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={removeLabel}
        disabled={disabled}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

export interface NoteFilesFieldProps {
  /** Files on the note already (removed at once). */
  attached: readonly LessonNoteFile[];
  /** Files chosen and not yet sent: they are uploaded when the note is saved. */
  pending: readonly File[];
  onPendingChange: (files: File[]) => void;
  upload: LessonNoteFilesUpload;
  error: string | null;
  onError: (message: string | null) => void;
}

/**
 * The tutor's files on the note: those attached (each removable), those chosen to go with the next
 * save, the attach button (a real button, so the keyboard reaches it), the upload's progress with a
 * cancel button, and the reason a choice or an upload was refused.
 */
export function NoteFilesField({
  attached,
  pending,
  onPendingChange,
  upload,
  error,
  onError,
}: NoteFilesFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [removing, setRemoving] = useState<string | null>(null);
  const uploading = upload.progress != null;
  const full = attached.length + pending.length >= PER_NOTE;

  const choose = (chosen: File[]) => {
    if (attached.length + pending.length + chosen.length > PER_NOTE) {
      onError(noteFileError('too-many-files'));
      return;
    }
    const problem = checkChosenAttachments(chosen);
    onError(problem ? noteFileError(problem) : null);
    if (!problem) {
      onPendingChange([...pending, ...chosen]);
    }
  };
  const remove = async (file: LessonNoteFile) => {
    setRemoving(file.fileName);
    onError(null);
    const code = await upload.remove(file.fileName);
    setRemoving(null);
    if (code !== 'ok') {
      onError(code === 'network' ? text.removeFailed : errorMessage(code, text.removeFailed));
    }
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-semibold">{text.filesLabel}</legend>
      <p id={hintId} className="text-xs text-muted-foreground">
        {text.filesHint(PER_NOTE, MAX_MB)}
      </p>
      {attached.length + pending.length > 0 ? (
        <ul aria-label={text.files} className="flex flex-wrap gap-1.5">
          {attached.map((file) => (
            <FileChip
              key={file.fileName}
              name={file.name}
              size={file.size}
              pdf={file.kind === 'pdf'}
              removeLabel={text.remove(file.name)}
              disabled={uploading || removing !== null}
              onRemove={() => void remove(file)}
            />
          ))}
          {pending.map((file, index) => (
            <FileChip
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be chosen twice.
              key={`${file.name}-${index}`}
              name={file.name}
              size={file.size}
              pdf={file.type === 'application/pdf'}
              note={text.pending}
              removeLabel={text.remove(file.name)}
              disabled={uploading}
              onRemove={() => onPendingChange(pending.filter((_, other) => other !== index))}
            />
          ))}
        </ul>
      ) : null}
      {uploading ? (
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <div
            role="progressbar"
            aria-label={attachText.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={upload.progress ?? 0}
            aria-valuetext={attachText.uploading(upload.progress ?? 0)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-surface-muted"
          >
            <div
              className="h-full rounded-full bg-brand transition-[inline-size]"
              style={{ inlineSize: `${upload.progress ?? 0}%` }}
            />
          </div>
          <span aria-hidden="true" className="tabular-nums">
            {attachText.uploading(upload.progress ?? 0)}
          </span>
          <Button type="button" size="sm" variant="secondary" onClick={() => upload.cancel()}>
            {attachText.cancel}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <div>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={uploading || full}
          onClick={() => picker.current?.click()}
        >
          <Paperclip aria-hidden="true" />
          {text.attach}
        </Button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          accept={CHAT_ATTACHMENT_MIME_TYPES.join(',')}
          onChange={(event) => {
            choose([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
    </fieldset>
  );
}
