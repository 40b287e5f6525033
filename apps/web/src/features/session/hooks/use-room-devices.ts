import { mediaErrorMessages, sessionMessages, useToast } from '@hiwar/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { playOn } from '../lib/device-switch.ts';
import {
  activeDeviceId,
  canPickSpeaker,
  type DeviceOption,
  type DeviceRole,
  deviceOptions,
  TRACK_KIND,
} from '../lib/media-devices.ts';
import { mediaErrorCode } from '../lib/media-errors.ts';
import { type RememberedDevices, roomMemory } from '../lib/room-memory.ts';
import type { LocalMedia } from './use-local-media.ts';
import type { SessionRoom } from './use-session-room.ts';

const text = sessionMessages.devices;
/** One toast for device news: a newer one replaces it instead of piling up. */
const TOAST_ID = 'room-device';

type InputRole = Exclude<DeviceRole, 'speaker'>;

const MEMORY_KEY: Record<DeviceRole, keyof RememberedDevices> = {
  camera: 'cameraId',
  microphone: 'microphoneId',
  speaker: 'speakerId',
};

/** One section of the device menu: the devices of a role and the one in use. */
export interface DeviceChoice {
  options: DeviceOption[];
  /** The device in use (null: unknown, nothing marked). */
  current: string | null;
  select(deviceId: string): void;
}

export interface RoomDevices {
  camera: DeviceChoice;
  microphone: DeviceChoice;
  /** Null where the browser cannot pick a speaker (no `setSinkId`) or lists none. */
  speaker: DeviceChoice | null;
  /** Whether there is a camera and microphone stream to switch tracks in. */
  canSwitch: boolean;
  /** Ref callback for the element playing the other member, whose sound follows the speaker picked. */
  speakerTarget(element: HTMLMediaElement | null): void;
}

/**
 * The room's device choices (camera, microphone, speaker), on top of the pre-join's device lists: a
 * pick switches the one device in place (`SessionRoom.switchDevice`, speaker: `setSinkId`), is
 * remembered for the next join, and a failure keeps the device in use and says why in the spec's
 * Arabic media error. A device in use that is unplugged falls back to the default one, with a notice.
 */
