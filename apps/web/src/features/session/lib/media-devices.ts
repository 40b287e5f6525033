import { sessionMessages } from '@hiwar/ui';

/** The three kinds of device a member picks, in the words of the pickers. */
export type DeviceRole = 'camera' | 'microphone' | 'speaker';

/** A camera or microphone is one kind of track. */
export type TrackKind = 'audio' | 'video';

export const TRACK_KIND: Record<Exclude<DeviceRole, 'speaker'>, TrackKind> = {
  camera: 'video',
  microphone: 'audio',
};

const ENUMERATED_KIND: Record<DeviceRole, MediaDeviceKind> = {
  camera: 'videoinput',
  microphone: 'audioinput',
  speaker: 'audiooutput',
};

/** One device as a picker shows it. */
export interface DeviceOption {
  value: string;
  label: string;
}

/**
 * The devices of one role. Before permission is given browsers list devices with an empty id, which
 * cannot be opened or picked, so those are left out.
 */
export function devicesOf(list: readonly MediaDeviceInfo[], role: DeviceRole): MediaDeviceInfo[] {
  return list.filter((device) => device.kind === ENUMERATED_KIND[role] && device.deviceId !== '');
}

/** Picker options: the browser's label, or "Camera 2" when the browser gives none. */
export function deviceOptions(devices: readonly MediaDeviceInfo[], role: DeviceRole): DeviceOption[] {
  return devices.map((device, index) => ({
    value: device.deviceId,
    label: device.label || sessionMessages.preJoin.deviceLabel(role, index + 1),
  }));
}

/** The device a stream's track of `kind` was opened from (null: no such track, or not said). */
export function activeDeviceId(stream: MediaStream | null, kind: TrackKind): string | null {
  const track = stream?.getTracks().find((candidate) => candidate.kind === kind);
  return track?.getSettings().deviceId || null;
}

/** Whether this browser can play the other member's sound on a picked speaker. */
export function canPickSpeaker(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}
