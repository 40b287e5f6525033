import { type AckCode, isAckCode } from '@hiwar/domain';
import { io as defaultIo, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type SocketConnectOptions = Partial<ManagerOptions & SocketOptions>;
/** Same signature as socket.io-client's `io`; tests pass a fake. */
export type IoFactory = (url: string, options: SocketConnectOptions) => Socket;

/** Every acknowledgement carries a spec §8 ack code; events may add fields. */
export type AckResponse = { code: AckCode } & Record<string, unknown>;
export type UnreachableAck = { code: 'unreachable' };

/** How long `emitWithAck` waits before answering `unreachable`. The spec fixes no figure; 10 s is a guess. */
export const DEFAULT_ACK_TIMEOUT_MS = 10_000;

/** Connection settings from spec §9 (reconnection) and §7 (polling first, then upgrades). */
export const SOCKET_OPTIONS = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  timeout: 20_000,
  transports: ['polling', 'websocket', 'webtransport'],
} as const satisfies SocketConnectOptions;

export interface SocketState {
  socket: Socket | null;
  connected: boolean;
}

export interface SocketManagerOptions {
  /** The realtime server for the selected server key; read on every `sync()`. */
  url: () => string;
  /** A valid token or `null`; read on every `sync()`. Without one no connection is kept. */
  getToken: () => string | null;
  io?: IoFactory;
  ackTimeoutMs?: number;
  /** Defaults to `console.debug`: socket life-cycle events are logged, never shown (spec §8). */
  log?: (message: string, detail?: unknown) => void;
}

export interface SocketManager {
  /** The live socket, or `null` while signed out. */
  readonly socket: Socket | null;
  /** Immutable snapshot, replaced on every change (for `useSyncExternalStore`). */
  getState(): SocketState;
  /**
   * Brings the connection in line with the current URL and token: nothing to do when both are unchanged;
   * otherwise the old socket is disconnected first, then a new one opened (none without a token).
   */
  sync(): Socket | null;
  /** Closes the connection (logout, unmount). */
  disconnect(): void;
  /**
   * Emits and waits for the server's `{ code }`. Resolves `{ code: 'unreachable' }` when there is no socket,
   * no answer within the timeout, or an answer without a known ack code; never rejects.
   */
  emitWithAck<T extends { code: AckCode } = AckResponse>(
    event: string,
    payload?: unknown,
    options?: { timeoutMs?: number },
  ): Promise<T | UnreachableAck>;
  subscribe(listener: () => void): () => void;
}

function logToConsole(message: string, detail?: unknown): void {
  console.debug(`[socket] ${message}`, detail);
}

/**
 * Builds the socket options for a token. The token goes twice: `auth.token` is what the server reads
 * first (it works on every transport), while the `Authorization` header only reaches the server on
 * polling, because browsers cannot set headers on WebSocket or WebTransport. `forceNew` stops
 * socket.io-client from reusing a cached Manager whose headers still carry the previous token.
 */
export function buildSocketOptions(token: string): SocketConnectOptions {
  return {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    forceNew: true,
    auth: { token },
    extraHeaders: { Authorization: `Bearer ${token}` },
  };
}

/** Owns the one realtime connection of a tab (spec §4 "Realtime connection reconnects ..."). */
export function createSocketManager(options: SocketManagerOptions): SocketManager {
  const connect = options.io ?? (defaultIo as IoFactory);
  const ackTimeoutMs = options.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
  const log = options.log ?? logToConsole;
  const listeners = new Set<() => void>();

  let current: { socket: Socket; url: string; token: string } | null = null;
  let state: SocketState = { socket: null, connected: false };

  function setState(next: SocketState): void {
    if (next.socket === state.socket && next.connected === state.connected) {
      return;
    }
    state = next;
    for (const listener of [...listeners]) {
      listener();
    }
  }

  function teardown(): void {
    if (!current) {
      return;
    }
    const { socket } = current;
    // Cleared first so the old socket's own disconnect event no longer updates the state.
    current = null;
    socket.disconnect();
    setState({ socket: null, connected: false });
  }

  function open(url: string, token: string): Socket {
    const socket = connect(url, buildSocketOptions(token));
    socket.on('connect', () => {
      log('connected', socket.id);
      if (current?.socket === socket) {
        setState({ socket, connected: true });
      }
    });
    socket.on('disconnect', (reason) => {
      log('disconnected', reason);
      if (current?.socket === socket) {
        setState({ socket, connected: false });
      }
    });
    socket.on('connect_error', (error) => {
      log('connect error', error.message);
    });
    return socket;
  }

  return {
    get socket() {
      return current?.socket ?? null;
    },

    getState: () => state,

    sync() {
      const token = options.getToken();
      if (!token) {
        teardown();
        return null;
      }
      const url = options.url();
      if (current && current.url === url && current.token === token) {
        return current.socket;
      }
      teardown();
      const socket = open(url, token);
      current = { socket, url, token };
      setState({ socket, connected: socket.connected });
      return socket;
    },

    disconnect: teardown,

    async emitWithAck<T extends { code: AckCode } = AckResponse>(
      event: string,
      payload?: unknown,
      emitOptions: { timeoutMs?: number } = {},
    ): Promise<T | UnreachableAck> {
      const socket = current?.socket;
      if (!socket) {
        return { code: 'unreachable' };
      }
      try {
        const timed = socket.timeout(emitOptions.timeoutMs ?? ackTimeoutMs);
        const answer: unknown =
          payload === undefined ? await timed.emitWithAck(event) : await timed.emitWithAck(event, payload);
        if (typeof answer === 'object' && answer !== null && isAckCode((answer as { code?: unknown }).code)) {
          return answer as T;
        }
        log(`malformed acknowledgement for ${event}`, answer);
        return { code: 'unreachable' };
      } catch (error) {
        log(`no acknowledgement for ${event}`, error);
        return { code: 'unreachable' };
      }
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
