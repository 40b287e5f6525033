import { type AckCode, isAckCode } from '@hiwar/domain';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

export type SocketConnectOptions = Partial<ManagerOptions & SocketOptions>;
/** Same signature as socket.io-client's `io`; tests pass a fake. */
export type IoFactory = (url: string, options: SocketConnectOptions) => Socket;

/** Every acknowledgement carries a spec §8 ack code; events may add fields. */
export type AckResponse = { code: AckCode } & Record<string, unknown>;
export type UnreachableAck = { code: 'unreachable' };

/** How long `emitWithAck` waits before answering `unreachable`. The spec fixes no figure; 10 s is a guess. */
export const DEFAULT_ACK_TIMEOUT_MS = 10_000;

/**
 * Connection settings from spec §9 (reconnection). Transports (issue 17, decision 0023): WebSocket
 * first, so a connection is one long-lived request that any instance behind the load balancer can
 * hold without sticky sessions; long-polling (then WebTransport) only when the WebSocket cannot open
 * (`tryAllTransports`), and polling needs a balancer that keeps each client on one instance.
 */
export const SOCKET_OPTIONS = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  timeout: 20_000,
  transports: ['websocket', 'polling', 'webtransport'],
  tryAllTransports: true,
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
  /** Opens a socket; tests pass a fake. Without it, socket.io-client is loaded on the first connection. */
  io?: IoFactory;
  /** Loads the socket factory when `io` is not given (defaults to importing socket.io-client). */
  loadIo?: () => Promise<IoFactory>;
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
   * Returns the socket, or `null` while signed out or while socket.io-client is still loading (the
   * manager syncs again once it has loaded, and subscribers hear of the new socket).
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

/**
 * socket.io-client (with engine.io) as a chunk of its own: only signed-in users connect, so guests never
 * download it and a signed-in user's first screen renders before it arrives (issue 16).
 */
export async function loadSocketIo(): Promise<IoFactory> {
  const { io } = await import('socket.io-client');
  return io as IoFactory;
}

/** Owns the one realtime connection of a tab (spec §4 "Realtime connection reconnects ..."). */
export function createSocketManager(options: SocketManagerOptions): SocketManager {
  let connect: IoFactory | null = options.io ?? null;
  let loading = false;
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

  function open(io: IoFactory, url: string, token: string): Socket {
    const socket = io(url, buildSocketOptions(token));
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

  /** Loads the factory once; the next `sync()` after it arrives connects. A failed load is retried on the next `sync()`. */
  function loadConnect(): void {
    if (loading) {
      return;
    }
    loading = true;
    (options.loadIo ?? loadSocketIo)().then(
      (io) => {
        connect = io;
        manager.sync();
      },
      (error: unknown) => {
        loading = false;
        log('socket client failed to load', error);
      },
    );
  }

  const manager: SocketManager = {
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
      if (!connect) {
        loadConnect();
        return null;
      }
      const url = options.url();
      if (current && current.url === url && current.token === token) {
        return current.socket;
      }
      teardown();
      const socket = open(connect, url, token);
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
  return manager;
}