export function useRoomDevices({
  media,
  room,
}: {
  media: Pick<LocalMedia, 'stream' | 'cameras' | 'microphones' | 'speakers'>;
  room: Pick<SessionRoom, 'switchDevice' | 'local'>;
}): RoomDevices {
  const { stream, cameras, microphones, speakers } = media;
  const { toast } = useToast();
  // Tracks change inside the same stream, which React does not see: a switch re-renders by hand.
  const [, rerender] = useState(0);
  const [speakerId, setSpeakerId] = useState(() => roomMemory.devices().speakerId);
  const output = useRef<HTMLMediaElement | null>(null);
  const speakerRef = useRef(speakerId);
  speakerRef.current = speakerId;
  /** Switches run one after another: two quick picks must not race on the same sender. */
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef({ media, room });
  latest.current = { media, room };

  const fail = useCallback(
    (failure: unknown) =>
      toast({ id: TOAST_ID, type: 'error', title: mediaErrorMessages[mediaErrorCode(failure)] }),
    [toast],
  );
  const tell = useCallback((title: string) => toast({ id: TOAST_ID, type: 'info', title }), [toast]);

  /** Opens `deviceId` (null: the default) as the camera or microphone; `lost` says a fallback. */
  const switchInput = useCallback(
    (role: InputRole, deviceId: string | null, lost = false) => {
      queue.current = queue.current.then(async () => {
        // A fallback queued twice (devicechange often fires in bursts) runs once.
        if (lost && !isLost(latest.current.media, role)) {
          return;
        }
        try {
          await latest.current.room.switchDevice(TRACK_KIND[role], deviceId);
          rerender((value) => value + 1);
          remember(role, deviceId, lost);
          if (lost) {
            tell(text.fallback(role));
          } else if (role === 'camera' && latest.current.room.local.screen) {
            tell(text.cameraAfterSharing);
          }
        } catch (failure) {
          fail(failure);
        }
      });
    },
    [fail, tell],
  );

  /** Plays the other member on `deviceId` (null: the default output) and remembers it. */
  const switchSpeaker = useCallback(
    async (deviceId: string | null, lost = false) => {
      try {
        if (output.current) {
          await playOn(output.current, deviceId);
        }
        setSpeakerId(deviceId);
        remember('speaker', deviceId, lost);
        if (lost) {
          tell(text.fallback('speaker'));
        }
      } catch (failure) {
        fail(failure);
      }
    },
    [fail, tell],
  );

  // A track that ended by itself (unplugged) is checked like a change in the device list.
  const [endedCount, setEndedCount] = useState(0);
  const videoTrack = stream?.getVideoTracks()[0] ?? null;
  const audioTrack = stream?.getAudioTracks()[0] ?? null;
  useEffect(() => {
    const onEnded = () => setEndedCount((value) => value + 1);
    const tracks = [videoTrack, audioTrack].filter((track) => track !== null);
    for (const track of tracks) {
      track.addEventListener?.('ended', onEnded);
    }
    return () => {
      for (const track of tracks) {
        track.removeEventListener?.('ended', onEnded);
      }
    };
  }, [videoTrack, audioTrack]);

  // Once per change of the lists (not per render: a fallback that fails must not retry in a loop).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `endedCount` is the trigger for an ended track.
  useEffect(() => {
    for (const role of ['camera', 'microphone'] as const) {
      if (isLost({ stream, cameras, microphones }, role)) {
        switchInput(role, null, true);
      }
    }
  }, [stream, cameras, microphones, endedCount, switchInput]);

  useEffect(() => {
    if (speakerId && speakers.length > 0 && !speakers.some((device) => device.deviceId === speakerId)) {
      void switchSpeaker(null, true);
    }
  }, [speakers, speakerId, switchSpeaker]);

  const speakerTarget = useCallback((element: HTMLMediaElement | null) => {
    output.current = element;
    // The speaker remembered from an earlier visit; one that is gone falls back on the list check.
    if (element && speakerRef.current) {
      void playOn(element, speakerRef.current).catch(() => undefined);
    }
  }, []);

  const input = (role: InputRole, devices: MediaDeviceInfo[]): DeviceChoice => ({
    options: deviceOptions(devices, role),
    current: activeDeviceId(stream, TRACK_KIND[role]),
    select: (deviceId) => switchInput(role, deviceId),
  });
  const outputs = canPickSpeaker() ? speakers : [];
  const listed = (id: string | null) => (outputs.some((device) => device.deviceId === id) ? id : null);

  return {
    camera: input('camera', cameras),
    microphone: input('microphone', microphones),
    speaker:
      outputs.length > 0
        ? {
            options: deviceOptions(outputs, 'speaker'),
            current: listed(speakerId) ?? listed('default'),
            select: (deviceId) => void switchSpeaker(deviceId),
          }
        : null,
    canSwitch: stream !== null,
    speakerTarget,
  };
}

/**
 * Remembers a pick for the next join (after a reload too). A fallback is not a pick: the member's
 * own choice stays remembered, so a headset plugged back in is used again next time.
 */
function remember(role: DeviceRole, deviceId: string | null, lost: boolean): void {
  if (!lost) {
    roomMemory.setDevices({ [MEMORY_KEY[role]]: deviceId });
  }
}

/**
 * Whether the device in use for `role` is gone: its track ended by itself (`stop()` fires no `ended`),
 * or the device list, once known, no longer has it. With no device of that kind left there is nothing
 * to fall back to, so that is not "lost" here (the track simply stays dark).
 */
function isLost(media: Pick<LocalMedia, 'stream' | 'cameras' | 'microphones'>, role: InputRole): boolean {
  const kind = TRACK_KIND[role];
  const track = media.stream?.getTracks().find((candidate) => candidate.kind === kind);
  const devices = role === 'camera' ? media.cameras : media.microphones;
  if (!track || devices.length === 0) {
    return false;
  }
  const inUse = activeDeviceId(media.stream, kind);
  return track.readyState === 'ended' || (inUse !== null && !devices.some((d) => d.deviceId === inUse));
}
