import { usePrivateFileUrl } from '@hiwar/client';
import { FileKind, type MediaFile } from '@hiwar/domain';
import { Alert, adminDashboardMessages, Button, buttonClassName, Dialog, DialogContent } from '@hiwar/ui';
import { ExternalLink, Eye, FileImage, Film, Lock } from 'lucide-react';
import { useState } from 'react';
import { Skeleton } from '../../../components/skeleton.tsx';
import { displayName } from '../../../lib/labels.ts';

const text = adminDashboardMessages.media;

const isImage = (file: MediaFile) => file.mime.startsWith('image/');
const isVideo = (file: MediaFile) => file.mime.startsWith('video/');
const isPublic = (file: MediaFile) => file.kind === FileKind.Upload;
const ownerName = (file: MediaFile) => (file.owner ? displayName(file.owner) : text.noOwner);

/** A small picture for the table: public images as they are, others as an icon (nothing fetched). */
export function MediaThumb({ file }: { file: MediaFile }) {
  if (isPublic(file) && isImage(file)) {
    return (
      <img
        src={file.url}
        alt=""
        loading="lazy"
        className="size-12 rounded-lg bg-surface-muted object-cover ring-1 ring-border"
      />
    );
  }
  const Icon = isVideo(file) ? Film : isPublic(file) ? FileImage : Lock;
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-12 items-center justify-center rounded-lg bg-surface-muted text-muted-foreground ring-1 ring-border [&_svg]:size-5"
    >
      <Icon />
    </span>
  );
}

/** A private picture (receipt, screenshot), fetched with the bearer token only once shown. */
function PrivateImage({ file }: { file: MediaFile }) {
  const { url, error } = usePrivateFileUrl(file.url);
  if (error) {
    return <Alert tone="danger">{text.previewFailed}</Alert>;
  }
  if (!url) {
    return (
      <div role="status" aria-label={text.previewLoading}>
        <Skeleton className="aspect-[4/3] w-full rounded-xl" />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={text.imageAlt(text.kinds[file.kind], ownerName(file))}
      className="max-h-[65dvh] w-full rounded-xl object-contain ring-1 ring-border"
    />
  );
}

function PreviewBody({ file }: { file: MediaFile }) {
  if (isPublic(file) && isImage(file)) {
    return (
      <div className="flex flex-col gap-3">
        <img
          src={file.url}
          alt={text.imageAlt(text.kinds[file.kind], ownerName(file))}
          className="max-h-[65dvh] w-full rounded-xl object-contain ring-1 ring-border"
        />
        <a
          href={file.url}
          target="_blank"
          rel="noreferrer"
          className={buttonClassName({ variant: 'secondary', className: 'self-end' })}
        >
          <ExternalLink aria-hidden="true" />
          {text.open}
        </a>
      </div>
    );
  }
  if (isPublic(file) && isVideo(file)) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: intro videos carry no caption track; this is a staff preview.
      <video
        src={file.url}
        controls
        preload="metadata"
        aria-label={text.videoLabel(ownerName(file))}
        className="max-h-[65dvh] w-full rounded-xl bg-black"
      />
    );
  }
  if (file.kind === FileKind.Chat) {
    // Only the room's two members read a chat file (decision 0041): staff see its details, not its content.
    return <p className="text-sm text-muted-foreground">{text.chatPrivate}</p>;
  }
  if (!isPublic(file) && isImage(file)) {
    return <PrivateImage file={file} />;
  }
  return <p className="text-sm text-muted-foreground">{text.noPreview}</p>;
}

/** "Preview": the file in a dialog; private files are fetched with the token once it opens. */
export function MediaPreviewButton({ file }: { file: MediaFile }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" aria-label={text.previewOf(file.name)} onClick={() => setOpen(true)}>
        <Eye aria-hidden="true" className="size-4" />
        {text.preview}
      </Button>
      <DialogContent title={text.previewTitle} className="sm:max-w-2xl">
        {open ? <PreviewBody file={file} /> : null}
      </DialogContent>
    </Dialog>
  );
}
