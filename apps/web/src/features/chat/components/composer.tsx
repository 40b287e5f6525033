import type { ChatAttachmentUpload } from '@hiwar/client';
import { BOUNDS, CHAT_ATTACHMENT_MIME_TYPES, checkChosenAttachments } from '@hiwar/domain';
import {
  Button,
  chatAttachmentMessages,
  chatMessages,
  chatVoiceMessages,
  cn,
  errorMessage,
  Textarea,
} from '@hiwar/ui';
import { FileText, Image as ImageIcon, Paperclip, SendHorizontal, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useVoiceRecorder } from '../lib/voice-recorder.ts';
import { VoiceNoteButton, VoiceNotePanel } from './voice-note-recorder.tsx';

const text = chatMessages.composer;
const attachText = chatAttachmentMessages;
const MAX_MB = BOUNDS.chatAttachments.pictureMaxBytes / 1024 / 1024;

/** The Arabic sentence for a refused attachment (checked here or by the server). */
export function attachmentError(code: string): string {
  switch (code) {
    case 'too-many-files':
      return attachText.errors['too-many-files'](BOUNDS.chatAttachments.perMessage);
    case 'invalid-type':
      return attachText.errors['invalid-type'];
    case 'payload-too-large':
      return attachText.errors['payload-too-large'](MAX_MB);
    case 'canceled':
      return attachText.canceled;
    case 'network':
      return attachText.errors.failed;
    default:
      return errorMessage(code, attachText.errors.failed);
  }
}
const MAX = BOUNDS.messageText.max;

/** Visible characters as the server counts them (code points of the trimmed text). */
export function visibleLength(value: string): number {
  return [...value.trim()].length;
}

export interface ComposerProps {
  /** Sends the text; the box is cleared at once (a failed send stays in the conversation with "retry"). */
  onSend: (text: string) => void;
  /** Every keystroke, for "typing…". */
  onTyping?: () => void;
  disabled?: boolean;
  /** Busy (a first message being posted): the button shows a spinner. */
  sending?: boolean;
  /** Takes the focus as soon as it can be typed in (a room just opened from the list). */
  autoFocus?: boolean;
  /** Pictures, PDFs and voice notes can be sent (an open room: `useChatAttachmentUpload`). */
  attachments?: ChatAttachmentUpload;
  className?: string;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is composing
 * does nothing), with a counter against the 1000-character limit. `dir="auto"` lets an English message
 * be typed left to right.
 */
