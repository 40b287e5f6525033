import { interviewKeys, isApiError, useUploadTutorAssets } from '@hiwar/client';
import { AssetKind, BOUNDS } from '@hiwar/domain';
import {
  adminInterviewsMessages,
  Button,
  buttonClassName,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  errorMessage,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { useQueryClient } from '@tanstack/react-query';
import { ImageOff, RefreshCw, Trash2, Upload, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { WithLatinRuns } from '../../../components/latin-runs.tsx';

const text = adminInterviewsMessages.session;
const mediaNames = adminInterviewsMessages.media;

/** Pictures the studio may pick (the server checks the content again). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Intro videos the studio may pick. */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

const ACCEPT = {
  image: [...IMAGE_TYPES, '.jpg', '.jpeg', '.png', '.gif'].join(','),
  video: [...VIDEO_TYPES, '.mp4', '.webm'].join(','),
};

const MIB = 1024 * 1024;

/**
 * Why a file is refused before any byte is sent: its type, or its size over the server's limit. The
 * same codes the server answers, so one message table explains both.
 */
export function checkMediaFile(
  kind: AssetKind,
  file: File,
): 'unsupported-media-type' | 'payload-too-large' | null {
  const isVideo = kind === AssetKind.Video;
  const types: readonly string[] = isVideo ? VIDEO_TYPES : IMAGE_TYPES;
  if (!types.includes(file.type)) {
    return 'unsupported-media-type';
  }
  const max = isVideo ? BOUNDS.upload.videoMaxBytes : BOUNDS.upload.imageMaxBytes;
  return file.size > max ? 'payload-too-large' : null;
}

/** The Arabic text of an upload failure; the server's `invalid-type` on a file means an unusable file. */
function uploadErrorText(code: string): string {
  return errorMessage(code === 'invalid-type' ? 'unsupported-media-type' : code);
}

export interface MediaUploadCardProps {
  kind: AssetKind;
  tutorId: number;
  /** The tutor's name, for the media's alternative text. */
  tutorName: string;
  /** The current file's public URL, if any. */
  current: string | null;
  /** The video's poster (the thumbnail), shown on the current video. */
  poster?: string | null;
  /** Admins may remove the current avatar; a Studio member never removes anything. */
  onRemove?: (() => void) | undefined;
}

/**
 * One photo-session medium (avatar, intro video or its thumbnail): the current one, a file picker, a
 * local preview before saving, then the upload with a progress bar and a cancel button. Saving replaces
 * the current file. Type and size are checked before the upload; the server's refusals
 * (`image-too-small`, `payload-too-large`, `forbidden`…) are shown in Arabic.
 */
export function MediaUploadCard({
  kind,
  tutorId,
  tutorName,
  current,
  poster,
  onRemove,
}: MediaUploadCardProps) {
  const id = useId();
  const name = mediaNames[kind];
  const isVideo = kind === AssetKind.Video;
  const upload = useUploadTutorAssets();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const showError = useErrorToast();
  const abortRef = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = progress !== null;

  // The object URL lives as long as its preview; an upload in flight stops when the screen closes.
  useEffect(() => {
    if (!preview) {
      return;
    }
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const choose = (picked: File | undefined) => {
    if (!picked) {
      return;
    }
    const problem = checkMediaFile(kind, picked);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const discard = () => {
    setFile(null);
    setPreview(null);
    setError(null);
  };

  const save = () => {
    if (!file) {
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setProgress(0);
    upload.mutate(
      { files: { [kind]: file }, tutorId, signal: controller.signal, onProgress: setProgress },
      {
        onSuccess: () => {
          discard();
          toast({ id: `media-${kind}`, type: 'success', title: text.saved(name) });
          void queryClient.invalidateQueries({ queryKey: interviewKeys.studioTutors });
          void queryClient.invalidateQueries({ queryKey: interviewKeys.onboardingAll });
        },
        onError: (failure) => {
          if (controller.signal.aborted) {
            toast({ id: `media-${kind}`, type: 'info', title: text.canceled });
          } else if (isApiError(failure)) {
            setError(failure.code);
          } else {
            showError(failure);
          }
        },
        onSettled: () => {
          abortRef.current = null;
          setProgress(null);
        },
      },
    );
  };

  const percent = Math.max(0, Math.min(100, Math.round(progress ?? 0)));
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shown = preview ?? current;
  const hint = isVideo
    ? text.videoHint
    : `${text.imageHint} ${kind === AssetKind.Image ? text.avatarHint : text.thumbnailHint}`;

  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="flex flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" id={`${id}-title`} className="text-base">
            {name}
          </CardTitle>
          {preview ? <Badge tone="info">{text.preview}</Badge> : null}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <MediaFrame label={preview ? text.previewOf(name) : text.current}>
          {shown ? (
            isVideo ? (
              // biome-ignore lint/a11y/useMediaCaption: the tutor's own spoken introduction has no caption track.
              <video
                key={shown}
                controls
                preload="metadata"
                src={shown}
                poster={preview ? undefined : (poster ?? undefined)}
                aria-label={preview ? text.previewOf(name) : text.photoAlt(name, tutorName)}
                className="aspect-video w-full rounded-xl bg-black"
              />
            ) : (
              <img
                src={shown}
                alt={preview ? text.previewOf(name) : text.photoAlt(name, tutorName)}
                className={
                  kind === AssetKind.Image
                    ? 'mx-auto aspect-square w-full max-w-60 rounded-xl object-cover ring-1 ring-border'
                    : 'aspect-video w-full rounded-xl object-cover ring-1 ring-border'
                }
              />
            )
          ) : (
            <p className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border bg-surface-muted/50 text-sm text-muted-foreground">
              <ImageOff aria-hidden="true" className="size-6" />
              {text.none}
            </p>
          )}
        </MediaFrame>
        {file ? (
          <p className="truncate text-xs text-muted-foreground" dir="auto">
            {text.fileInfo(file.name, text.megabytes(Math.max(0.1, Math.round((file.size / MIB) * 10) / 10)))}
          </p>
        ) : null}
        {uploading ? (
          <div className="flex flex-col gap-2">
            <div
              role="progressbar"
              aria-label={text.uploading(name)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={text.progress(percent)}
              className="h-2.5 w-full overflow-hidden rounded-full bg-surface-muted"
            >
              <div
                className="h-full rounded-full bg-brand transition-[inline-size] duration-200"
                style={{ inlineSize: `${percent}%` }}
              />
            </div>
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-semibold text-foreground" aria-hidden="true">
                {text.progress(percent)}
              </span>
              <Button variant="secondary" size="sm" onClick={() => abortRef.current?.abort()}>
                <X aria-hidden="true" />
                {text.cancel}
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-auto flex flex-wrap items-center gap-2">
            <input
              id={id}
              type="file"
              accept={isVideo ? ACCEPT.video : ACCEPT.image}
              // The label shows the short verb; the field's name says which medium it replaces.
              aria-label={current || file ? text.replaceOf(name) : text.chooseOf(name)}
              aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
              className="peer sr-only"
              onChange={(event) => {
                const picked = event.target.files?.[0];
                // Reset, so choosing the same file again after an error still fires a change.
                event.target.value = '';
                choose(picked);
              }}
            />
            <label
              htmlFor={id}
              className={buttonClassName({
                variant: file ? 'ghost' : 'secondary',
                size: 'sm',
                className:
                  'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
              })}
            >
              {current || file ? <RefreshCw aria-hidden="true" /> : <Upload aria-hidden="true" />}
              {current || file ? text.replace : text.choose}
            </label>
            {file ? (
              <>
                <Button size="sm" onClick={save} aria-label={text.saveOf(name)}>
                  <Upload aria-hidden="true" />
                  {text.save}
                </Button>
                <Button variant="ghost" size="sm" onClick={discard} aria-label={text.discardOf(name)}>
                  <X aria-hidden="true" />
                  {text.discard}
                </Button>
              </>
            ) : current && onRemove ? (
              <Button variant="ghost" size="sm" onClick={onRemove}>
                <Trash2 aria-hidden="true" />
                {text.remove}
              </Button>
            ) : null}
          </div>
        )}
        <p id={hintId} className="text-xs text-muted-foreground">
          <WithLatinRuns text={hint} />
        </p>
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger">
            {uploadErrorText(error)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The media area, named for what it shows: the current file or the preview of the chosen one. */
function MediaFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure className="flex flex-col gap-1.5">
      <figcaption className="text-xs font-semibold text-muted-foreground">{label}</figcaption>
      {children}
    </figure>
  );
}
