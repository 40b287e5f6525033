import { useEffect, useState } from 'react';

/**
 * The server's time, ticking every `intervalMs`: the browser's clock corrected by the offset seen when
 * the session was loaded (`serverNow` from the API), so timers agree with who may join.
 */
export function useServerNow(serverNow: string | null, intervalMs = 1000): Date {
  const [offset] = useState(() => (serverNow ? new Date(serverNow).getTime() - Date.now() : 0));
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), intervalMs);
    return () => clearInterval(timer);
  }, [offset, intervalMs]);
  return new Date(now);
}
