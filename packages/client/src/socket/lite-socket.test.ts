/** @vitest-environment node */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type ServerOptions } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiteSocket, webSocketUrl } from './lite-socket.ts';
import { createSocketManager, type LiveSocket } from './socket-client.ts';

/**
 * The WebSocket-only client against a real socket.io server (the version the API runs): what the apps
 * rely on, from the handshake's token to reconnection and the fallback to socket.io-client.
 */
describe('LiteSocket', () => {
  const closers: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) {
      await close();
    }
  });

  async function startServer(options: Partial<ServerOptions> = {}, port = 0) {
    const http = createServer();
    const io = new Server(http, { serveClient: false, ...options });
    io.use((socket, next) => {
      const token = socket.handshake.auth?.token;
      if (token === 'bad') {
        const error = new Error('unauthenticated') as Error & { data?: unknown };
        error.data = { code: 'unauthenticated' };
        next(error);
        return;
      }
      socket.data.token = token;
      next();
    });
    io.on('connection', (socket) => {
      socket.on('echo', (payload: unknown, ack?: (answer: unknown) => void) => {
        ack?.({ code: 'ok', payload, token: socket.data.token });
      });
      socket.on('shout', (payload: unknown) => {
        io.emit('shouted', payload, 'second');
      });
      socket.on('silent', () => undefined);
      socket.on('kick', () => {
        socket.disconnect(true);
      });
    });
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
    const close = () =>
      new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
    closers.push(close);
    return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, io, close };
  }

  function open(url: string, options: ConstructorParameters<typeof LiteSocket>[1] = {}) {
    const socket = new LiteSocket(url, { reconnectionDelay: 50, reconnectionDelayMax: 100, ...options });
    closers.push(() => {
      socket.disconnect();
    });
    return socket;
  }

  const next = (socket: LiveSocket, event: string) =>
    new Promise<unknown[]>((resolve) => {
      const listener = (...args: unknown[]) => {
        socket.off(event, listener as never);
        resolve(args);
      };
      socket.on(event, listener as never);
    });

  it('addresses the server the way socket.io-client does', () => {
    expect(webSocketUrl('https://api.example')).toBe(
      'wss://api.example/socket.io/?EIO=4&transport=websocket',
    );
    expect(webSocketUrl('http://localhost:4000/', '/rt/')).toBe(
      'ws://localhost:4000/rt/?EIO=4&transport=websocket',
    );
  });

  it('connects with the token, sends and receives events, and gets acknowledgements', async () => {
    const { url } = await startServer();
    const socket = open(url, { auth: { token: 'tok-a' } });
    // Sent before the connection: buffered, then delivered.
    const shouted = next(socket, 'shouted');
    socket.emit('shout', { text: 'مرحبا <b>' });
    await next(socket, 'connect');
    expect(socket.connected).toBe(true);
    expect(socket.id).toEqual(expect.any(String));
    expect(await shouted).toEqual([{ text: 'مرحبا <b>' }, 'second']);
    expect(await socket.timeout(2000).emitWithAck('echo', { n: 1 })).toEqual({
      code: 'ok',
      payload: { n: 1 },
      token: 'tok-a',
    });
    await expect(socket.timeout(100).emitWithAck('silent', {})).rejects.toThrow(/timed out/);
    expect(() => socket.emit('connect')).toThrow(/reserved/);
  });

  it('tells a refused handshake with its data, and does not try again', async () => {
    const { url } = await startServer();
    const socket = open(url, { auth: { token: 'bad' } });
    const [error] = (await next(socket, 'connect_error')) as [Error & { data?: unknown }];
    expect(error.message).toBe('unauthenticated');
    expect(error.data).toEqual({ code: 'unauthenticated' });
    const again = vi.fn();
    socket.on('connect', again);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again).not.toHaveBeenCalled();
    expect(socket.connected).toBe(false);
  });

  it('reconnects after the server went away, and stays down when the server ends the session', async () => {
    const first = await startServer();
    const port = Number(new URL(first.url).port);
    const socket = open(first.url, { auth: { token: 'tok-a' } });
    await next(socket, 'connect');
    const lost = next(socket, 'disconnect');
    await first.close();
    expect((await lost)[0]).toEqual(expect.stringMatching(/transport close|ping timeout/));
    const back = next(socket, 'connect');
    await startServer({}, port);
    await back;
    expect(await socket.timeout(2000).emitWithAck('echo', 1)).toMatchObject({ code: 'ok', payload: 1 });
    const kicked = next(socket, 'disconnect');
    socket.emit('kick');
    expect(await kicked).toEqual(['io server disconnect']);
    const again = vi.fn();
    socket.on('connect', again);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again).not.toHaveBeenCalled();
  });

  it('keeps the connection through the heartbeats', async () => {
    const { url } = await startServer({ pingInterval: 100, pingTimeout: 200 });
    const socket = open(url, { auth: { token: 'tok-a' } });
    await next(socket, 'connect');
    const dropped = vi.fn();
    socket.on('disconnect', dropped);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(dropped).not.toHaveBeenCalled();
    expect(await socket.timeout(2000).emitWithAck('echo', 2)).toMatchObject({ payload: 2 });
  });

  it('says when WebSocket cannot be opened, after a few attempts', async () => {
    const { url } = await startServer({ transports: ['polling'] });
    const unavailable = vi.fn();
    const socket = open(url, { unavailableAfter: 2, onUnavailable: unavailable });
    await vi.waitFor(() => expect(unavailable).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(socket.connected).toBe(false);
  });

  it('is what the socket manager connects with, and socket.io-client takes over where WebSocket is refused', async () => {
    const { url } = await startServer({ transports: ['polling'] });
    const log = vi.fn();
    const manager = createSocketManager({ url: () => url, getToken: () => 'tok-a', log });
    closers.push(() => manager.disconnect());
    manager.sync();
    await vi.waitFor(() => expect(manager.getState().connected).toBe(true), { timeout: 15_000 });
    expect(log).toHaveBeenCalledWith('WebSocket unavailable: loading the long-polling client');
    expect(await manager.emitWithAck('echo', { n: 3 })).toMatchObject({ code: 'ok', token: 'tok-a' });

    const direct = await startServer();
    const liteManager = createSocketManager({ url: () => direct.url, getToken: () => 'tok-b', log: vi.fn() });
    closers.push(() => liteManager.disconnect());
    liteManager.sync();
    await vi.waitFor(() => expect(liteManager.getState().connected).toBe(true), { timeout: 5000 });
    expect(liteManager.socket).toBeInstanceOf(LiteSocket);
    expect(await liteManager.emitWithAck('echo', { n: 4 })).toMatchObject({ code: 'ok', token: 'tok-b' });
  });
});
