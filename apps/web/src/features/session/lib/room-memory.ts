import { type SessionRef, sessionKey } from '@hiwar/domain';

const JOINED_PREFIX = 'hiwar:room-joined:';
const DEVICES_KEY = 'hiwar:room-devices';

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
  /** The camera and microphone last picked on this device. */
  devices(): { cameraId: string | null; microphoneId: string | null } {
    const stored = safe(() => JSON.parse(localStorage.getItem(DEVICES_KEY) ?? 'null') as unknown);
    if (stored && typeof stored === 'object') {
      const { cameraId, microphoneId } = stored as Record<string, unknown>;
      return {
        cameraId: typeof cameraId === 'string' ? cameraId : null,
        microphoneId: typeof microphoneId === 'string' ? microphoneId : null,
      };
    }
    return { cameraId: null, microphoneId: null };
  },
  setDevices(devices: { cameraId: string | null; microphoneId: string | null }): void {
    safe(() => localStorage.setItem(DEVICES_KEY, JSON.stringify(devices)));
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
