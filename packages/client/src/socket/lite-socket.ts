/**
 * A socket.io client for the browser over WebSocket alone: the part of socket.io-client the apps use
 * (events both ways, acknowledgements with a timeout, the handshake's `auth`, heartbeats, reconnection
 * with backoff, buffering while disconnected), in a few kilobytes instead of socket.io-client's 13 kB
 * on every signed-in first screen (issue 26). It speaks Engine.IO 4 and Socket.IO 5 on the default
 * namespace, text packets only (the apps send no binary).
 *
 * Where WebSocket cannot be opened at all (a proxy that refuses it), it says so through
 * `onUnavailable`, and the socket manager (socket-client.ts) loads socket.io-client, which falls back
 * to long-polling: the fallback costs its bytes only where it is needed.
 */

export type Listener = (...args: never[]) => void;

export type LiteSocketOptions = {
  /** Sent with the handshake (`socket.handshake.auth` on the server). */
  auth?: Record<string, unknown>;
  /** The server's socket.io path. */
  path?: string;
  reconnection?: boolean;
  reconnectionDelay?: number;
  reconnectionDelayMax?: number;
  randomizationFactor?: number;
  reconnectionAttempts?: number;
  /** How long a connection may take to be accepted, in ms. */
  timeout?: number;
  /** Consecutive attempts whose WebSocket never opened before `onUnavailable` is called. */
  unavailableAfter?: number;
  /** Called once when WebSocket looks unusable here (see the file's comment). */
  onUnavailable?: () => void;
  /** The WebSocket constructor (tests). */
  WebSocket?: typeof WebSocket;
};

// Engine.IO packet types (text), and Socket.IO packet types inside an Engine.IO message.
const ENGINE_OPEN = '0';
const ENGINE_CLOSE = '1';
const ENGINE_PING = '2';
const ENGINE_PONG = '3';
const ENGINE_MESSAGE = '4';
const IO_CONNECT = '0';
const IO_DISCONNECT = '1';
const IO_EVENT = '2';
const IO_ACK = '3';
const IO_CONNECT_ERROR = '4';

/** Events of the socket itself, never sent to the server. */
const RESERVED = new Set(['connect', 'connect_error', 'disconnect']);

type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

/** The WebSocket address of a socket.io server at `url` (`http(s)://host[:port]`). */
export function webSocketUrl(url: string, path = '/socket.io'): string {
  const address = new URL(url);
  address.protocol = address.protocol === 'https:' ? 'wss:' : 'ws:';
  address.pathname = `${path.replace(/\/$/, '')}/`;
  address.search = '?EIO=4&transport=websocket';
  return address.toString();
}

export class LiteSocket {
  connected = false;
  id: string | undefined = undefined;

  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pending = new Map<number, Pending>();
  private readonly buffer: string[] = [];
  private nextAckId = 0;
  private ws: WebSocket | null = null;
  private opened = false;
  private closedByUser = false;
  private attempts = 0;
  private neverOpened = 0;
  private unavailableSaid = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatMs = 45_000;

  constructor(
    private readonly url: string,
    private readonly options: LiteSocketOptions = {},
  ) {
    this.open();
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  once(event: string, listener: Listener): this {
    const wrapped = ((...args: never[]) => {
      this.off(event, wrapped);
      listener(...args);
    }) as Listener;
    return this.on(event, wrapped);
  }

  off(event: string, listener?: Listener): this {
    if (listener) {
      this.listeners.get(event)?.delete(listener);
    } else {
      this.listeners.delete(event);
    }
    return this;
  }

  /** Sends an event (buffered while disconnected, as socket.io-client does). */
  emit(event: string, ...args: unknown[]): this {
    this.sendEvent([event, ...args]);
    return this;
  }

  /** `socket.timeout(ms).emitWithAck(event, …)`: the server's acknowledgement, or an error after `ms`. */
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> } {
    return {
      emitWithAck: (event, ...args) =>
        new Promise((resolve, reject) => {
          const id = this.nextAckId++;
          const timer = setTimeout(() => {
            this.pending.delete(id);
            reject(new Error('operation has timed out'));
          }, ms);
          this.pending.set(id, { resolve, reject, timer });
          this.sendEvent([event, ...args], id);
        }),
    };
  }

