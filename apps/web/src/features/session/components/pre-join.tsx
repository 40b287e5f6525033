import {
  Alert,
  Button,
  Card,
  FormField,
  mediaErrorMessages,
  Select,
  Spinner,
  sessionMessages,
} from '@hiwar/ui';
import { CameraOff, RefreshCw, Video } from 'lucide-react';
import type { LocalMedia } from '../hooks/use-local-media.ts';
import { useMicLevel } from '../hooks/use-mic-level.ts';
import { deviceOptions } from '../lib/media-devices.ts';
import { MicLevelMeter } from './mic-level-meter.tsx';
import { VideoTile } from './video-tile.tsx';

const text = sessionMessages.preJoin;

export interface PreJoinProps {
  media: LocalMedia;
  /** "Lesson with …" under the title. */
  subtitle: string;
  /** The room's timer label (countdown / can join now…). */
  label: string;
  onJoin: () => void;
}

/**
 * The check before the room (architecture §6): camera preview, microphone level, camera and
 * microphone pickers, the spec's Arabic media errors with a retry, then "ready to join". Joining
 * without devices stays possible (to see and hear the other member only).
 */
export function PreJoin({ media, subtitle, label, onJoin }: PreJoinProps) {
  const level = useMicLevel(media.stream);
  const ready = media.status === 'ready';
  const hasVideo = Boolean(media.stream?.getVideoTracks()[0]);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 py-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{text.title}</h1>
        <p className="text-muted-foreground">
          {subtitle} · <span aria-live="polite">{label}</span>
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
        <div className="relative aspect-video overflow-hidden rounded-2xl bg-black">
          {hasVideo ? (
            <VideoTile stream={media.stream} self aria-label={text.preview} />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-2 text-white/80">
              {media.status === 'starting' ? <Spinner /> : <CameraOff aria-hidden className="size-10" />}
              <span>{media.status === 'starting' ? text.starting : text.cameraOff}</span>
            </div>
          )}
        </div>
        <Card className="flex flex-col gap-4 p-5">
          {media.error ? (
            <Alert
              tone="danger"
              action={
                <Button size="sm" variant="secondary" onClick={media.retry}>
                  <RefreshCw aria-hidden />
                  {text.retry}
                </Button>
              }
            >
              {mediaErrorMessages[media.error]}
            </Alert>
          ) : null}
          <FormField label={text.camera}>
            <Select
              options={deviceOptions(media.cameras, 'camera')}
              value={media.cameraId ?? ''}
              onValueChange={media.selectCamera}
              placeholder={text.noDevices}
              disabled={media.cameras.length === 0}
            />
          </FormField>
          <FormField label={text.microphone}>
            <Select
              options={deviceOptions(media.microphones, 'microphone')}
              value={media.microphoneId ?? ''}
              onValueChange={media.selectMicrophone}
              placeholder={text.noDevices}
              disabled={media.microphones.length === 0}
            />
          </FormField>
          <MicLevelMeter level={level} />
          {ready ? (
            <p role="status" className="font-semibold text-success">
              {text.ready}
            </p>
          ) : null}
          <Button onClick={onJoin} disabled={media.status === 'starting'} size="lg">
            <Video aria-hidden />
            {ready ? text.join : text.joinWithoutMedia}
          </Button>
        </Card>
      </div>
    </div>
  );
}
