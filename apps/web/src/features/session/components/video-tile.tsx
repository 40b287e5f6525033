import { cn } from '@hiwar/ui';
import { type ComponentProps, useCallback, useEffect, useRef } from 'react';

export interface VideoTileProps extends Omit<ComponentProps<'video'>, 'src'> {
  stream: MediaStream | null;
  /** Own camera: mirrored, and always muted (no echo). */
  self?: boolean;
  /** Autoplay with sound was refused (no user gesture yet, e.g. after a reload). */
  onAutoplayBlocked?: () => void;
  /** Given the `<video>` element (e.g. to pick the speaker it plays on). */
  mediaRef?: (element: HTMLVideoElement | null) => void;
}

/** A `<video>` showing a live stream; plays it as soon as it is attached. */
export function VideoTile({
  stream,
  self = false,
  muted,
  onAutoplayBlocked,
  mediaRef,
  className,
  ...props
}: VideoTileProps) {
  const ref = useRef<HTMLVideoElement | null>(null);
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      ref.current = element;
      mediaRef?.(element);
    },
    [mediaRef],
  );
  useEffect(() => {
    const video = ref.current;
    if (!video) {
      return;
    }
    video.srcObject = stream;
    if (stream) {
      video.play?.()?.catch((error: unknown) => {
        if (error instanceof Error && error.name === 'NotAllowedError' && !video.muted) {
          // Browsers refuse sound without a gesture: play muted and let the user turn sound on.
          video.muted = true;
          void video.play().catch(() => undefined);
          onAutoplayBlocked?.();
        }
      });
    }
  }, [stream, onAutoplayBlocked]);
  return (
    <video
      ref={attach}
      autoPlay
      playsInline
      muted={self || muted}
      className={cn('h-full w-full bg-black object-contain', self && 'scale-x-[-1]', className)}
      {...props}
    />
  );
}