  /** Closes for good (no reconnection), as socket.io-client's `disconnect()`. */
  disconnect(): this {
    this.closedByUser = true;
    this.clearTimers();
    if (this.connected) {
      this.sendRaw(`${ENGINE_MESSAGE}${IO_DISCONNECT}`);
    }
    this.closeTransport();
    if (this.connected) {
      this.lost('io client disconnect');
    }
    for (const [id, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(new Error('socket has been disconnected'));
      this.pending.delete(id);
    }
    return this;
  }

  private dispatch(event: string, args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      (listener as (...values: unknown[]) => void)(...args);
    }
  }

  private sendEvent(data: unknown[], ackId?: number): void {
    if (RESERVED.has(String(data[0]))) {
      throw new Error(`"${String(data[0])}" is a reserved event name`);
    }
    const packet = `${ENGINE_MESSAGE}${IO_EVENT}${ackId ?? ''}${JSON.stringify(data)}`;
    if (this.connected) {
      this.sendRaw(packet);
    } else {
      this.buffer.push(packet);
    }
  }

  private sendRaw(packet: string): void {
    if (this.ws?.readyState === 1) {
      this.ws.send(packet);
    }
  }

  private open(): void {
    const Socket = this.options.WebSocket ?? globalThis.WebSocket;
    this.opened = false;
    let ws: WebSocket;
    try {
      ws = new Socket(webSocketUrl(this.url, this.options.path));
    } catch (error) {
      this.neverOpened += 1;
      this.failed(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.ws = ws;
    this.connectTimer = setTimeout(() => {
      if (!this.opened) {
        this.neverOpened += 1;
      }
      this.closeTransport();
      this.failed(new Error('timeout'));
    }, this.options.timeout ?? 20_000);
    ws.onopen = () => {
      this.opened = true;
      this.neverOpened = 0;
    };
    ws.onmessage = (message: MessageEvent) => {
      if (typeof message.data === 'string') {
        this.receive(message.data);
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws) {
        return;
      }
      this.closeTransport();
      if (!this.opened) {
        this.neverOpened += 1;
      }
      if (this.connected) {
        this.lost('transport close');
        this.reconnect();
      } else {
        this.failed(new Error(this.opened ? 'transport close' : 'websocket error'));
      }
    };
  }

  private receive(data: string): void {
    const type = data[0];
    if (type === ENGINE_OPEN) {
      const handshake = parse(data.slice(1)) as { pingInterval?: number; pingTimeout?: number } | null;
      this.heartbeatMs = (handshake?.pingInterval ?? 25_000) + (handshake?.pingTimeout ?? 20_000);
      this.beat();
      this.sendRaw(`${ENGINE_MESSAGE}${IO_CONNECT}${JSON.stringify(this.options.auth ?? {})}`);
    } else if (type === ENGINE_PING) {
      this.beat();
      this.sendRaw(ENGINE_PONG);
    } else if (type === ENGINE_CLOSE) {
      this.closeTransport();
      this.lost('transport close');
      this.reconnect();
    } else if (type === ENGINE_MESSAGE) {
      this.receivePacket(data.slice(1));
    }
  }

  private receivePacket(data: string): void {
    const type = data[0];
    const rest = data.slice(1);
    if (type === IO_CONNECT) {
      const answer = parse(rest) as { sid?: string } | null;
      this.clearConnectTimer();
      this.connected = true;
      this.id = answer?.sid;
      this.attempts = 0;
      for (const packet of this.buffer.splice(0)) {
        this.sendRaw(packet);
      }
      this.dispatch('connect', []);
    } else if (type === IO_CONNECT_ERROR) {
      // The server's middleware refused the handshake: no reconnection, as socket.io-client.
      const answer = parse(rest) as { message?: string; data?: unknown } | null;
      const error = Object.assign(new Error(answer?.message ?? 'connect error'), { data: answer?.data });
      this.clearTimers();
      this.closeTransport();
      this.dispatch('connect_error', [error]);
    } else if (type === IO_DISCONNECT) {
      // The server ended the session: no reconnection.
      this.closedByUser = true;
      this.clearTimers();
      this.closeTransport();
      this.lost('io server disconnect');
    } else if (type === IO_EVENT || type === IO_ACK) {
      const start = rest.search(/[^0-9]/);
      const idText = start === -1 ? rest : rest.slice(0, start);
      const args = parse(start === -1 ? '' : rest.slice(start));
      if (!Array.isArray(args)) {
        return;
      }
      if (type === IO_ACK) {
        const call = this.pending.get(Number(idText));
        if (call) {
          this.pending.delete(Number(idText));
          clearTimeout(call.timer);
          call.resolve(args[0]);
        }
      } else if (typeof args[0] === 'string') {
        const [event, ...values] = args;
        if (idText !== '') {
          // The server asks for an acknowledgement: answered empty (the apps' listeners return none).
          this.sendRaw(`${ENGINE_MESSAGE}${IO_ACK}${idText}[]`);
        }
        this.dispatch(event, values);
      }
    }
  }

  /** A missed heartbeat closes the connection and reconnects. */
  private beat(): void {
    if (this.heartbeat) {
      clearTimeout(this.heartbeat);
    }
    this.heartbeat = setTimeout(() => {
      this.closeTransport();
      this.lost('ping timeout');
      this.reconnect();
    }, this.heartbeatMs);
  }

  private lost(reason: string): void {
    if (!this.connected) {
      return;
    }
    this.connected = false;
    this.id = undefined;
    this.dispatch('disconnect', [reason]);
  }

  private failed(error: Error): void {
    this.clearTimers();
    this.dispatch('connect_error', [error]);
    const limit = this.options.unavailableAfter ?? 3;
    if (this.neverOpened >= limit && !this.unavailableSaid && this.options.onUnavailable) {
      this.unavailableSaid = true;
      this.options.onUnavailable();
      return;
    }
    this.reconnect();
  }

  private reconnect(): void {
    if (this.closedByUser || this.retryTimer || this.options.reconnection === false) {
      return;
    }
    if (this.attempts >= (this.options.reconnectionAttempts ?? Number.POSITIVE_INFINITY)) {
      return;
    }
    const base = this.options.reconnectionDelay ?? 1000;
    const max = this.options.reconnectionDelayMax ?? 5000;
    const jitter = this.options.randomizationFactor ?? 0.5;
    let delay = Math.min(base * 2 ** this.attempts, max);
    delay = Math.min(max, Math.max(0, delay + (Math.random() * 2 - 1) * jitter * delay));
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closedByUser) {
        this.open();
      }
    }, delay);
  }

  private closeTransport(): void {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = null;
      ws.onmessage = null;
      ws.onclose = null;
      try {
        ws.close();
      } catch {
        // Closing a socket that is still connecting can throw in some browsers: it is gone either way.
      }
    }
    if (this.heartbeat) {
      clearTimeout(this.heartbeat);
      this.heartbeat = null;
    }
    this.clearConnectTimer();
  }

  private clearConnectTimer(): void {
    if (this.connectTimer) {
      clearTimeout(this.connectTimer);
      this.connectTimer = null;
    }
  }

  private clearTimers(): void {
    this.clearConnectTimer();
    if (this.heartbeat) {
      clearTimeout(this.heartbeat);
      this.heartbeat = null;
    }
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
  }
}

function parse(text: string): unknown {
  if (text === '') {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
