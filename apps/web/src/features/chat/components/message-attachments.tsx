import { downloadPrivateFile, useApiClient, usePrivateFileUrl } from '@hiwar/client';
import type { ChatAttachment } from '@hiwar/domain';
import { chatAttachmentMessages, cn, Skeleton, useToast } from '@hiwar/ui';
import { Download, FileText, ImageOff, Mic } from 'lucide-react';
import { useState } from 'react';

const text = chatAttachmentMessages;

/** An attachment as shown: a chat message's, or a lesson note's file (which has no voice notes). */
type ShownAttachment = Omit<ChatAttachment, 'durationMs'> & { durationMs?: number | null };
/** Largest box (px) a picture takes in the conversation; the full picture opens on click. */
const PICTURE_BOX = 256;

/** The box a picture of this size fits in the conversation, keeping its shape. */
function pictureBox(attachment: ShownAttachment): { width: number; height: number } {
  const width = attachment.width ?? PICTURE_BOX;
  const height = attachment.height ?? PICTURE_BOX;
  const scale = Math.min(1, PICTURE_BOX / width, PICTURE_BOX / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * A picture sent in the chat: private to the room, so it is fetched with the token and shown from an
 * object URL (decision 0041); a click opens it whole in a new tab.
 */
function PictureAttachment({ attachment }: { attachment: ShownAttachment }) {
  const { url, error } = usePrivateFileUrl(attachment.url);
  const box = pictureBox(attachment);
  if (error) {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-xl bg-surface px-3 py-2 text-sm text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-4" />
        {text.pictureFailed}
      </span>
    );
  }
  if (!url) {
    return <Skeleton className="max-w-full rounded-xl" style={{ width: box.width, height: box.height }} />;
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener"
      aria-label={text.openPicture(attachment.name)}
      className="block max-w-full rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <img
        src={url}
        alt={text.pictureAlt(attachment.name)}
        width={box.width}
        height={box.height}
        className="max-h-64 max-w-full rounded-xl bg-surface object-contain"
      />
    </a>
  );
}

/** A PDF sent in the chat: a chip with its name and size that downloads it (fetched with the token). */
function PdfAttachment({ attachment }: { attachment: ShownAttachment }) {
  const client = useApiClient();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadPrivateFile(client, attachment.url, attachment.name);
    } catch {
      toast({ id: 'error:chat-download', type: 'error', title: text.downloadFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={busy}
      data-attachment="pdf"
      className="flex max-w-full items-center gap-2 rounded-xl border border-border bg-surface px-3 py-2 text-start text-foreground hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-70"
    >
      <FileText aria-hidden="true" className="size-5 shrink-0 text-danger" />
      <span className="flex min-w-0 flex-col">
        <span className="sr-only">{text.downloadPrefix} </span>
        <span dir="auto" className="truncate text-sm font-semibold">
          {attachment.name}
        </span>
        <span className="text-xs text-muted-foreground">{text.size(attachment.size)}</span>
      </span>
      <Download aria-hidden="true" className="ms-auto size-4 shrink-0 text-muted-foreground" />
    </button>
  );
}

/**
 * A voice note sent in the chat (decision 0041): an audio player over the file fetched with the token
 * (an object URL, as pictures are), named with its length, which the container told the server (a
 * recording straight from MediaRecorder does not tell the browser its own length).
 */
function VoiceAttachment({ attachment }: { attachment: ShownAttachment }) {
  const { url, error } = usePrivateFileUrl(attachment.url);
  const seconds = attachment.durationMs == null ? null : Math.round(attachment.durationMs / 1000);
  const label = text.voicePlayer(seconds);
  return (
    <div
      data-attachment="voice"
      className="flex max-w-full items-center gap-2 rounded-xl border border-border bg-surface px-2 py-1.5 text-foreground"
    >
      <Mic aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      {error ? (
        <span className="text-sm text-muted-foreground">{text.voiceFailed}</span>
      ) : url ? (
        // biome-ignore lint/a11y/useMediaCaption: a voice note from a chat member has no captions.
        <audio controls preload="metadata" src={url} aria-label={label} className="h-10 w-64 max-w-full" />
      ) : (
        <Skeleton className="h-10 w-64 max-w-full rounded-full" />
      )}
      {seconds === null ? null : (
        <span aria-hidden="true" className="text-xs tabular-nums text-muted-foreground">
          {text.voiceClock(seconds)}
        </span>
      )}
    </div>
  );
}

/** The pictures, PDFs and voice notes of one message, in the order sent. */
export function MessageAttachments({
  attachments,
  className,
}: {
  attachments: readonly ShownAttachment[];
  className?: string;
}) {
  return (
    <ul className={cn('flex flex-col gap-1.5', className)}>
      {attachments.map((attachment) => (
        <li key={attachment.url} className="max-w-full">
          {attachment.kind === 'voice' ? (
            <VoiceAttachment attachment={attachment} />
          ) : attachment.kind === 'pdf' ? (
            <PdfAttachment attachment={attachment} />
          ) : (
            <PictureAttachment attachment={attachment} />
          )}
        </li>
      ))}
    </ul>
  );
}
