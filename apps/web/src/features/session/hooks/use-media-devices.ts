import { useCallback, useEffect, useMemo, useState } from 'react';
import { type DeviceRole, devicesOf } from '../lib/media-devices.ts';

export interface MediaDevices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
  /** Lists again (labels appear once permission is given). */
  refresh(): Promise<void>;
}

/**
 * The cameras, microphones and speakers of this device, kept fresh on plug and unplug
 * (`devicechange`). One list for the pre-join pickers and the room's device menu; the lists keep
 * their identity until the devices change, so effects may depend on them.
 */
export function useMediaDevices(): MediaDevices {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);

  const refresh = useCallback(async () => {
    const list = await navigator.mediaDevices?.enumerateDevices?.().catch(() => []);
    setDevices(list ?? []);
  }, []);

  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.addEventListener) {
      return;
    }
    const onChange = () => void refresh();
    media.addEventListener('devicechange', onChange);
    return () => media.removeEventListener('devicechange', onChange);
  }, [refresh]);

  return useMemo(() => {
    const of = (role: DeviceRole) => devicesOf(devices, role);
    return { cameras: of('camera'), microphones: of('microphone'), speakers: of('speaker'), refresh };
  }, [devices, refresh]);
}
