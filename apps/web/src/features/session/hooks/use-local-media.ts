import type { MediaErrorCode } from '@hiwar/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserGetUserMedia, deviceConstraint } from '../lib/device-switch.ts';
import { activeDeviceId } from '../lib/media-devices.ts';
import { mediaErrorCode } from '../lib/media-errors.ts';
import { roomMemory } from '../lib/room-memory.ts';
import { useMediaDevices } from './use-media-devices.ts';

export type LocalMediaStatus = 'starting' | 'ready' | 'error';

export interface LocalMedia {
  stream: MediaStream | null;
  status: LocalMediaStatus;
  error: MediaErrorCode | null;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  /** Audio outputs, for the room's speaker choice. */
  speakers: MediaDeviceInfo[];
  cameraId: string | null;
  microphoneId: string | null;
  selectCamera(id: string): void;
  selectMicrophone(id: string): void;
  retry(): void;
}

/** A device constraint: the picked one exactly, or any. */
/**
 * The camera and microphone for the room: opened with the devices last picked on this device, the
 * lists of devices (labelled once permission is given, kept fresh on plug and unplug), and the
 * spec's media error when they cannot be opened. The stream stops when the page goes away.
 */
export function useLocalMedia(): LocalMedia {
  const [choice, setChoice] = useState(() => roomMemory.devices());
  const [attempt, setAttempt] = useState(0);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState<LocalMediaStatus>('starting');
  const [error, setError] = useState<MediaErrorCode | null>(null);
  const devices = useMediaDevices();
  const refreshDevices = devices.refresh;
  const current = useRef<MediaStream | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let cancelled = false;
    setStatus('starting');
    setError(null);
    const open = async () => {
      try {
        return await browserGetUserMedia({
          audio: deviceConstraint(choice.microphoneId),
          video: deviceConstraint(choice.cameraId),
        });
      } catch (failure) {
        // A remembered device that is gone: fall back to any device before reporting.
        if (
          mediaErrorCode(failure) === 'media-over-constrained' &&
          (choice.cameraId || choice.microphoneId)
        ) {
          return browserGetUserMedia({ audio: true, video: true });
        }
        throw failure;
      }
    };
    open()
      .then((opened) => {
        if (cancelled) {
          stopStream(opened);
          return;
        }
        stopStream(current.current);
        current.current = opened;
        setStream(opened);
        setStatus('ready');
        void refreshDevices();
      })
      .catch((failure: unknown) => {
        if (cancelled) {
          return;
        }
        setError(mediaErrorCode(failure));
        setStatus('error');
        void refreshDevices();
      });
    return () => {
      cancelled = true;
    };
  }, [choice.cameraId, choice.microphoneId, attempt, refreshDevices]);

  useEffect(() => () => stopStream(current.current), []);

  const choose = useCallback((next: Partial<typeof choice>) => {
    roomMemory.setDevices(next);
    setChoice((previous) => ({ ...previous, ...next }));
  }, []);

  return {
    stream,
    status,
    error,
    cameras: devices.cameras,
    microphones: devices.microphones,
    speakers: devices.speakers,
    cameraId: activeDeviceId(stream, 'video') ?? choice.cameraId,
    microphoneId: activeDeviceId(stream, 'audio') ?? choice.microphoneId,
    selectCamera: (id) => choose({ cameraId: id }),
    selectMicrophone: (id) => choose({ microphoneId: id }),
    retry: () => setAttempt((value) => value + 1),
  };
}

function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) {
    track.stop();
  }
}
