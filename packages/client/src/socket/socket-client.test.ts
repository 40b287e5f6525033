import { describe, expect, it, vi } from 'vitest';
import { createFakeIo } from '../testing/fake-socket.ts';
import { createSocketManager, type IoFactory } from './socket-client.ts';

function setup(initial: { token: string | null; url?: string }) {
  const fake = createFakeIo();
  const config = { token: initial.token, url: initial.url ?? 'https://rt.local' };
  const log = vi.fn();
  const manager = createSocketManager({
    url: () => config.url,
    getToken: () => config.token,
    io: fake.io,
    log,
    ackTimeoutMs: 500,
  });
  return { fake, config, manager, log };
}

describe('socket manager: connection', () => {
  it('opens nothing without a token', () => {
    const { fake, manager } = setup({ token: null });

    expect(manager.sync()).toBeNull();
    expect(manager.socket).toBeNull();
    expect(fake.sockets).toHaveLength(0);
  });

  it('connects with the spec settings, WebSocket first, the token in auth and as a bearer header', () => {
    const { fake, manager } = setup({ token: 'tok-a' });

    manager.sync();

    const socket = fake.last();
    expect(socket.url).toBe('https://rt.local');
    expect(socket.options).toEqual({
      // The WebSocket-only client's signal to hand over to socket.io-client.
      onUnavailable: expect.any(Function),
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      timeout: 20_000,
      transports: ['websocket', 'polling', 'webtransport'],
      tryAllTransports: true,
      forceNew: true,
      auth: { token: 'tok-a' },
      extraHeaders: { Authorization: 'Bearer tok-a' },
    });
    expect(manager.socket).toBe(socket);
  });

  it('keeps the same socket while the URL and token are unchanged', () => {
    const { fake, manager } = setup({ token: 'tok-a' });

    const first = manager.sync();
    const second = manager.sync();

    expect(second).toBe(first);
    expect(fake.sockets).toHaveLength(1);
  });

  it('disconnects the old socket before connecting with a changed token', () => {
    const { fake, config, manager } = setup({ token: 'tok-a' });
    manager.sync();
    fake.last().accept();

    config.token = 'tok-b';
    manager.sync();

    expect(fake.journal).toEqual(['open tok-a', 'close tok-a', 'open tok-b']);
    expect(fake.sockets[0]?.connected).toBe(false);
    expect(manager.socket).toBe(fake.sockets[1]);
  });

  it('reconnects when the server URL changes', () => {
    const { fake, config, manager } = setup({ token: 'tok-a' });
    manager.sync();

    config.url = 'https://rt.staging';
    manager.sync();

    expect(fake.journal).toEqual(['open tok-a', 'close tok-a', 'open tok-a']);
    expect(fake.last().url).toBe('https://rt.staging');
  });

  it('disconnects and forgets the socket when the token goes away', () => {
    const { fake, config, manager } = setup({ token: 'tok-a' });
    manager.sync();

    config.token = null;

    expect(manager.sync()).toBeNull();
    expect(manager.socket).toBeNull();
    expect(fake.journal).toEqual(['open tok-a', 'close tok-a']);
  });

  it('publishes connected state to subscribers and ignores events of a replaced socket', () => {
    const { fake, config, manager } = setup({ token: 'tok-a' });
    const listener = vi.fn();
    manager.subscribe(listener);

    manager.sync();
    const old = fake.last();
    old.accept();
    expect(manager.getState()).toEqual({ socket: old, connected: true });

    config.token = 'tok-b';
    manager.sync();
    old.fire('connect');
    expect(manager.getState()).toEqual({ socket: fake.last(), connected: false });
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('only logs connect, disconnect and connect errors', () => {
    const { fake, manager, log } = setup({ token: 'tok-a' });
    manager.sync();
    const socket = fake.last();

    expect(() => {
      socket.accept();
      socket.fire('connect_error', new Error('xhr poll error'));
      socket.fire('disconnect', 'transport close');
    }).not.toThrow();

    expect(log).toHaveBeenCalledWith('connected', 'id-tok-a');
    expect(log).toHaveBeenCalledWith('connect error', 'xhr poll error');
    expect(log).toHaveBeenCalledWith('disconnected', 'transport close');
  });

  it('logs through console.debug by default', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const fake = createFakeIo();
    const manager = createSocketManager({ url: () => 'u', getToken: () => 't', io: fake.io });

    manager.sync();
    fake.last().fire('connect_error', new Error('timeout'));

    expect(debug).toHaveBeenCalledWith('[socket] connect error', 'timeout');
    debug.mockRestore();
  });
});

describe('socket manager: loading the socket client', () => {
  function lazySetup(token: string | null) {
    const fake = createFakeIo();
    const config = { token };
    const loads: { resolve: (io: IoFactory) => void; reject: (error: Error) => void }[] = [];
    const loadIo = vi.fn(
      () =>
        new Promise<IoFactory>((resolve, reject) => {
          loads.push({ resolve, reject });
        }),
    );
    const log = vi.fn();
    const manager = createSocketManager({
      url: () => 'https://rt.local',
      getToken: () => config.token,
      loadIo,
      log,
    });
    return { fake, config, loads, loadIo, log, manager };
  }

  it('does not load it while signed out', () => {
    const { manager, loadIo } = lazySetup(null);

    expect(manager.sync()).toBeNull();
    expect(loadIo).not.toHaveBeenCalled();
  });

  it('loads it once on the first connection, then connects and tells subscribers', async () => {
    const { fake, loads, loadIo, manager } = lazySetup('tok-a');
    const listener = vi.fn();
    manager.subscribe(listener);

    expect(manager.sync()).toBeNull();
    expect(manager.sync()).toBeNull();
    expect(loadIo).toHaveBeenCalledTimes(1);

    loads[0]?.resolve(fake.io);
    await vi.waitFor(() => expect(manager.socket).toBe(fake.last()));
    expect(fake.last().token).toBe('tok-a');
    expect(listener).toHaveBeenCalled();
  });

  it('connects nobody when the user signed out while it loaded', async () => {
    const { fake, config, loads, manager } = lazySetup('tok-a');

    manager.sync();
    config.token = null;
    loads[0]?.resolve(fake.io);
    await Promise.resolve();
    await Promise.resolve();

    expect(fake.sockets).toHaveLength(0);
    expect(manager.socket).toBeNull();
  });

  it('logs a failed load and tries again on the next sync', async () => {
    const { fake, loads, loadIo, log, manager } = lazySetup('tok-a');

    manager.sync();
    loads[0]?.reject(new Error('chunk failed'));
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith('socket client failed to load', expect.any(Error)),
    );

    manager.sync();
    expect(loadIo).toHaveBeenCalledTimes(2);
    loads[1]?.resolve(fake.io);
    await vi.waitFor(() => expect(manager.socket).toBe(fake.last()));
  });
});