export function Composer({
  onSend,
  onTyping,
  disabled = false,
  sending = false,
  autoFocus = false,
  attachments,
  className,
}: ComposerProps) {
  const [value, setValue] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const counterId = useId();
  const length = visibleLength(value);
  const tooLong = length > MAX;
  const uploading = attachments?.progress != null;
  const voice = useVoiceRecorder();
  const mic = useRef<HTMLButtonElement>(null);
  const voiceBusy = voice.state.status !== 'idle' && voice.state.status !== 'error';
  const canSend =
    (length > 0 || files.length > 0) && !tooLong && !disabled && !sending && !uploading && !voiceBusy;

  const choose = (chosen: File[]) => {
    const next = [...files, ...chosen];
    const problem = checkChosenAttachments(next);
    setFileError(problem ? attachmentError(problem) : null);
    if (!problem) {
      setFiles(next);
    }
  };
  const sendFiles = async () => {
    if (!attachments) {
      return;
    }
    setFileError(null);
    const code = await attachments.send(files, value.trim());
    if (code === 'ok') {
      setFiles([]);
      setValue('');
    } else {
      setFileError(attachmentError(code));
    }
  };
  const sendVoice = async (file: File): Promise<string> => {
    if (!attachments) {
      return 'failed';
    }
    setFileError(null);
    const code = await attachments.send([file], '');
    if (code !== 'ok') {
      setFileError(
        code === 'payload-too-large' || code === 'unsupported-media-type'
          ? chatVoiceMessages.errors[code]
          : attachmentError(code),
      );
    }
    return code;
  };
  const box = useRef<HTMLTextAreaElement>(null);
  const focused = useRef(false);

  // The box is disabled until the room is known: focus it once it is enabled.
  useEffect(() => {
    if (autoFocus && !disabled && !focused.current) {
      focused.current = true;
      box.current?.focus();
    }
  }, [autoFocus, disabled]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) {
      return;
    }
    if (files.length > 0) {
      void sendFiles();
      return;
    }
    onSend(value.trim());
    setValue('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className={cn('flex flex-col gap-1.5', className)}>
      {files.length > 0 ? (
        <ul aria-label={attachText.chosen} className="flex flex-wrap gap-1.5">
          {files.map((file, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be chosen twice.
              key={`${file.name}-${index}`}
              className="flex max-w-full items-center gap-1.5 rounded-full border border-border bg-surface-muted ps-3 pe-1 text-sm"
            >
              {file.type === 'application/pdf' ? (
                <FileText aria-hidden="true" className="size-4 shrink-0" />
              ) : (
                <ImageIcon aria-hidden="true" className="size-4 shrink-0" />
              )}
              <span dir="auto" className="max-w-48 truncate">
                {file.name}
              </span>
              <span className="text-xs text-muted-foreground">{attachText.size(file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={attachText.remove(file.name)}
                disabled={uploading}
                onClick={() => setFiles(files.filter((_, other) => other !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {attachments ? (
        <VoiceNotePanel voice={voice} onSend={sendVoice} sending={uploading} micRef={mic} />
      ) : null}
      {uploading ? (
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <div
            role="progressbar"
            aria-label={attachText.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={attachments?.progress ?? 0}
            aria-valuetext={attachText.uploading(attachments?.progress ?? 0)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-surface-muted"
          >
            <div
              className="h-full rounded-full bg-brand transition-[inline-size]"
              style={{ inlineSize: `${attachments?.progress ?? 0}%` }}
            />
          </div>
          <span aria-hidden="true" className="tabular-nums">
            {attachText.uploading(attachments?.progress ?? 0)}
          </span>
          <Button type="button" size="sm" variant="secondary" onClick={() => attachments?.cancel()}>
            {attachText.cancel}
          </Button>
        </div>
      ) : null}
      {fileError ? (
        <p role="alert" className="text-xs font-semibold text-danger">
          {fileError}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        {attachments ? (
          <>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={attachText.attach}
              disabled={disabled || uploading || voiceBusy}
              onClick={() => picker.current?.click()}
            >
              <Paperclip aria-hidden="true" />
            </Button>
            <VoiceNoteButton voice={voice} disabled={disabled || uploading} buttonRef={mic} />
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              accept={CHAT_ATTACHMENT_MIME_TYPES.join(',')}
              onChange={(event) => {
                choose([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </>
        ) : null}
        <Textarea
          ref={box}
          aria-label={text.label}
          aria-describedby={counterId}
          aria-invalid={tooLong || undefined}
          placeholder={text.placeholder}
          dir="auto"
          rows={1}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            setValue(event.target.value);
            if (event.target.value.trim() !== '') {
              onTyping?.();
            }
          }}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-11! resize-none [field-sizing:content]"
        />
        <Button
          type="submit"
          size="icon"
          aria-label={text.send}
          disabled={!canSend}
          loading={sending || uploading}
        >
          {sending || uploading ? null : <SendHorizontal aria-hidden="true" className="rtl:-scale-x-100" />}
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="max-sm:hidden">{text.hint}</span>
        <span id={counterId} className={cn('ms-auto tabular-nums', tooLong && 'font-semibold text-danger')}>
          {tooLong ? `${text.tooLong(MAX)} · ` : null}
          {text.counter(length, MAX)}
        </span>
      </div>
    </form>
  );
}
