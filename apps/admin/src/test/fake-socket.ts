import type { IoFactory } from '@hiwar/client';

type Handler = (...args: unknown[]) => void;

/**
 * A stand-in for the realtime connection: what the socket manager and the screens' listeners call
 * (`on`, `off`), plus `fire` for the test to play a server event. It is "connected" from the start.
 */
export class FakeSocket {
  connected = true;
  id = 'fake-socket';
  private readonly handlers = new Map<string, Set<Handler>>();

  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }

  off(event: string, handler?: Handler): this {
    if (handler) {
      this.handlers.get(event)?.delete(handler);
    } else {
      this.handlers.delete(event);
    }
    return this;
  }

  emit(): this {
    return this;
  }

  disconnect(): this {
    this.connected = false;
    return this;
  }

  timeout() {
    return { emitWithAck: () => Promise.resolve({ code: 'ok' }) };
  }

  /** Plays a server-to-client event. */
  fire(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) {
      handler(...args);
    }
  }

  listenerCount(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }

  /** The `io` factory handing out this socket. */
  get io(): IoFactory {
    return () => this as unknown as ReturnType<IoFactory>;
  }
}
