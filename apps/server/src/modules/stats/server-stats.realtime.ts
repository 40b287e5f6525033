import {
  Role,
  SERVER_STATS_CHANNEL,
  SERVER_STATS_EVENT,
  SERVER_STATS_SUBSCRIBE_EVENT,
  SERVER_STATS_UNSUBSCRIBE_EVENT,
  ServerStatsSubscriptionSchema,
} from '@hiwar/domain';
import type { Database } from '../../db/client.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { findUserById } from '../users/users.repository.ts';
import type { ServerStats } from './server-stats.service.ts';

/**
 * `server-stats:subscribe` and `server-stats:unsubscribe` (architecture §5, the `ServerStats`
 * channel): a SuperAdmin's connection joins the channel, gets this instance's frame at once and wakes
 * every instance's reporter; anyone else is answered `unallowed` and joins nothing. The role is read
 * fresh, so a demoted account cannot subscribe with an old connection. Leaving the channel (or
 * disconnecting) is all it takes to stop: reporters stop when the channel is empty.
 */
export function registerServerStatsEvents(
  realtime: Realtime,
  deps: { stats: ServerStats; db: Database },
): void {
  realtime.on(SERVER_STATS_SUBSCRIBE_EVENT, ServerStatsSubscriptionSchema, async (socket) => {
    const user = await findUserById(deps.db, socket.data.userId);
    if (user?.role !== Role.SuperAdmin) {
      return { code: 'unallowed' };
    }
    await socket.join(SERVER_STATS_CHANNEL);
    deps.stats.wake();
    socket.emit(SERVER_STATS_EVENT, await deps.stats.collect());
    return { code: 'ok', instanceId: deps.stats.instanceId };
  });

  realtime.on(SERVER_STATS_UNSUBSCRIBE_EVENT, ServerStatsSubscriptionSchema, async (socket) => {
    await socket.leave(SERVER_STATS_CHANNEL);
    return { code: 'ok' };
  });
}
