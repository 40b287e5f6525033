import { BOUNDS } from '@hiwar/domain';
import { Camera, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { errorMessage } from '../messages/error-messages.ts';
import { accountMessages } from '../messages/messages.ts';
import { Avatar } from './avatar.tsx';
import { Button } from './button.tsx';

const text = accountMessages.controls.avatar;

/** Picture types the avatar upload accepts (rules.md "Avatar advice"). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** Why a picture was refused before upload; `image-too-small` is also a server code. */
export type AvatarCheckError = 'avatar-invalid-type' | 'image-too-small' | 'avatar-unreadable';

/** Natural size of a picture, read in the browser; rejects when the file is not a readable image. */
export function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable image'));
    };
    image.src = url;
  });
}

/**
 * The client-side checks of an avatar before any byte is sent: JPG, PNG or GIF, at least `minPixels`
 * on both sides. Returns `null` when the picture may be uploaded.
 */
export async function checkAvatarFile(
  file: File,
  {
    minPixels = BOUNDS.upload.avatarMinPixels,
    readSize = readImageSize,
  }: { minPixels?: number; readSize?: (file: Blob) => Promise<{ width: number; height: number }> } = {},
): Promise<AvatarCheckError | null> {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
    return 'avatar-invalid-type';
  }
  try {
    const { width, height } = await readSize(file);
    return width < minPixels || height < minPixels ? 'image-too-small' : null;
  } catch {
    return 'avatar-unreadable';
  }
}

/** Arabic text for a local check failure or a server code from the upload. */
export function avatarErrorMessage(code: string): string {
  if (code === 'avatar-invalid-type' || code === 'invalid-type' || code === 'unsupported-media-type') {
    return text.invalidType;
  }
  if (code === 'avatar-unreadable') {
    return text.unreadable;
  }
  return errorMessage(code);
}

export interface AvatarUploadProps {
  /** The person's name: alt text and initials. */
  name: string;
  /** Current picture URL. */
  src?: string | null;
  /** 0–100 while uploading, `null` otherwise. */
  progress: number | null;
  /** Called with a picture that passed the checks; the parent uploads it. */
  onSelect: (file: File) => void;
  /** Stops the upload in progress (the parent aborts its request). */
  onCancel?: () => void;
  /** Shows a "remove" button while there is a picture and nothing uploads. */
  onRemove?: () => void;
  /** Error code to show: a server answer (`image-too-small`, `payload-too-large`…) or a local check. */
  error?: string | null;
  /** Reports a local check failure (so the parent can clear it with the next attempt). */
  onError?: (code: AvatarCheckError) => void;
  minPixels?: number;
  /** Injectable for tests (happy-dom does not decode images). */
  readSize?: (file: Blob) => Promise<{ width: number; height: number }>;
  disabled?: boolean;
  className?: string;
}

const RING_RADIUS = 46;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * Avatar with upload: preview of the chosen picture, a progress ring 0–100 with cancel, client-side
 * checks (type and minimum size) before the upload, and the error in Arabic. The upload itself belongs
 * to the caller, which passes `progress` and handles `onSelect` / `onCancel`.
 */
export function AvatarUpload({
  name,
  src,
  progress,
  onSelect,
  onCancel,
  onRemove,
  error,
  onError,
  minPixels,
  readSize,
  disabled = false,
  className,
}: AvatarUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const uploading = progress !== null;

  // The preview lives only while its upload runs; the server's URL takes over afterwards.
  useEffect(() => {
    if (!uploading && preview) {
      URL.revokeObjectURL(preview);
      setPreview(null);
    }
  }, [uploading, preview]);

  async function handleFile(file: File | undefined) {
    if (!file) {
      return;
    }
    setChecking(true);
    const problem = await checkAvatarFile(file, {
      ...(minPixels ? { minPixels } : {}),
      ...(readSize ? { readSize } : {}),
    });
    setChecking(false);
    if (problem) {
      onError?.(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    onSelect(file);
  }

  const percent = Math.max(0, Math.min(100, Math.round(progress ?? 0)));

  return (
    <div className={cn('flex flex-col items-center gap-4 sm:flex-row sm:items-center sm:gap-6', className)}>
      <div className="relative shrink-0">
        <Avatar
          name={name}
          src={preview ?? src ?? null}
          size="xl"
          className={cn(uploading && 'opacity-80')}
        />
        {uploading ? (
          <div
            role="progressbar"
            aria-label={text.uploading}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={text.progress(percent)}
            className="absolute inset-0 flex items-center justify-center rounded-full bg-overlay/60"
          >
            <svg viewBox="0 0 100 100" className="absolute inset-0 size-full -rotate-90" aria-hidden="true">
              <circle
                cx="50"
                cy="50"
                r={RING_RADIUS}
                fill="none"
                strokeWidth="6"
                className="stroke-white/25"
              />
              <circle
                cx="50"
                cy="50"
                r={RING_RADIUS}
                fill="none"
                strokeWidth="6"
                strokeLinecap="round"
                strokeDasharray={RING_LENGTH}
                strokeDashoffset={RING_LENGTH * (1 - percent / 100)}
                className="stroke-white transition-[stroke-dashoffset] duration-200"
              />
            </svg>
            <span className="relative text-sm font-bold text-white">{text.progress(percent)}</span>
          </div>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col items-center gap-2 sm:items-start">
        <div className="flex flex-wrap items-center justify-center gap-2">
          {uploading ? (
            <Button variant="secondary" size="sm" onClick={onCancel}>
              <X aria-hidden="true" />
              {text.cancel}
            </Button>
          ) : (
            <>
              <Button
                variant="secondary"
                size="sm"
                loading={checking}
                disabled={disabled}
                aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
                onClick={() => inputRef.current?.click()}
              >
                <Camera aria-hidden="true" />
                {src ? text.change : text.choose}
              </Button>
              {src && onRemove ? (
                <Button variant="ghost" size="sm" disabled={disabled} onClick={onRemove}>
                  <Trash2 aria-hidden="true" />
                  {text.remove}
                </Button>
              ) : null}
            </>
          )}
        </div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Reset, so choosing the same file again after an error still fires a change.
            event.target.value = '';
            void handleFile(file);
          }}
        />
        <p id={hintId} className="text-center text-xs text-muted-foreground sm:text-start">
          {text.hint}
        </p>
        {error ? (
          <p id={errorId} role="alert" className="text-center text-sm font-medium text-danger sm:text-start">
            {avatarErrorMessage(error)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
