import { useState } from 'react';

/**
 * Whether `open` was ever true: a dialog loaded on demand is mounted from its first opening on, and
 * stays mounted so it can animate out and keep its state.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) {
    setOpened(true);
  }
  return opened || open;
}
