/** @vitest-environment node */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type ServerOptions } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSocketOptions } from './socket-client.ts';

/**
 * The web app's real connection options against a real socket.io server (issue 17): the first request
 * is the WebSocket itself, so no load balancer stickiness is needed; long-polling is the fallback.
 */
describe('socket transports', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) {
      await close();
    }
  });

  /** A socket.io server on a free port; resolves its URL and the transport each connection opened on. */
  async function startServer(options: Partial<ServerOptions> = {}) {
    const http = createServer();
    const server = new Server(http, { serveClient: false, ...options });
    const pollingRequests: string[] = [];
    http.prependListener('request', (request) => {
      if (request.url?.includes('transport=polling')) {
        pollingRequests.push(request.url);
      }
    });
    const openedOn: string[] = [];
    server.on('connection', (socket) => openedOn.push(socket.conn.transport.name));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          void server.close(() => resolve());
        }),
    );
    return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, openedOn, pollingRequests };
  }

  function connect(url: string): Promise<Socket> {
    const socket = io(url, { ...buildSocketOptions('a-token'), reconnection: false });
    closers.push(async () => {
      socket.disconnect();
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('opens straight on WebSocket, without a single polling request', async () => {
    const server = await startServer();
    const socket = await connect(server.url);
    expect(socket.io.engine.transport.name).toBe('websocket');
    expect(server.openedOn).toEqual(['websocket']);
    expect(server.pollingRequests).toEqual([]);
  });

  it('falls back to long-polling where WebSocket is refused', async () => {
    const server = await startServer({ transports: ['polling'] });
    const socket = await connect(server.url);
    expect(socket.io.engine.transport.name).toBe('polling');
    expect(server.openedOn).toEqual(['polling']);
  });
});
