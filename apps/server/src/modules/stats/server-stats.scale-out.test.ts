import { Role, SERVER_STATS_EVENT, SERVER_STATS_SUBSCRIBE_EVENT, type ServerStatsFrame } from '@hiwar/domain';
import { describe, expect, inject, it } from 'vitest';
import { buildScaledOutApps } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { emit, listenForSockets, record } from '../../testing/sockets.ts';

const redisUrl = inject('redisUrl');

/** Two instances behind one Redis: a SuperAdmin on one sees both, side by side, and every socket counted. */
describe.skipIf(!redisUrl)('ServerStats across instances (TEST_REDIS_URL)', async () => {
  const [one, two] = await buildScaledOutApps(redisUrl);
  const onOne = await listenForSockets(one);
  const onTwo = await listenForSockets(two);

  it('wakes the other instance, which reports itself with its own id, and counts sockets on both', async () => {
    const admin = await loginAs(one, Role.SuperAdmin);
    const student = await loginAs(one, Role.Student);
    await onTwo.connect(student.token);
    const socket = await onOne.connect(admin.token);
    const frames = record<ServerStatsFrame>(socket, SERVER_STATS_EVENT);
    expect((await emit(socket, SERVER_STATS_SUBSCRIBE_EVENT, {})).code).toBe('ok');

    await expect
      .poll(() => new Set(frames.map((frame) => frame.instanceId)))
      .toEqual(new Set([one.serverStats.instanceId, two.serverStats.instanceId]));
    const mine = frames.find((frame) => frame.instanceId === one.serverStats.instanceId)!;
    expect(mine.sockets).toEqual({ instance: 1, all: 2 });
    expect(two.serverStats.isReporting()).toBe(true);
  });
});
