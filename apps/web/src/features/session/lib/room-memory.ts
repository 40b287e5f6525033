import { type SessionRef, sessionKey } from '@hiwar/domain';

const JOINED_PREFIX = 'hiwar:room-joined:';
const DEVICES_KEY = 'hiwar:room-devices';

/** Device ids as `enumerateDevices` gives them; null is the browser's default. */
export interface RememberedDevices {
  cameraId: string | null;
  microphoneId: string | null;
  speakerId: string | null;
}

/**
 * Whether this tab was in the room: a reload then goes straight back in (rejoin) instead of through
 * the pre-join check again. Per tab (sessionStorage), forgotten on leave.
 */
export const roomMemory = {
  wasJoined(ref: SessionRef): boolean {
    return safe(() => sessionStorage.getItem(JOINED_PREFIX + sessionKey(ref)) === '1') ?? false;
  },
  setJoined(ref: SessionRef, joined: boolean): void {
    safe(() =>
      joined
        ? sessionStorage.setItem(JOINED_PREFIX + sessionKey(ref), '1')
        : sessionStorage.removeItem(JOINED_PREFIX + sessionKey(ref)),
    );
  },
  /** The camera, microphone and speaker last picked on this device (pre-join or in the room). */
  devices(): RememberedDevices {
    const stored = safe(() => JSON.parse(localStorage.getItem(DEVICES_KEY) ?? 'null') as unknown);
    const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
    const id = (value: unknown) => (typeof value === 'string' ? value : null);
    return {
      cameraId: id(record.cameraId),
      microphoneId: id(record.microphoneId),
      speakerId: id(record.speakerId),
    };
  },
  /**
   * Remembers the picks given, keeping the others: the pre-join picks camera and microphone only, the
   * room one device at a time, and neither may forget what the other chose.
   */
  setDevices(picked: Partial<RememberedDevices>): void {
    const merged = { ...roomMemory.devices(), ...picked };
    safe(() => localStorage.setItem(DEVICES_KEY, JSON.stringify(merged)));
  },
};

/** Storage can throw (private mode, quota): the room works without it. */
function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