describe('socket manager: emitWithAck', () => {
  it('resolves the server acknowledgement', async () => {
    const { fake, manager } = setup({ token: 'tok-a' });
    manager.sync();
    fake.last().ackAnswer = () => Promise.resolve({ code: 'ok', messageId: 5 });

    await expect(manager.emitWithAck('send-message', { roomId: 1, text: 'مرحبا' })).resolves.toEqual({
      code: 'ok',
      messageId: 5,
    });
    expect(fake.last().emitted).toEqual([
      { event: 'send-message', args: [{ roomId: 1, text: 'مرحبا' }], timeoutMs: 500 },
    ]);
  });

  it('resolves unreachable when the acknowledgement times out', async () => {
    const { fake, manager } = setup({ token: 'tok-a' });
    manager.sync();
    fake.last().ackAnswer = () => Promise.reject(new Error('operation has timed out'));

    await expect(manager.emitWithAck('typing', { roomId: 1 }, { timeoutMs: 50 })).resolves.toEqual({
      code: 'unreachable',
    });
    expect(fake.last().emitted[0]?.timeoutMs).toBe(50);
  });

  it('resolves unreachable without a socket or with a malformed answer', async () => {
    const { fake, config, manager } = setup({ token: null });
    await expect(manager.emitWithAck('ping')).resolves.toEqual({ code: 'unreachable' });

    config.token = 'tok-a';
    manager.sync();
    fake.last().ackAnswer = () => Promise.resolve({ code: 'mystery' });
    await expect(manager.emitWithAck('ping')).resolves.toEqual({ code: 'unreachable' });
    expect(fake.last().emitted[0]?.args).toEqual([]);
  });
});
