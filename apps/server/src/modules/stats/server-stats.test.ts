import {
  Role,
  SERVER_STATS_CHANNEL,
  SERVER_STATS_EVENT,
  SERVER_STATS_SUBSCRIBE_EVENT,
  SERVER_STATS_UNSUBSCRIBE_EVENT,
  ServerStatsFrameSchema,
} from '@hiwar/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { emit, listenForSockets, nextEvent, record, settle } from '../../testing/sockets.ts';
import { createServerStatsReporter } from './server-stats.service.ts';

/** The `ServerStats` channel (architecture §5): SuperAdmins subscribe; frames flow only while someone watches. */
describe('the ServerStats channel', async () => {
  const { app } = await buildTestApp();
  const sockets = await listenForSockets(app);
  const watchers = async () => (await app.realtime!.io.in(SERVER_STATS_CHANNEL).fetchSockets()).length;

  it('sends a SuperAdmin a frame of this instance on subscribing, and keeps reporting', async () => {
    const { token } = await loginAs(app, Role.SuperAdmin);
    const socket = await sockets.connect(token);
    const frame = nextEvent(socket, SERVER_STATS_EVENT);
    const ack = await emit(socket, SERVER_STATS_SUBSCRIBE_EVENT, {});
    expect(ack).toEqual({ code: 'ok', instanceId: app.serverStats.instanceId });
    const parsed = ServerStatsFrameSchema.parse(await frame);
    expect(parsed.instanceId).toBe(app.serverStats.instanceId);
    expect(parsed.sockets.instance).toBeGreaterThanOrEqual(1);
    expect(parsed.sockets.all).toBeNull();
    expect(app.serverStats.isReporting()).toBe(true);
    expect(await watchers()).toBe(1);

    expect(await emit(socket, SERVER_STATS_UNSUBSCRIBE_EVENT, undefined)).toEqual({ code: 'ok' });
    expect(await watchers()).toBe(0);
  });

  it('answers a RegularAdmin (and anyone but a SuperAdmin) unallowed, and sends them nothing', async () => {
    for (const role of [Role.RegularAdmin, Role.TutorManager, Role.Student]) {
      const { token } = await loginAs(app, role);
      const socket = await sockets.connect(token);
      const frames = record(socket, SERVER_STATS_EVENT);
      expect(await emit(socket, SERVER_STATS_SUBSCRIBE_EVENT, {})).toEqual({ code: 'unallowed' });
      await settle();
      expect(frames).toEqual([]);
    }
    expect(await watchers()).toBe(0);
  });

  it('answers a payload that is not empty with bad-request', async () => {
    const { token } = await loginAs(app, Role.SuperAdmin);
    const socket = await sockets.connect(token);
    expect(await emit(socket, SERVER_STATS_SUBSCRIBE_EVENT, { everySecond: true })).toEqual({
      code: 'bad-request',
    });
    expect(await emit(socket, SERVER_STATS_SUBSCRIBE_EVENT, 'now')).toEqual({ code: 'bad-request' });
  });

  it('leaves the channel on disconnect; a new subscription gets a frame at once', async () => {
    const { token } = await loginAs(app, Role.SuperAdmin);
    const socket = await sockets.connect(token);
    await emit(socket, SERVER_STATS_SUBSCRIBE_EVENT, {});
    expect(await watchers()).toBe(1);
    socket.disconnect();
    await settle();
    expect(await watchers()).toBe(0);
    // A new subscription on another socket wakes it again (the timer is not left running meanwhile).
    const again = await sockets.connect(token);
    const frame = nextEvent(again, SERVER_STATS_EVENT);
    expect((await emit(again, SERVER_STATS_SUBSCRIBE_EVENT, {})).code).toBe('ok');
    expect(ServerStatsFrameSchema.safeParse(await frame).success).toBe(true);
  });
});

/** Reporters stop by themselves once the channel is empty (a short interval to see it happen). */
describe('the ServerStats reporter', async () => {
  const { app } = await buildTestApp();
  const sockets = await listenForSockets(app);
  const io = app.realtime!.io;
  const quick = createServerStatsReporter({
    io,
    db: app.db,
    config: app.config,
    log: app.log,
    scaledOut: false,
    intervalMs: 50,
  });
  afterAll(() => quick.close());

  it('sends frames every interval while someone watches, and stops when nobody does', async () => {
    const { token } = await loginAs(app, Role.SuperAdmin);
    const socket = await sockets.connect(token);
    const frames = record(socket, SERVER_STATS_EVENT);
    const [server] = await io.fetchSockets();
    server!.join(SERVER_STATS_CHANNEL);
    quick.wake();
    expect(quick.isReporting()).toBe(true);
    await settle(400);
    expect(frames.length).toBeGreaterThanOrEqual(3);
    expect(frames.every((frame) => ServerStatsFrameSchema.safeParse(frame).success)).toBe(true);
    server!.leave(SERVER_STATS_CHANNEL);
    await settle(200);
    expect(quick.isReporting()).toBe(false);
    const count = frames.length;
    await settle(200);
    expect(frames.length).toBe(count);
  });
});
