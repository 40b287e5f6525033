import { describe, expect, inject, it } from 'vitest';
import { buildScaledOutApps } from '../testing/app.ts';
import { createUser } from '../testing/factories.ts';
import { listenForSockets, nextEvent } from '../testing/sockets.ts';

const redisUrl = inject('redisUrl');

/** Two server instances sharing one database and one Redis, as behind a load balancer. */
describe.skipIf(!redisUrl)('scale-out through Redis (TEST_REDIS_URL)', async () => {
  const [a, b] = await buildScaledOutApps(redisUrl);
  const socketsOfB = await listenForSockets(b);

  it('delivers an event emitted on one instance to a user connected to the other', async () => {
    const user = await createUser(b.db);
    const socket = await socketsOfB.connectAs(user.id);
    const received = nextEvent(socket, 'notice');
    // The Redis subscription may need a moment after connect; emit until it arrives.
    const timer = setInterval(() => a.broadcast?.toUser(user.id, 'notice', { from: 'a' }), 100);
    try {
      expect(await received).toEqual({ from: 'a' });
    } finally {
      clearInterval(timer);
      socket.disconnect();
    }
  });
});
