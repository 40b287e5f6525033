import { type AckCode, isAckCode } from '@hiwar/domain';
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import type { Listener } from './lite-socket.ts';

/**
 * What the apps use of a socket: socket.io-client's `Socket`, or the WebSocket-only `LiteSocket` that
 * stands in for it on the first load (lite-socket.ts).
 */
export interface LiveSocket {
  readonly connected: boolean;
  readonly id: string | undefined;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener?: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
  disconnect(): unknown;
}

export type SocketConnectOptions = Partial<ManagerOptions & SocketOptions> & {
  /** For the WebSocket-only client: WebSocket could not be opened here (socket.io-client ignores it). */
  onUnavailable?: () => void;
};
/** Same signature as socket.io-client's `io`; tests pass a fake. */
export type IoFactory = (url: string, options: SocketConnectOptions) => LiveSocket;

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
  socket: LiveSocket | null;
  connected: boolean;
}

export interface SocketManagerOptions {
  /** The realtime server for the selected server key; read on every `sync()`. */
  url: () => string;
  /** A valid token or `null`; read on every `sync()`. Without one no connection is kept. */
  getToken: () => string | null;
  /** Opens a socket; tests pass a fake. Without it, the factory is loaded on the first connection. */
  io?: IoFactory;
  /**
   * Loads the socket factory when `io` is not given: by default the WebSocket-only client, which asks
   * for socket.io-client ({@link loadFallbackIo}) where WebSocket cannot be opened.
   */
  loadIo?: () => Promise<IoFactory>;
  /** Loads socket.io-client (long-polling, WebTransport) when the WebSocket-only client cannot connect. */
  loadFallbackIo?: () => Promise<IoFactory>;
  ackTimeoutMs?: number;
  /** Defaults to `console.debug`: socket life-cycle events are logged, never shown (spec §8). */
  log?: (message: string, detail?: unknown) => void;
}

export interface SocketManager {
  /** The live socket, or `null` while signed out. */
  readonly socket: LiveSocket | null;
  /** Immutable snapshot, replaced on every change (for `useSyncExternalStore`). */
  getState(): SocketState;
  /**
   * Brings the connection in line with the current URL and token: nothing to do when both are unchanged;
   * otherwise the old socket is disconnected first, then a new one opened (none without a token).
   * Returns the socket, or `null` while signed out or while socket.io-client is still loading (the
   * manager syncs again once it has loaded, and subscribers hear of the new socket).
   */
  sync(): LiveSocket | null;
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
 * socket.io-client (with engine.io) as a chunk of its own, loaded only where the WebSocket-only client
 * could not open a WebSocket: long-polling (then WebTransport) for the networks that refuse it.
 */
export async function loadSocketIo(): Promise<IoFactory> {
  const { io } = await import('socket.io-client');
  return io as unknown as IoFactory;
}

/**
 * The WebSocket-only client (lite-socket.ts) with the connection settings of {@link SOCKET_OPTIONS}:
 * what a signed-in page connects with first (issue 26: socket.io-client was 13 kB of every signed-in
 * first screen). On a chunk of its own, as socket.io-client was: guests never download it.
 */
export async function loadLiteIo(): Promise<IoFactory> {
  const { LiteSocket } = await import('./lite-socket.ts');
  return (url, options) =>
    new LiteSocket(url, {
      auth: options.auth as Record<string, unknown> | undefined,
      path: options.path,
      reconnection: options.reconnection,
      reconnectionDelay: options.reconnectionDelay,
      reconnectionDelayMax: options.reconnectionDelayMax,
      randomizationFactor: options.randomizationFactor,
      reconnectionAttempts: options.reconnectionAttempts,
      timeout: options.timeout,
      onUnavailable: options.onUnavailable,
    });
}

/** Owns the one realtime connection of a tab (spec §4 "Realtime connection reconnects ..."). */
export function createSocketManager(options: SocketManagerOptions): SocketManager {
  let connect: IoFactory | null = options.io ?? null;
  let loading = false;
  const ackTimeoutMs = options.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
  const log = options.log ?? logToConsole;
  const listeners = new Set<() => void>();

  let current: { socket: LiveSocket; url: string; token: string } | null = null;
  let fallbackLoading = false;
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

  /** WebSocket cannot be opened here: socket.io-client takes over, with its long-polling fallback. */
  function useFallback(): void {
    if (fallbackLoading) {
      return;
    }
    fallbackLoading = true;
    log('WebSocket unavailable: loading the long-polling client');
    (options.loadFallbackIo ?? loadSocketIo)().then(
      (io) => {
        connect = io;
        teardown();
        manager.sync();
      },
      (error: unknown) => {
        fallbackLoading = false;
        log('socket client failed to load', error);
      },
    );
  }

  function open(io: IoFactory, url: string, token: string): LiveSocket {
    const socket = io(url, { ...buildSocketOptions(token), onUnavailable: useFallback });
    socket.on('connect', () => {
      log('connected', socket.id);
      if (current?.socket === socket) {
        setState({ socket, connected: true });
      }
    });
    socket.on('disconnect', (reason: string) => {
      log('disconnected', reason);
      if (current?.socket === socket) {
        setState({ socket, connected: false });
      }
    });
    socket.on('connect_error', (error: Error) => {
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
    (options.loadIo ?? loadLiteIo)().then(
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
