import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll } from 'vitest';
import type { App } from '../app.ts';

/** A socket handler's acknowledgement: its code and whatever the event adds. */
export type Ack = { code: string } & Record<string, unknown>;

export type SocketClients = {
  /** Where the app listens (`http://127.0.0.1:<port>`). */
  url: string;
  /**
   * A client holding `token` (a session token or `app.tokens.sign(id)`) in the handshake, or in
   * its Authorization header with `header`; resolves once connected, rejects with the refusal.
   */
  connect: (token: string, options?: { header?: boolean }) => Promise<Socket>;
  /** A connected client of user `userId`, with a freshly signed token. */
  connectAs: (userId: number) => Promise<Socket>;
};

/**
 * Starts `app` listening on a free local port and hands out socket.io clients of it, with the
 * transport the web app uses and no reconnection; every one is disconnected after the file's tests.
 */
export async function listenForSockets(app: App): Promise<SocketClients> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) {
      socket.disconnect();
    }
  });

  async function connect(token: string, options: { header?: boolean } = {}): Promise<Socket> {
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      ...(options.header ? { extraHeaders: { Authorization: `Bearer ${token}` } } : { auth: { token } }),
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }
  return { url, connect, connectAs: async (userId) => connect(await app.tokens.sign(userId)) };
}

/** Every `event` the socket receives from now on, in order. */
export function record<T = Record<string, unknown>>(socket: Socket, event: string): T[] {
  const heard: T[] = [];
  socket.on(event, (payload: T) => heard.push(payload));
  return heard;
}

/** The next `event` the socket receives. */
export function nextEvent<T = Record<string, unknown>>(socket: Socket, event: string): Promise<T> {
  return new Promise<T>((resolve) => socket.once(event, resolve));
}

/** Emits `event` with `payload` and waits for the handler's acknowledgement. */
export function emit(socket: Socket, event: string, payload: unknown): Promise<Ack> {
  return socket.emitWithAck(event, payload) as Promise<Ack>;
}

/** Waits `ms` for stray events to arrive, so a test can then check that none did. */
export function settle(ms = 150): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
