import type { Socket } from 'socket.io-client';
import type { IoFactory, SocketConnectOptions } from '../socket/socket-client.ts';

/** Test double: the parts of a socket.io-client `Socket` the manager uses. Not exported from the entry. */
export class FakeSocket {
  connected = false;
  id: string | undefined = undefined;
  readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  /** What `timeout(ms).emitWithAck` answers; a rejection simulates the ack timeout. */
  ackAnswer: () => Promise<unknown> = () => Promise.resolve({ code: 'ok' });
  readonly emitted: { event: string; args: unknown[]; timeoutMs: number }[] = [];

  constructor(
    readonly url: string,
    readonly options: SocketConnectOptions,
    private readonly journal: string[],
  ) {
    journal.push(`open ${this.token}`);
  }

  get token(): string {
    return (this.options.auth as { token: string }).token;
  }

  on(event: string, handler: (...args: unknown[]) => void): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  off(event: string, handler?: (...args: unknown[]) => void): this {
    const list = this.handlers.get(event) ?? [];
    this.handlers.set(event, handler ? list.filter((item) => item !== handler) : []);
    return this;
  }

  fire(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) {
      handler(...args);
    }
  }

  /** Simulates the server accepting the handshake. */
  accept(): void {
    this.connected = true;
    this.id = `id-${this.token}`;
    this.fire('connect');
  }

  disconnect(): this {
    this.journal.push(`close ${this.token}`);
    const wasConnected = this.connected;
    this.connected = false;
    if (wasConnected) {
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }

  timeout(timeoutMs: number) {
    return {
      emitWithAck: (event: string, ...args: unknown[]) => {
        this.emitted.push({ event, args, timeoutMs });
        return this.ackAnswer();
      },
    };
  }
}

/** An `io` factory that records every socket it opens, in order, with the close events in `journal`. */
export function createFakeIo() {
  const journal: string[] = [];
  const sockets: FakeSocket[] = [];
  const io: IoFactory = (url, options) => {
    const socket = new FakeSocket(url, options, journal);
    sockets.push(socket);
    return socket as unknown as Socket;
  };
  return {
    io,
    journal,
    sockets,
    last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) {
        throw new Error('no socket opened');
      }
      return socket;
    },
  };
}
