import { createSocketManager, SocketProvider } from '@hiwar/client';
import { type ReactNode, useState } from 'react';
import { useSocketOptions } from '../lib/socket-options-context.tsx';

/**
 * The realtime connection for one screen with live data (interviews): connected while the screen is
 * shown and signed in, closed when it unmounts. Import it only from lazy pages, so the socket client
 * loads with them rather than with the shell.
 */
export function LiveUpdates({ children }: { children: ReactNode }) {
  const options = useSocketOptions();
  const [manager] = useState(() => createSocketManager(options));
  return <SocketProvider manager={manager}>{children}</SocketProvider>;
}
