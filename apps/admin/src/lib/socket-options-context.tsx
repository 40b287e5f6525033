import type { SocketManagerOptions } from '@hiwar/client';
import { createContext, type ReactNode, use } from 'react';

const SocketOptionsContext = createContext<SocketManagerOptions | null>(null);

/** Hands screens with live data the way to open the realtime connection (type-only: no socket client here). */
export function SocketOptionsProvider({
  options,
  children,
}: {
  options: SocketManagerOptions;
  children: ReactNode;
}) {
  return <SocketOptionsContext value={options}>{children}</SocketOptionsContext>;
}

/** The nearest provider's socket options; a wiring mistake outside `AppProviders`. */
export function useSocketOptions(): SocketManagerOptions {
  const options = use(SocketOptionsContext);
  if (!options) {
    throw new Error('useSocketOptions must be used inside <AppProviders>');
  }
  return options;
}
