import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `untilMs` (epoch milliseconds), ticking every second and stopping at 0.
 * `null` means nothing to wait for.
 */
export function useCountdown(untilMs: number | null, now: () => number = Date.now): number {
  const secondsUntil = () => (untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - now()) / 1000)));
  const [secondsLeft, setSecondsLeft] = useState(secondsUntil);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts only when the target instant changes.
  useEffect(() => {
    setSecondsLeft(secondsUntil());
    if (untilMs === null) {
      return;
    }
    const timer = setInterval(() => {
      const left = secondsUntil();
      setSecondsLeft(left);
      if (left === 0) {
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [untilMs]);

  return secondsLeft;
}

/** The cooldown after a code was sent: the server's `resendAt`, else a minute from now (rules.md). */
export function resendInstant(resendAt: string | undefined, nowMs: number = Date.now()): number {
  const parsed = resendAt ? Date.parse(resendAt) : Number.NaN;
  return Number.isNaN(parsed) ? nowMs + 60_000 : parsed;
}
