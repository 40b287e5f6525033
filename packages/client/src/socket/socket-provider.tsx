import type { AppServer } from '@hiwar/domain';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../session/session.tsx';
import type { SocketManager, SocketState } from './socket-client.ts';

export interface SocketProviderProps {
  manager: SocketManager;
  /**
   * The selected server (the manager's `url()` maps it to an address): a change re-syncs the connection,
   * as a token change does (spec §4).
   */
  serverKey?: AppServer;
  children?: ReactNode;
}

export interface SocketContextValue extends SocketState {
  manager: SocketManager;
  emitWithAck: SocketManager['emitWithAck'];
}

const SocketContext = createContext<SocketContextValue | null>(null);

/**
 * Keeps the manager's connection in step with the session: it re-syncs whenever the token (or the server
 * key) changes, which disconnects the old socket first, and closes the connection on unmount. Must sit
 * inside `SessionProvider`.
 */
export function SocketProvider({ manager, serverKey, children }: SocketProviderProps): ReactNode {
  const { token, isAuthenticated } = useSession();
  const state = useSyncExternalStore(manager.subscribe, manager.getState, manager.getState);

  // biome-ignore lint/correctness/useExhaustiveDependencies: token, validity and server key are the triggers.
  useEffect(() => {
    manager.sync();
  }, [manager, token, isAuthenticated, serverKey]);

  useEffect(() => () => manager.disconnect(), [manager]);

  const value = useMemo<SocketContextValue>(
    () => ({ ...state, manager, emitWithAck: manager.emitWithAck }),
    [state, manager],
  );
  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}

/** The realtime connection. Throws outside `SocketProvider`: that is a wiring mistake, not a state. */
export function useSocket(): SocketContextValue {
  const value = useContext(SocketContext);
  if (!value) {
    throw new Error('useSocket must be used within SocketProvider');
  }
  return value;
}
